import type { PromoBatchView, PromoView } from '../../../core/orders/promo.wire.ts';

/** Shapes the staff API answers with (server/routes/admin/{promo,settings,pages,texts}.routes.ts). */

export interface Localized {
  ru: string;
  en: string;
}

/** A promo code as the staff API answers, with the orders that used it and still count (the list only). */
export type PromoCode = PromoView & { orders?: number };
export type { PromoBatchView };

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
