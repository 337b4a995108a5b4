import { inArray } from 'drizzle-orm';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import {
  contactsSettingsSchema,
  mainSettingsSchema,
  type SettingsDocument,
  type ShopSettings,
  settingsDocumentSchema,
  uiSettingsSchema,
} from './settings.schemas.ts';

const ids = ['main', 'contacts', 'ui'] as const;

export function createSettingsService({
  db,
  clock,
  cache = noReadCache,
}: {
  db: Db;
  clock: () => Date;
  cache?: ReadCache;
}) {
  /** `GET /api/settings`: the three documents, validated, in a fixed order. */
  async function listSettings(): Promise<SettingsDocument[]> {
    const s = await getShopSettings();
    return [s.main, s.contacts, s.ui];
  }

  function getShopSettings(): Promise<ShopSettings> {
    return cache.get('settings', [cacheTags.settings], readShopSettings);
  }

  async function readShopSettings(): Promise<ShopSettings> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.id, [...ids]));
    const byId = new Map(rows.map((r) => [r.id, { ...r.data, _id: r.id }]));
    const read = <T>(
      id: (typeof ids)[number],
      schema: {
        safeParse(
          v: unknown,
        ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } };
      },
    ): T => {
      const doc = byId.get(id);
      if (!doc)
        throw new AppError('unavailable', `The settings document "${id}" is missing: run npm run db:seed`);
      const parsed = schema.safeParse(doc);
      if (!parsed.success) {
        throw new Error(
          `The stored settings document "${id}" is invalid: ${parsed.error.issues[0]?.path.join('.')}`,
        );
      }
      return parsed.data;
    };
    return {
      main: read('main', mainSettingsSchema),
      contacts: read('contacts', contactsSettingsSchema),
      ui: read('ui', uiSettingsSchema),
    };
  }

  /** Replaces one document after validating it whole. */
  async function saveSettingsDocument(input: unknown): Promise<SettingsDocument> {
    const parsed = settingsDocumentSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('invalid_data', issue?.message ?? 'Invalid settings', {
        field: issue?.path.join('.'),
      });
    }
    const { _id, ...data } = parsed.data;
    await announcedWrite(
      db,
      cache,
      async (tx) => {
        await tx
          .insert(settings)
          .values({ id: _id, data, updatedAt: clock() })
          .onConflictDoUpdate({ target: settings.id, set: { data, updatedAt: clock() } });
      },
      [cacheTags.settings],
    );
    return parsed.data;
  }

  return { listSettings, getShopSettings, saveSettingsDocument };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
