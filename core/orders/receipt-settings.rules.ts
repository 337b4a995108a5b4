import type { taxationSystems, vatRates } from '../content/settings.schemas.ts';

/**
 * The receipt settings of 54-FZ (DECISIONS 36, docs/product/receipts.md): the shop's taxation system
 * and the VAT rate of each receipt item, under the acquirer's names (T-Bank's `Taxation` and `Tax`).
 * Browser-safe: the back office's selects read the names from here.
 */
export type TaxationSystem = (typeof taxationSystems)[number];
export type VatRate = (typeof vatRates)[number];

/** What staff read for each taxation system. */
export const taxationLabels: Record<TaxationSystem, { ru: string; en: string }> = {
  osn: { ru: 'ОСН (общая система)', en: 'General (OSN)' },
  usn_income: { ru: 'УСН доход', en: 'Simplified, income (USN)' },
  usn_income_outcome: { ru: 'УСН доход минус расход', en: 'Simplified, income minus expenses (USN)' },
  esn: { ru: 'ЕСХН', en: 'Unified agricultural tax (ESKhN)' },
  patent: { ru: 'ПСН (патент)', en: 'Patent (PSN)' },
};

/** What staff read for each VAT rate; the calculated rates are those a prepayment receipt takes. */
export const vatRateLabels: Record<VatRate, { ru: string; en: string }> = {
  none: { ru: 'Без НДС', en: 'No VAT' },
  vat0: { ru: 'НДС 0 %', en: 'VAT 0%' },
  vat5: { ru: 'НДС 5 %', en: 'VAT 5%' },
  vat7: { ru: 'НДС 7 %', en: 'VAT 7%' },
  vat10: { ru: 'НДС 10 %', en: 'VAT 10%' },
  vat20: { ru: 'НДС 20 %', en: 'VAT 20%' },
  vat22: { ru: 'НДС 22 %', en: 'VAT 22%' },
  vat105: { ru: 'НДС 5/105 (расчётная)', en: 'VAT 5/105 (calculated)' },
  vat107: { ru: 'НДС 7/107 (расчётная)', en: 'VAT 7/107 (calculated)' },
  vat110: { ru: 'НДС 10/110 (расчётная)', en: 'VAT 10/110 (calculated)' },
  vat120: { ru: 'НДС 20/120 (расчётная)', en: 'VAT 20/120 (calculated)' },
  vat122: { ru: 'НДС 22/122 (расчётная)', en: 'VAT 22/122 (calculated)' },
};

/**
 * The VAT rate of a product's receipt item: its own, else the nearest of its category chain's
 * (`chain[0]` is its category, then the parents), else the shop's rate.
 */
export function effectiveVatRate(
  own: VatRate | null,
  chain: readonly { vatRate: VatRate | null }[],
  shopRate: VatRate,
): VatRate {
  if (own) return own;
  for (const c of chain) if (c.vatRate) return c.vatRate;
  return shopRate;
}

/**
 * The category chain of a slug (itself, then its parents, nearest first) among `all`; a cycle or a
 * missing parent ends it.
 */
export function categoryChain<C extends { slug: string; parentSlug: string | null }>(
  all: readonly C[],
  slug: string | null,
): C[] {
  const chain: C[] = [];
  let cursor = slug;
  while (cursor && chain.length < all.length) {
    const c = all.find((x) => x.slug === cursor);
    if (!c || chain.includes(c)) break;
    chain.push(c);
    cursor = c.parentSlug;
  }
  return chain;
}
