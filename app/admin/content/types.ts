/** Shapes the staff API answers with (server/routes/admin/{promo,settings,pages,texts}.routes.ts). */

export interface Localized {
  ru: string;
  en: string;
}

export interface PromoCode {
  code: string;
  percent: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  phone: string | null;
  firstOrderOnly: boolean;
  createdAt: string;
  updatedAt: string;
  /** Orders that used it and still count (the list only). */
  orders?: number;
}

export interface PageSection {
  kind: 'text' | 'image';
  title?: Localized;
  body?: Localized;
  src?: string;
}

export interface ContentPage {
  id: string;
  slug: string;
  title: Localized;
  sections: PageSection[];
  index: number;
  updatedAt: string;
}

export interface TextRow {
  key: string;
  ru: { builtIn: string; override: { value: string; updatedAt: string } | null };
  en: { builtIn: string; override: { value: string; updatedAt: string } | null };
}

export interface MenuLink {
  name: Localized;
  path: string;
  isRed?: boolean;
}

export interface SettingsRecord {
  id: 'main' | 'contacts' | 'ui';
  // biome-ignore lint/suspicious/noExplicitAny: each group form reads its own fields of the document
  document: Record<string, any>;
  updatedAt: string;
}
