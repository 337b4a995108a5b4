import '../../admin/admin.css';
import { NavLink, Outlet, redirect, useLoaderData } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { AdminLoading, AdminLocaleProvider, LanguageSwitch } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';
import { type SignedInStaff, StaffContext } from '../../admin/staff-context.ts';

/** The back office is drawn in the browser: its data comes only from the staff API, which checks every role. */
export const handle = { admin: true };

export async function clientLoader({ request }: { request: Request }) {
  const me = await adminApi<{ signedIn: boolean; staff: SignedInStaff | null }>('/api/admin/auth/me', {
    redirectOn401: false,
  });
  if (!me.signedIn || !me.staff) {
    const url = new URL(request.url);
    throw redirect(`/admin/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { staff: me.staff };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export function meta() {
  return [{ title: 'Панель управления' }, { name: 'robots', content: 'noindex' }];
}

function Navigation({ staff }: { staff: SignedInStaff }) {
  const tr = useTr();
  const manages = staff.role === 'admin' || staff.role === 'manager';
  const links: { to: string; label: string; show: boolean; end?: boolean }[] = [
    { to: '/admin', label: tr('Сводка', 'Dashboard'), show: true, end: true },
    { to: '/admin/orders', label: tr('Заказы', 'Orders'), show: manages },
    { to: '/admin/returns', label: tr('Возвраты и обмен', 'Returns'), show: manages },
    { to: '/admin/refunds-due', label: tr('Оплачены после срока', 'Paid after expiry'), show: manages },
    { to: '/admin/instalments', label: tr('Рассрочка и сплит', 'Instalments'), show: manages },
    { to: '/admin/customers', label: tr('Покупатели', 'Customers'), show: manages },
    { to: '/admin/audit', label: tr('Журнал изменений', 'Audit log'), show: manages },
    { to: '/admin/jobs', label: tr('Фоновые задачи', 'Background jobs'), show: manages },
    { to: '/admin/products', label: tr('Товары', 'Products'), show: true },
    { to: '/admin/imports', label: tr('Импорт и выгрузка', 'Import and export'), show: true },
    { to: '/admin/categories', label: tr('Категории', 'Categories'), show: staff.role !== 'manager' },
    { to: '/admin/collections', label: tr('Коллекции', 'Collections'), show: staff.role !== 'manager' },
    {
      to: '/admin/size-tables',
      label: tr('Таблицы размеров', 'Size tables'),
      show: staff.role !== 'manager',
    },
    {
      to: '/admin/search-synonyms',
      label: tr('Синонимы поиска', 'Search synonyms'),
      show: staff.role === 'admin' || staff.role === 'editor',
    },
    {
      to: '/admin/message-texts',
      label: tr('Тексты сообщений', 'Message texts'),
      show: staff.role === 'admin' || staff.role === 'editor',
    },
    { to: '/admin/promo-codes', label: tr('Промокоды', 'Promo codes'), show: manages },
    { to: '/admin/pages', label: tr('Страницы', 'Pages'), show: staff.role !== 'manager' },
    { to: '/admin/looks', label: tr('Образы', 'Looks'), show: staff.role !== 'manager' },
    { to: '/admin/texts', label: tr('Тексты интерфейса', 'Interface texts'), show: staff.role !== 'manager' },
    { to: '/admin/settings', label: tr('Настройки', 'Settings'), show: staff.role === 'admin' },
    { to: '/admin/staff', label: tr('Сотрудники', 'Staff'), show: staff.role === 'admin' },
  ];
  async function signOut() {
    await adminApi('/api/admin/auth/sign-out', { method: 'POST', redirectOn401: false }).catch(() => {});
    window.location.assign('/admin/sign-in');
  }
  return (
    <nav className="adm__nav" aria-label={tr('Разделы', 'Sections')}>
      <div className="adm__brand">{tr('Панель управления', 'Back office')}</div>
      {links
        .filter((l) => l.show)
        .map((l) => (
          <NavLink key={l.to} to={l.to} end={l.end}>
            {l.label}
          </NavLink>
        ))}
      <div className="adm__nav-foot">
        <span className="adm-muted">
          {staff.email} · {staff.role}
        </span>
        <LanguageSwitch />
        <button type="button" className="adm-btn" onClick={signOut}>
          {tr('Выйти', 'Sign out')}
        </button>
      </div>
    </nav>
  );
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof clientLoader>();
  return (
    <AdminLocaleProvider>
      <StaffContext.Provider value={staff}>
        <div className="adm">
          <Navigation staff={staff} />
          <main className="adm__main" id="main">
            <Outlet />
          </main>
        </div>
      </StaffContext.Provider>
    </AdminLocaleProvider>
  );
}
