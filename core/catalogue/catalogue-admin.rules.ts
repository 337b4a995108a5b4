import { catalogueLimits } from './catalogue-admin.schemas.ts';

/** A bulk price change applied to one product: the new price and old price, or a refusal. */
export function bulkPrice(
  group: { price: number; oldPrice: number | null },
  change: { kind: 'price-set'; price: number } | { kind: 'price-percent'; percent: number; sale: boolean },
): { ok: true; price: number; oldPrice: number | null } | { ok: false } {
  let price: number;
  let oldPrice = group.oldPrice;
  if (change.kind === 'price-set') {
    price = change.price;
  } else {
    // Whole roubles: a percentage never leaves kopecks on a shelf price.
    price = Math.round((group.price * (100 + change.percent)) / 100 / 100) * 100;
    // A sale keeps the price before as the crossed-out one (unless one is already shown).
    if (change.sale && change.percent < 0) oldPrice = group.oldPrice ?? group.price;
  }
  if (price < catalogueLimits.minPrice || price > catalogueLimits.maxPrice) return { ok: false };
  if (oldPrice != null && oldPrice <= price) return { ok: false };
  return { ok: true, price, oldPrice };
}
