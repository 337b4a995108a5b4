import type { Actor } from '../audit/audit.service.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { staffMessage } from '../staff-messages.ts';
import type { OrdersAdminService } from './orders-admin.service.ts';
import { HAND_OVER_MANY_MAX } from './shipments.schemas.ts';
import type { HandOverOutcome } from './shipments.wire.ts';

/**
 * Hands a selection of orders to their carriers (docs/product/shipping-desk.md), one after another
 * (a carrier is asked once per parcel, never in a burst), each exactly as the order page's
 * hand-over: over the version staff saw, its marking checked, its parcel registered, then the
 * shipped step. One order's refusal (with its reason in the staff member's language) never stops
 * the others; a retry of the same selection sends only what is still to send, since an order
 * already shipped answers its refusal and a registered parcel is read back, not made again.
 */
export async function handOverMany(
  ordersAdmin: Pick<OrdersAdminService, 'handOver'>,
  items: readonly { number: number; version: number }[],
  actor: Actor,
  locale: Locale,
): Promise<HandOverOutcome[]> {
  const results: HandOverOutcome[] = [];
  for (const item of items.slice(0, HAND_OVER_MANY_MAX)) {
    try {
      const done = await ordersAdmin.handOver(item.number, { version: item.version }, actor, locale);
      results.push({
        number: item.number,
        outcome: 'shipped',
        trackingNumber: done.order.trackingNumber ?? null,
        version: done.order.version,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = error.localized(locale) || staffMessage('shipping.hand_over_failed', locale);
      results.push({ number: item.number, outcome: 'refused', message });
    }
  }
  return results;
}
