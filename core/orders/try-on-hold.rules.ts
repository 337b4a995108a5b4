import type { OrderStatus } from './order.rules.ts';

/**
 * How long a paid try-on order (`moscow-try`) may hold its stock before it is handed to the courier
 * (docs/decisions/0035-try-on-buyout.md, "Paid try-on orders expire"): a setting (`main.tryOnHold`),
 * {@link DEFAULT_TRY_ON_HOLD} when absent.
 */
export interface TryOnHold {
  /** Days after payment without hand-over before staff are told. */
  days: number;
  /** Days after that notice before the order is cancelled, unless staff keep it. */
  graceDays: number;
}

export const DEFAULT_TRY_ON_HOLD: TryOnHold = { days: 3, graceDays: 1 };

/** States of a paid try-on order not yet handed over (`shipped` is the hand-over to the courier). */
export const TRY_ON_WAITING_STATUSES = ['paid', 'confirmed'] as const satisfies readonly OrderStatus[];

/** The start of the order event the expiry writes when it tells staff (matched with `LIKE`). */
export const TRY_ON_OVERDUE_CAUSE = 'try-on not handed over';
/** The start of the order event of staff's "keep this order", which stops the expiry for good. */
export const TRY_ON_KEPT_CAUSE = 'try-on kept by staff';

const DAY_MS = 86_400_000;

export type TryOnHoldStep = 'wait' | 'notice' | 'cancel';

/**
 * What the expiry does with a paid try-on order still waiting for the courier: nothing yet, tell
 * staff (past `days` after payment), or cancel it (past `graceDays` after the notice). An order
 * staff kept is never touched.
 */
export function tryOnHoldStep(
  order: { paidAt: Date; noticeAt: Date | null; kept: boolean },
  hold: TryOnHold,
  now: Date,
): TryOnHoldStep {
  if (order.kept) return 'wait';
  if (order.noticeAt === null) {
    return now.getTime() >= order.paidAt.getTime() + hold.days * DAY_MS ? 'notice' : 'wait';
  }
  return now.getTime() >= order.noticeAt.getTime() + hold.graceDays * DAY_MS ? 'cancel' : 'wait';
}

/** When an order told about on `noticeAt` is cancelled unless kept. */
export function tryOnCancelAt(noticeAt: Date, hold: TryOnHold): Date {
  return new Date(noticeAt.getTime() + hold.graceDays * DAY_MS);
}
