import type { SignedInStaff } from './staff-context.ts';

type Role = SignedInStaff['role'];

const everyone: readonly Role[] = ['admin', 'manager', 'editor'];
const managers: readonly Role[] = ['admin', 'manager'];
const editors: readonly Role[] = ['admin', 'editor'];
const admins: readonly Role[] = ['admin'];

/**
 * Every back-office page (app/routes.ts, under /admin) and the roles that may open it, the same
 * roles the staff API gives its data to (DECISIONS 30). The menu shows these links; the layout's
 * server check answers 403 inside the back office for a role that may not open the page.
 */
export const backOfficePages = [
  { path: '', roles: everyone, menu: ['Сводка', 'Dashboard'] },
  { path: 'orders', roles: managers, menu: ['Заказы', 'Orders'] },
  { path: 'orders/new', roles: managers },
  { path: 'orders/:number', roles: managers },
  { path: 'orders/:number/packing-slip', roles: managers },
  { path: 'orders/:number/buyout', roles: managers },
  { path: 'returns', roles: managers, menu: ['Возвраты и обмен', 'Returns'] },
  { path: 'returns/:number', roles: managers },
  { path: 'refunds-due', roles: managers, menu: ['Оплачены после срока', 'Paid after expiry'] },
  {
    path: 'refunds',
    roles: managers,
    menu: ['Возвраты денег, требующие внимания', 'Refunds needing attention'],
  },
  {
    path: 'settlement-receipts',
    roles: managers,
    menu: ['Чеки расчёта вручную', 'Settlement receipts by hand'],
  },
  { path: 'instalments', roles: managers, menu: ['Рассрочка и сплит', 'Instalments'] },
  { path: 'customers', roles: managers, menu: ['Покупатели', 'Customers'] },
  { path: 'customers/guest/:phone', roles: managers },
  { path: 'customers/:id', roles: managers },
  { path: 'audit', roles: managers, menu: ['Журнал изменений', 'Audit log'] },
  { path: 'jobs', roles: managers, menu: ['Фоновые задачи', 'Background jobs'] },
  { path: 'products', roles: everyone, menu: ['Товары', 'Products'] },
  { path: 'products/:id', roles: everyone },
  { path: 'products/:id/media', roles: editors },
  { path: 'imports', roles: everyone, menu: ['Импорт и выгрузка', 'Import and export'] },
  { path: 'categories', roles: editors, menu: ['Категории', 'Categories'] },
  { path: 'collections', roles: editors, menu: ['Коллекции', 'Collections'] },
  { path: 'size-tables', roles: editors, menu: ['Таблицы размеров', 'Size tables'] },
  { path: 'search-synonyms', roles: editors, menu: ['Синонимы поиска', 'Search synonyms'] },
  { path: 'message-texts', roles: editors, menu: ['Тексты сообщений', 'Message texts'] },
  { path: 'promo-codes', roles: managers, menu: ['Промокоды', 'Promo codes'] },
  { path: 'pages', roles: editors, menu: ['Страницы', 'Pages'] },
  { path: 'pages/:id', roles: editors },
  { path: 'looks', roles: editors, menu: ['Образы', 'Looks'] },
  { path: 'texts', roles: editors, menu: ['Тексты интерфейса', 'Interface texts'] },
  { path: 'translations', roles: editors, menu: ['Переводы', 'Translations'] },
  { path: 'settings', roles: admins, menu: ['Настройки', 'Settings'] },
  { path: 'staff', roles: admins, menu: ['Сотрудники', 'Staff'] },
] as const satisfies readonly { path: string; roles: readonly Role[]; menu?: readonly [string, string] }[];

export type BackOfficePage = (typeof backOfficePages)[number];

/** The back-office page at `pathname` (`/admin/orders/12`) and its parameters, or null for none. */
export function matchBackOfficePage(
  pathname: string,
): { page: BackOfficePage; params: Record<string, string> } | null {
  const rest = pathname
    .replace(/\.data$/, '')
    .replace(/^\/admin\/?/, '')
    .replace(/\/$/, '');
  const parts = rest === '' ? [] : rest.split('/');
  for (const page of backOfficePages) {
    const pattern = page.path === '' ? [] : page.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((segment, i) => {
      const part = decodeURIComponent(parts[i] ?? '');
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = part;
        return part !== '';
      }
      return segment === part;
    });
    if (fits) return { page, params };
  }
  return null;
}

/** Whether `role` may open `page`. */
export function mayOpen(page: BackOfficePage, role: Role): boolean {
  return (page.roles as readonly Role[]).includes(role);
}
