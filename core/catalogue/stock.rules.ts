/** catalogue.md §9: fewer than 3 (and above 0) is low stock. */
export const LOW_STOCK_THRESHOLD = 3;
/** DECISIONS 26: never more than 100 of one variant in the cart. */
export const MAX_CART_COUNT = 100;

export interface VariantStock {
  stock: number;
  preorder: boolean;
}

export type SizeAvailability = 'in_stock' | 'low_stock' | 'preorder' | 'sold_out';

/** catalogue.md §4 size label: low stock below 3, else sold out or pre-order when pre-orderable. */
export function sizeAvailability(v: VariantStock): SizeAvailability {
  if (v.stock >= LOW_STOCK_THRESHOLD) return 'in_stock';
  if (v.stock > 0) return 'low_stock';
  return v.preorder ? 'preorder' : 'sold_out';
}

/** DECISIONS 26: a variant can go into the cart with stock of at least 1 or `preorder == 1`. */
export function canAddToCart(v: VariantStock): boolean {
  return v.stock >= 1 || v.preorder;
}

/** How many of a variant one cart may hold: its stock (preorder aside), never above 100. */
export function maxOrderable(v: VariantStock): number {
  if (v.preorder) return MAX_CART_COUNT;
  return Math.min(Math.max(v.stock, 0), MAX_CART_COUNT);
}
