import type { AuditService } from '../audit/audit.service.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Providers } from '../providers/index.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import { createReturnDecisions } from './return-decision.service.ts';
import { createReturnExchanges } from './return-exchange.service.ts';
import { createReturnParcels } from './return-parcel.service.ts';
import { createReturnChanges } from './return-records.ts';
import { createReturnRequests } from './return-request.service.ts';
import { createReturnsQueries } from './returns-queries.service.ts';

export {
  RETURNS_LIMIT,
  RETURNS_PER_CLIENT_ORDER_LIMIT,
  type ShopperAccess,
} from './return-access.ts';

/**
 * Returns and size exchanges (docs/product/returns.md, docs/decisions/0033-returns-and-exchanges.md).
 * A shopper asks to return delivered lines within the window (core/returns/return-request.service.ts);
 * the carrier's parcel back is registered (core/returns/return-parcel.service.ts); staff receive the
 * parcel, decide each line, and the refund of the accepted ones goes through the payment provider with
 * its refund receipt (core/returns/return-decision.service.ts); an exchange's new size goes out
 * (core/returns/return-exchange.service.ts). A return's state changes only through the declared table
 * (core/returns/returns.rules.ts, `canReturnTransition`). Every change that can count twice (units in
 * returns, stock, the refund) happens under the order's row lock or a conditional update, so two
 * requests or two staff at once never double it.
 */
export function createReturnsService({
  db,
  providers,
  delivery,
  settings,
  orders,
  audit,
  limits,
  clock,
  refunds,
}: {
  db: Db;
  providers: Providers;
  /** The carriers' pickup points a buyer may bring a return to (the order's city). */
  delivery: Pick<DeliveryService, 'listPickupPoints'>;
  settings: SettingsService;
  orders: OrdersService;
  audit: AuditService;
  limits: RateLimitService;
  clock: () => Date;
  refunds: RefundsService;
}) {
  const changes = createReturnChanges({ audit, clock });
  const queries = createReturnsQueries({ db, audit });
  const parcels = createReturnParcels({ db, providers, settings, clock, changes, queries });
  const requests = createReturnRequests({
    db,
    delivery,
    settings,
    orders,
    limits,
    clock,
    changes,
    queries,
    parcels,
  });
  const decisions = createReturnDecisions({ db, settings, orders, refunds, clock, changes, queries });
  const exchanges = createReturnExchanges({ db, providers, clock, changes, queries });

  return {
    options: requests.options,
    request: requests.request,
    openForBuyer: requests.openForBuyer,
    exchangeHandOver: exchanges.exchangeHandOver,
    list: queries.list,
    get: queries.get,
    receive: decisions.receive,
    decide: decisions.decide,
    retryRefund: decisions.retryRefund,
    retryParcel: parcels.retryParcel,
    exchangeShipped: exchanges.exchangeShipped,
    cancel: decisions.cancel,
    /** For the defective count on the stock screens and tests. */
    defectiveCount: queries.defectiveCount,
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
