import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/** The shop's pages under one edition prefix; ids carry the edition so both can coexist. */
function edition(prefix: '' | 'en') {
  const at = (path: string) => [prefix, path].filter(Boolean).join('/');
  const id = (name: string) => `${name}-${prefix || 'ru'}`;
  // Each edition's layout brings its first-paint texts, so a page loads one language's texts and
  // only those its first paint shows (docs/decisions/0049-first-load-split.md).
  const pages = [
    prefix
      ? route(prefix, 'routes/home.tsx', { id: id('home') })
      : index('routes/home.tsx', { id: id('home') }),
    route(at('catalog'), 'routes/catalog.tsx', { id: id('catalog') }),
    route(at('catalog/collection/:collection'), 'routes/catalog.tsx', { id: id('collection') }),
    route(at('catalog/:category'), 'routes/catalog.tsx', { id: id('category') }),
    route(at('catalog/:category/:subcategory'), 'routes/catalog.tsx', { id: id('subcategory') }),
    route(at('products/:id'), 'routes/product.tsx', { id: id('product') }),
    // DECISIONS 29: the order-status lookup and the mobile-app page.
    route(at('status'), 'routes/status.tsx', { id: id('status') }),
    route(at('app'), 'routes/app-page.tsx', { id: id('app') }),
    route(at(':slug'), 'routes/page.tsx', { id: id('page') }),
  ];
  // Pages whose first paint shows texts beyond the first-paint ones bring the whole dictionary.
  const wholeTexts = [
    // DECISIONS 22: the pickup-point picker alone, for the mobile app (Boxberry and CDEK).
    route(at('widget-boxberry'), 'routes/pickup-widget.tsx', { id: id('widget-boxberry') }),
    route(at('widget-embedded'), 'routes/pickup-widget.tsx', { id: id('widget-embedded') }),
    // DECISIONS 4: the sandbox provider's payment page; checkout.md §4: the app's payment result.
    route(at('sandbox/pay/:token'), 'routes/sandbox-pay.tsx', { id: id('sandbox-pay') }),
    route(at('payment-result'), 'routes/payment-result.tsx', { id: id('payment-result') }),
    // DECISIONS 37: the pages behind the links of marketing mail (one press each).
    route(at('unsubscribe'), 'routes/unsubscribe.tsx', { id: id('unsubscribe') }),
    route(at('newsletter-confirm'), 'routes/newsletter-confirm.tsx', { id: id('newsletter-confirm') }),
    route(at('restock-confirm'), 'routes/restock-confirm.tsx', { id: id('restock-confirm') }),
    // catalogue.md §7 instashop: the looks page with 'Купить образ'.
    route(at('looks'), 'routes/looks.tsx', { id: id('looks') }),
  ];
  const edition = prefix || 'ru';
  return [
    layout(`routes/edition-${edition}.tsx`, { id: `edition-${edition}` }, [
      ...pages,
      layout(`routes/texts-${edition}.tsx`, { id: `texts-${edition}` }, wholeTexts),
    ]),
  ];
}

/**
 * The back office (DECISIONS 30): one language switch instead of editions, drawn in the browser from
 * the staff API. Its modules load only on these paths, never with a shopper's page.
 */
const admin = [
  route('admin/sign-in', 'routes/admin/sign-in.tsx'),
  route('admin/invite/:token', 'routes/admin/invite.tsx'),
  route('admin/setup', 'routes/admin/setup.tsx'),
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      // Back-office pages, one line each.
      route('staff', 'routes/admin/staff.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/new', 'routes/admin/order-new.tsx'),
      route('orders/:number', 'routes/admin/order.tsx'),
      route('orders/:number/packing-slip', 'routes/admin/packing-slip.tsx'),
      route('orders/:number/buyout', 'routes/admin/buyout.tsx'),
      route('refunds-due', 'routes/admin/refunds-due.tsx'),
      route('refunds', 'routes/admin/refunds.tsx'),
      route('settlement-receipts', 'routes/admin/settlement-receipts.tsx'),
      route('returns', 'routes/admin/returns.tsx'),
      route('returns/:number', 'routes/admin/returns-detail.tsx'),
      route('instalments', 'routes/admin/instalments.tsx'),
      index('routes/admin/dashboard.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/guest/:phone', 'routes/admin/guest-customer.tsx'),
      route('customers/:id', 'routes/admin/customer.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('jobs', 'routes/admin/jobs.tsx'),
      route('imports', 'routes/admin/imports.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/:id', 'routes/admin/product.tsx'),
      route('products/:id/media', 'routes/admin/product-media.tsx'),
      route('categories', 'routes/admin/categories.tsx'),
      route('collections', 'routes/admin/collections.tsx'),
      route('size-tables', 'routes/admin/size-tables.tsx'),
      route('message-texts', 'routes/admin/message-texts.tsx'),
      route('search-synonyms', 'routes/admin/search-synonyms.tsx'),
      route('promo-codes', 'routes/admin/promo-codes.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('pages', 'routes/admin/pages.tsx'),
      route('pages/:id', 'routes/admin/page-edit.tsx'),
      route('looks', 'routes/admin/looks.tsx'),
      route('texts', 'routes/admin/texts.tsx'),
      route('translations', 'routes/admin/translations.tsx'),
    ]),
  ]),
];

// DECISIONS 2: the Russian edition at the root, the English one under /en with the same routes.
export default [
  ...admin,
  ...edition(''),
  ...edition('en'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
