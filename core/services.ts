import { defaultSmsCountryCodes } from './accounts/auth.rules.ts';
import { createAuthService } from './accounts/auth.service.ts';
import { createCustomersAdminService } from './accounts/customers-admin.service.ts';
import { createCustomersListService } from './accounts/customers-list.service.ts';
import { createFirstAdminService } from './accounts/first-admin.service.ts';
import { createOperatorsService } from './accounts/operators.service.ts';
import { createStaffService } from './accounts/staff.service.ts';
import { createUsersService } from './accounts/users.service.ts';
import { createAddressSuggestService } from './address/address-suggest.service.ts';
import { createAuditService } from './audit/audit.service.ts';
import { createBuyoutService } from './buyout/buyout.service.ts';
import { noReadCache, type ReadCache } from './cache/read-cache.ts';
import { createCatalogueService } from './catalogue/catalogue.service.ts';
import { createCatalogueAdminService } from './catalogue/catalogue-admin.service.ts';
import { createInPlaceService } from './catalogue/in-place.service.ts';
import { createRestockService } from './catalogue/restock.service.ts';
import { createCustomPagesService } from './content/custom-pages.service.ts';
import { createPagesService } from './content/pages.service.ts';
import { createPagesAdminService } from './content/pages-admin.service.ts';
import { createSettingsService } from './content/settings.service.ts';
import { createSettingsAdminService } from './content/settings-admin.service.ts';
import { createTextsService } from './content/texts.service.ts';
import { createTranslationsService } from './content/translations.service.ts';
import type { Db } from './db/client.ts';
import { createDeliveryService } from './delivery/delivery.service.ts';
import { createEngagementService } from './engagement/engagement.service.ts';
import { createCommerceMlService } from './exchange/commerceml.service.ts';
import { createCsvExchangeService } from './exchange/csv.service.ts';
import { createFeedsService } from './exchange/feeds.service.ts';
import { EXCHANGE_IMPORT_JOB, exchangeImportHandler } from './exchange/onec-exchange.service.ts';
import { createCatalogueRefreshService } from './exchange/refresh.service.ts';
import { createJobsService } from './jobs/jobs.service.ts';
import { createJobsAdminService } from './jobs/jobs-admin.service.ts';
import { createRateLimitService } from './limits/rate-limit.service.ts';
import { createMarkingService } from './marking/marking.service.ts';
import { createProductMediaService } from './media/product-media.service.ts';
import { createMessageTextsAdminService } from './messages/message-texts-admin.service.ts';
import { createMessagesService } from './messages/messages.service.ts';
import { createCourierPickupService } from './orders/courier-pickup.service.ts';
import { createDashboardService } from './orders/dashboard.service.ts';
import { createOrderStatusService } from './orders/order-status.service.ts';
import { createOrdersService } from './orders/orders.service.ts';
import { createOrdersAdminService } from './orders/orders-admin.service.ts';
import { createOrdersListService } from './orders/orders-list.service.ts';
import { createPhoneOrdersService, PHONE_PAYMENT_LINK_JOB } from './orders/phone-order.service.ts';
import { createPromoAdminService } from './orders/promo-admin.service.ts';
import { createRemindersService } from './orders/reminders.service.ts';
import { createSettlementService, SETTLEMENT_JOB } from './orders/settlement.service.ts';
import { createShipmentsService } from './orders/shipments.service.ts';
import { createShippingDocumentsService } from './orders/shipping-documents.service.ts';
import { createPaymentsService } from './payments/payments.service.ts';
import type { Providers } from './providers/index.ts';
import { createRatesService } from './rates/rates.service.ts';
import { createRefundsService } from './refunds/refunds.service.ts';
import { createStaffRefundsService } from './refunds/staff-refunds.service.ts';
import { createReturnsService } from './returns/returns.service.ts';
import { createReturnMessagesHandler, RETURN_MESSAGE_JOB } from './returns/returns-messages.service.ts';
import { createSearchService } from './search/search.service.ts';
import { createSynonymsService } from './search/synonyms.service.ts';

export interface ServiceDeps {
  db: Db;
  providers: Providers;
  clock: () => Date;
  /** Reports failures of background work (index rebuilds, CRM delivery) to the process log. */
  onBackgroundError?: (error: unknown, what: string) => void;
  /** The read cache of the hot paths (`READ_CACHE`); without one every read goes to the database. */
  readCache?: ReadCache;
  /** Signs sign-in init tokens; a development key when absent (tests). */
  authSecret?: string;
  /** Development outbox mode: sandbox sign-in codes are also written to the process log. */
  logCode?: (phone: string, code: string) => void;
  /** The shop's address, for links in messages; a local one when absent (tests). */
  publicUrl?: string;
}

/** Every service, built once per process and shared by the API routes and the storefront loaders. */
export function createServices({
  db,
  providers,
  clock,
  onBackgroundError,
  readCache: cache = noReadCache,
  authSecret = 'development-auth-signing-key',
  logCode,
  publicUrl = 'http://localhost:3000',
}: ServiceDeps) {
  const settings = createSettingsService({ db, clock, cache });
  const limits = createRateLimitService({ db, clock });
  const delivery = createDeliveryService({ providers, settings, clock });
  const rates = createRatesService({ db, provider: providers.rates, clock });
  const auth = createAuthService({
    db,
    providers,
    limits,
    smsCountryCodes: async () =>
      (await settings.getShopSettings()).main.smsCountryCodes ?? defaultSmsCountryCodes,
    clock,
    secret: authSecret,
    logCode,
  });
  const audit = createAuditService({ db });
  const orders = createOrdersService({ db, providers, settings, delivery, limits, clock, cache, rates });
  // The durable job queue and what runs on it (docs/decisions/0021-durable-jobs-and-messages.md).
  const jobs = createJobsService({
    db,
    clock,
    onError: (e, job) => onBackgroundError?.(e, `job ${job.kind}`),
  });
  const messages = createMessagesService({
    db,
    providers,
    settings,
    jobs,
    publicUrl,
    clock,
    secret: authSecret,
  });
  const engagement = createEngagementService({
    db,
    providers,
    settings,
    limits,
    clock,
    onDeliveryError: (e) => onBackgroundError?.(e, 'CRM delivery'),
  });
  // Recurring work runs as jobs of the queue, once per period across instances.
  jobs.register('orders.expire', async () => ({ done: `expired ${await orders.expireOverdue()}` }));
  jobs.register('crm.retry', async () => {
    const r = await engagement.retryUndelivered();
    return { done: `tried ${r.tried}, delivered ${r.delivered}` };
  });
  jobs.register('rates.refresh', async () => {
    const r = await rates.refreshRates();
    return r.refreshed ? { done: 'refreshed' } : { retry: r.error ?? 'not refreshed' };
  });
  // The one refund model (docs/decisions/0048-one-refund-model.md): every refund path records through it.
  const refunds = createRefundsService({ db, payments: providers.payments.provider, audit, clock, jobs });
  const ordersAdmin = createOrdersAdminService({ db, providers, orders, audit, settings, clock, refunds });
  // Paid try-on orders not handed to the courier (docs/decisions/0035-try-on-buyout.md).
  jobs.register('orders.expire-try-on', async () => {
    const r = await ordersAdmin.expireTryOnHolds();
    return { done: `noticed ${r.noticed}, cancelled ${r.cancelled}` };
  });
  // The try-on buyout (docs/product/try-on-buyout.md); registers its payment-link message job.
  const buyout = createBuyoutService({
    db,
    providers,
    orders,
    settings,
    audit,
    jobs,
    clock,
    publicUrl,
    refunds,
  });
  // Orders taken by phone and their payment links (docs/product/phone-orders.md).
  const phoneOrders = createPhoneOrdersService({
    db,
    providers,
    settings,
    delivery,
    rates,
    cache,
    audit,
    clock,
    publicUrl,
  });
  jobs.register(PHONE_PAYMENT_LINK_JOB, phoneOrders.sendPaymentMessage);
  // Parcels with the carriers: the status poll is the fallback of CDEK's webhook (docs/decisions/0025).
  const shipments = createShipmentsService({ db, providers, orders, clock });
  // What the shipping desk prints: carriers' labels and the shop's packing slips.
  const shippingDocuments = createShippingDocumentsService({ db, providers });
  const courierPickup = createCourierPickupService({ db, providers, settings, audit });
  jobs.register('carriers.poll', async () => {
    const r = await shipments.pollOpen();
    return { done: `checked ${r.checked}, applied ${r.applied}, failed ${r.failed}` };
  });
  jobs.register('shop.daily-summary', async (job) =>
    messages.sendDailySummary(
      job,
      (await ordersAdmin.listRefundsDue()).rows.map((r) => r.number),
    ),
  );
  jobs.register('maintenance.prune', async () => {
    await limits.prune();
    await jobs.pruneDone();
    return { done: 'pruned' };
  });
  // The settlement receipt of prepaid orders at hand-over, and marking at packing (docs/product/receipts.md, marking.md).
  const settlement = createSettlementService({ db, payments: providers.payments.provider, settings, clock });
  jobs.register(SETTLEMENT_JOB, settlement.handle);
  // Returns and size exchanges (docs/decisions/0033-returns-and-exchanges.md) and their messages.
  const returnsService = createReturnsService({
    db,
    providers,
    delivery,
    settings,
    orders,
    audit,
    limits,
    clock,
    refunds,
  });
  jobs.register(RETURN_MESSAGE_JOB, createReturnMessagesHandler({ db, providers, settings, publicUrl }));
  const search = createSearchService({
    db,
    clock,
    onError: (e) => onBackgroundError?.(e, 'search index rebuild'),
  });
  // The 1C CommerceML import (docs/decisions/0031-catalogue-exchange.md).
  const commerceMl = createCommerceMlService({
    db,
    audit,
    clock,
    cache,
    onCatalogueChange: () => search.invalidate(),
    store: providers.media,
  });
  jobs.register(EXCHANGE_IMPORT_JOB, exchangeImportHandler(commerceMl));
  // CSV import and export of products, stock and prices (docs/decisions/0031-catalogue-exchange.md).
  const csvExchange = createCsvExchangeService({
    db,
    audit,
    clock,
    cache,
    onCatalogueChange: () => search.invalidate(),
  });
  return {
    addressSuggest: createAddressSuggestService({
      provider: providers.addressSuggest,
      limits,
      clock,
      onError: (e) => onBackgroundError?.(e, 'address suggestions'),
    }),
    auth,
    audit,
    jobs,
    jobsAdmin: createJobsAdminService({ db, jobs, audit }),
    messages,
    messageTextsAdmin: createMessageTextsAdminService({ db, audit, clock }),
    staff: createStaffService({ db, providers, limits, audit, clock, issuer: 'Shop back office' }),
    firstAdmin: createFirstAdminService({ db, auth, providers, limits, audit, clock }),
    operators: createOperatorsService({ db, clock }),
    customersAdmin: createCustomersAdminService({ db, audit, clock }),
    customersList: createCustomersListService({ db }),
    dashboard: createDashboardService({ db, clock, settings }),
    users: createUsersService({ db, providers, auth, clock }),
    settings,
    limits,
    engagement,
    catalogue: createCatalogueService({ db, cache }),
    productMedia: createProductMediaService({ db, store: providers.media, audit, cache }),
    inPlace: createInPlaceService({ db, audit, cache }),
    commerceMl,
    csvExchange,
    catalogueRefresh: createCatalogueRefreshService({
      db,
      audit,
      jobs,
      cache,
      onRefresh: () => search.invalidate(),
    }),
    feeds: createFeedsService({
      db,
      cache,
      clock,
      settings: async (locale) => {
        const { main } = await settings.getShopSettings();
        return {
          shopName: main.shopName[locale] || main.shopName.ru,
          vendor: main.feeds?.vendor || main.shopName.ru,
          preorderDays: main.feeds?.preorderDays ?? 30,
        };
      },
      rates: () => rates.getLatestRates(),
    }),
    catalogueAdmin: createCatalogueAdminService({
      db,
      audit,
      clock,
      cache,
      onCatalogueChange: () => search.invalidate(),
    }),
    pages: createPagesService({ db }),
    pagesAdmin: createPagesAdminService({ db, audit, clock, cache }),
    customPages: createCustomPagesService({ db, audit, clock, cache }),
    promoAdmin: createPromoAdminService({ db, audit, clock }),
    settingsAdmin: createSettingsAdminService({ db, audit, clock, cache }),
    texts: createTextsService({ db, audit, clock, cache }),
    translations: createTranslationsService({
      db,
      audit,
      clock,
      cache,
      onCatalogueChange: () => search.invalidate(),
    }),
    restock: createRestockService({ db, clock, secret: authSecret }),
    delivery,
    orders,
    ordersAdmin,
    refunds,
    staffRefunds: createStaffRefundsService({ orders, refunds, settings, audit, clock }),
    ordersList: createOrdersListService({ db, audit, ordersAdmin }),
    buyout,
    phoneOrders,
    shipments,
    shippingDocuments,
    courierPickup,
    settlement,
    marking: createMarkingService({ db, clock }),
    orderStatus: createOrderStatusService({ db, limits }),
    payments: createPaymentsService({ providers }),
    returns: returnsService,
    reminders: createRemindersService({ db, limits, settings, clock }),
    rates,
    search,
    searchSynonyms: createSynonymsService({ db, audit, clock, onChange: () => search.invalidate() }),
  };
}

/** The recurring jobs and their periods (server/runtime.ts enqueues them). */
export const periodicTasks = [
  { kind: 'orders.expire', everyMs: 60_000 },
  // Paid try-on orders kept too long without hand-over (core/orders/orders-admin.service.ts).
  { kind: 'orders.expire-try-on', everyMs: 10 * 60_000 },
  // Open try-on buyout links whose notice is late (core/buyout/payment-link.service.ts).
  { kind: 'buyouts.check-payments', everyMs: 60_000 },
  { kind: 'crm.retry', everyMs: 60_000 },
  { kind: 'carriers.poll', everyMs: 30 * 60_000 },
  { kind: 'rates.refresh', everyMs: 6 * 60 * 60_000 },
  { kind: 'maintenance.prune', everyMs: 6 * 60 * 60_000 },
  // Once a day (a UTC day: it goes out soon after 03:00 Moscow time).
  { kind: 'shop.daily-summary', everyMs: 24 * 60 * 60_000 },
] as const;

export type Services = ReturnType<typeof createServices>;
