import { createCatalogueService } from './catalogue/catalogue.service.ts';
import { createRestockService } from './catalogue/restock.service.ts';
import { createPagesService } from './content/pages.service.ts';
import { createSettingsService } from './content/settings.service.ts';
import type { Db } from './db/client.ts';
import { createDeliveryService } from './delivery/delivery.service.ts';
import { createEngagementService } from './engagement/engagement.service.ts';
import { createRateLimitService } from './limits/rate-limit.service.ts';
import { createOrdersService } from './orders/orders.service.ts';
import { createRemindersService } from './orders/reminders.service.ts';
import { createPaymentsService } from './payments/payments.service.ts';
import type { Providers } from './providers/index.ts';
import { createRatesService } from './rates/rates.service.ts';
import { createSearchService } from './search/search.service.ts';

export interface ServiceDeps {
  db: Db;
  providers: Providers;
  clock: () => Date;
  /** Reports failures of background work (index rebuilds, CRM delivery) to the process log. */
  onBackgroundError?: (error: unknown, what: string) => void;
}

/** Every service, built once per process and shared by the API routes and the storefront loaders. */
export function createServices({ db, providers, clock, onBackgroundError }: ServiceDeps) {
  const settings = createSettingsService({ db, clock });
  const limits = createRateLimitService({ db, clock });
  const delivery = createDeliveryService({ providers, settings, clock });
  return {
    settings,
    limits,
    engagement: createEngagementService({
      db,
      providers,
      settings,
      limits,
      clock,
      onDeliveryError: (e) => onBackgroundError?.(e, 'CRM delivery'),
    }),
    catalogue: createCatalogueService({ db }),
    pages: createPagesService({ db }),
    restock: createRestockService({ db }),
    delivery,
    orders: createOrdersService({ db, providers, settings, delivery, limits, clock }),
    payments: createPaymentsService({ providers }),
    reminders: createRemindersService({ db, clock }),
    rates: createRatesService({ db, provider: providers.rates, clock }),
    search: createSearchService({
      db,
      clock,
      onError: (e) => onBackgroundError?.(e, 'search index rebuild'),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
