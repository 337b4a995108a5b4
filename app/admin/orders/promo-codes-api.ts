import type { PromoBatchView, PromoView } from '../../../core/orders/promo.wire.ts';
import type { ScopeOptions } from '../content/promo-form.tsx';
import { endpoint } from '../ui/api-client.ts';

/** The promo codes screen's reads (server/routes/admin/promo.routes.ts; the catalogue's names for a scope). */
export const promoCodesApi = {
  list: endpoint<{ rows: (PromoView & { orders?: number })[]; batches: PromoBatchView[] }, { q?: string }>(
    'GET',
    () => '/api/admin/promo-codes',
  ),
  scopeOptions: endpoint<ScopeOptions>('GET', () => '/api/admin/catalogue/options'),
};
