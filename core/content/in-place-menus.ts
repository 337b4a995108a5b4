import { z } from 'zod';
import type { Actor } from '../audit/audit.service.ts';
import { isShopPath } from '../catalogue/photo-tags.rules.ts';
import type { Locale } from '../i18n.ts';
import type { UiSettings } from './settings.schemas.ts';
import type { createSettingsAdminService } from './settings-admin.service.ts';

type SettingsAdmin = Pick<ReturnType<typeof createSettingsAdminService>, 'list' | 'save'>;

/** A menu link's address: a page of the shop (`/catalog/…`) or an https address elsewhere. */
export function isMenuPath(path: string): boolean {
  return isShopPath(path) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(path);
}

const name = z.object({
  ru: z.string().trim().min(1, 'name').max(80, 'name'),
  en: z.string().trim().max(80, 'name'),
});
const label = z.object({ ru: z.string().trim().max(80, 'name'), en: z.string().trim().max(80, 'name') });
const link = z.object({
  name,
  path: z.string().trim().min(1, 'path').max(300, 'path').refine(isMenuPath, 'path'),
});

/**
 * The parts of the `ui` settings an editor changes on the live pages (catalogue.md §6): the header's
 * menu, the global menu's prefix items and columns, and the contact labels. Each save names the
 * document's edit stamp it started from (DECISIONS 31).
 */
export const menusSaveBody = z.object({
  updatedAt: z.iso.datetime({ offset: true }),
  values: z
    .object({
      header: z.object({ menu: z.array(link).max(20) }),
      global: z.object({
        menu: z.object({
          categoriesPrefix: z.array(link.extend({ isRed: z.boolean() })).max(20),
          columns: z.array(z.object({ name, items: z.array(link).max(30) })).max(8),
        }),
      }),
      phoneLabel: label,
      emailLabel: label,
      socialsLabel: label,
    })
    .partial()
    .refine((v) => Object.keys(v).length > 0, 'empty'),
});
export type MenusSaveInput = z.output<typeof menusSaveBody>;

/** What the message of a refused menus field says. */
export const menuMessages = {
  name: { ru: 'Введите название пункта (до 80 знаков)', en: 'Enter the item’s name (up to 80 characters)' },
  path: {
    ru: 'Ссылка — адрес страницы магазина, начиная с «/», или адрес https://',
    en: 'The link is a page of the shop starting with “/”, or an https:// address',
  },
  other: { ru: 'Меню не сохранено: проверьте поля', en: 'The menu was not saved: check the fields' },
};

export type MenusView = Pick<
  UiSettings,
  'header' | 'global' | 'phoneLabel' | 'emailLabel' | 'socialsLabel'
> & {
  updatedAt: string;
};

function view(document: UiSettings, updatedAt: string): MenusView {
  return {
    header: document.header,
    global: document.global,
    phoneLabel: document.phoneLabel,
    emailLabel: document.emailLabel,
    socialsLabel: document.socialsLabel,
    updatedAt,
  };
}

/** The menus and labels as stored, with the edit stamp a save names. */
export async function readMenus(settingsAdmin: SettingsAdmin): Promise<MenusView> {
  const ui = (await settingsAdmin.list()).find((record) => record.id === 'ui');
  if (!ui) throw new Error('the ui settings document is missing');
  return view(ui.document as UiSettings, ui.updatedAt);
}

/** Saves the menus through the settings service (its version check, audit and cache drop). */
export async function saveMenus(
  settingsAdmin: SettingsAdmin,
  input: MenusSaveInput,
  actor: Actor,
  locale: Locale,
): Promise<MenusView> {
  const saved = await settingsAdmin.save(
    'ui',
    { updatedAt: input.updatedAt, values: input.values },
    actor,
    locale,
  );
  return view(saved.document as UiSettings, saved.updatedAt);
}
