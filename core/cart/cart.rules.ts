import { MAX_CART_COUNT } from '../catalogue/stock.rules.ts';

export const MIN_CART_COUNT = 1;

/** checkout.md §5: the counter runs 1 to 100; typed values are clamped, never refused. */
export function clampCount(value: number, max: number = MAX_CART_COUNT): number {
  const ceiling = Math.max(MIN_CART_COUNT, Math.min(max, MAX_CART_COUNT));
  if (!Number.isFinite(value)) return MIN_CART_COUNT;
  return Math.min(ceiling, Math.max(MIN_CART_COUNT, Math.floor(value)));
}

export type PreorderState = 'none' | 'has' | 'full';

/** DECISIONS 9: `has` when some lines are pre-orders with no stock, `full` when all are. */
export function preorderState(lines: { stock: number; preorder: boolean }[]): PreorderState {
  const pre = lines.filter((l) => l.preorder && l.stock < 1).length;
  if (pre === 0) return 'none';
  return pre === lines.length ? 'full' : 'has';
}

/** The goods cost in kopecks: price times count over the lines. */
export function goodsTotal(lines: { price: number; count: number }[]): number {
  return lines.reduce((sum, l) => sum + l.price * l.count, 0);
}
