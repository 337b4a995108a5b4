import { z } from 'zod';
import {
  contactsSettingsSchema,
  mainSettingsSchema,
  type SettingsDocument,
  uiSettingsSchema,
} from './settings.schemas.ts';

export const settingsIds = ['main', 'contacts', 'ui'] as const;
export type SettingsId = (typeof settingsIds)[number];

/** Each document's schema, for the whole-document check after a group's fields are merged in. */
export const settingsSchemas = {
  main: mainSettingsSchema,
  contacts: contactsSettingsSchema,
  ui: uiSettingsSchema,
} as const;

export const settingsParams = z.object({ id: z.enum(settingsIds) });

/**
 * One form's save: the top-level fields of one document it edits (a settings group), over the
 * edit stamp the screen showed (DECISIONS 31). The merged document is validated whole.
 */
export const settingsSaveBody = z.object({
  updatedAt: z.iso.datetime({ offset: true }),
  values: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,40}$/), z.unknown()),
});
export type SettingsSaveInput = z.output<typeof settingsSaveBody>;

/** What the back office shows of one document. */
export interface SettingsRecord<D = SettingsDocument> {
  id: SettingsId;
  document: D;
  updatedAt: string;
}
