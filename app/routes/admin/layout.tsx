import '../../admin/admin.css';
import { useEffect, useId, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appContext } from '#app-context';
import { roleName, staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi } from '../../admin/api.ts';
import { AdminLoading, AdminLocaleProvider, LanguageSwitch } from '../../admin/frame.tsx';
import { useAdminLocale, useTr } from '../../admin/i18n.ts';
import { backOfficeRefusal, type PageRefusal } from '../../admin/page-access.server.ts';
import { backOfficePages, mayOpen } from '../../admin/sections.ts';
import { type SignedInStaff, StaffContext } from '../../admin/staff-context.ts';
import type { Route } from './+types/layout';

/** The back office is drawn in the browser: its data comes only from the staff API, which checks every role. */
export const handle = { admin: true };

/**
 * The server answers a refused or missing page itself (issue 34): 403 or 404 with the back office's
 * frame, never the storefront's error page. A page that may be drawn is drawn in the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refusal = await backOfficeRefusal(context.get(appContext).services, request);
  if (refusal) throw data(refusal, { status: refusal.status });
  return null;
}

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
// The server's loader only refuses; the staff member is read in the browser, on the first load too.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export function meta() {
  return [{ title: 'Панель управления' }, { name: 'robots', content: 'noindex' }];
}

function Navigation({ staff }: { staff: SignedInStaff }) {
  const tr = useTr();
  const locale = useAdminLocale();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const linksId = useId();
  // A chosen section closes the menu on a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new address
  useEffect(() => setOpen(false), [location.pathname]);
  async function signOut() {
    await adminApi('/api/admin/auth/sign-out', { method: 'POST', redirectOn401: false }).catch(() => {});
    window.location.assign('/admin/sign-in');
  }
  return (
    <nav className="adm__nav" aria-label={tr('Разделы', 'Sections')} data-open={open}>
      <div className="adm__bar">
        <div className="adm__brand">{tr('Панель управления', 'Back office')}</div>
        <button
          type="button"
          className="adm__menu-toggle"
          aria-expanded={open}
          aria-controls={linksId}
          onClick={() => setOpen((x) => !x)}
        >
          {staffMessage(open ? 'page.close_menu' : 'page.menu', locale)}
        </button>
      </div>
      <div className="adm__links" id={linksId}>
        {backOfficePages.flatMap((page) =>
          'menu' in page && mayOpen(page, staff.role) ? (
            <NavLink
              key={page.path}
              to={`/admin${page.path ? `/${page.path}` : ''}`}
              end={page.path === ''}
              onClick={() => setOpen(false)}
            >
              {tr(page.menu[0], page.menu[1])}
            </NavLink>
          ) : (
            []
          ),
        )}
        <div className="adm__nav-foot">
          <span className="adm-muted">
            {staff.email} · {roleName(staff.role, locale)}
          </span>
          <LanguageSwitch />
          <button type="button" className="adm-btn" onClick={signOut}>
            {tr('Выйти', 'Sign out')}
          </button>
        </div>
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

function Refusal({ status, staff }: { status: number; staff: SignedInStaff | null }) {
  const locale = useAdminLocale();
  const [title, hint] =
    status === 403
      ? (['page.forbidden', 'page.forbidden_hint'] as const)
      : status === 404
        ? (['page.not_found', 'page.not_found_hint'] as const)
        : (['page.failed', 'page.failed_hint'] as const);
  return (
    <section className="adm-card adm-refusal" aria-labelledby="adm-refusal-title">
      <p className="adm-muted">{status}</p>
      <h1 id="adm-refusal-title">{staffMessage(title, locale)}</h1>
      <p>{staffMessage(hint, locale, { role: staff ? roleName(staff.role, locale) : '' })}</p>
      <Link to="/admin">{staffMessage('page.back', locale)}</Link>
    </section>
  );
}

/**
 * A refused, missing or failed page inside the back office's frame: from the server's check on the
 * first load (the refusal carries the staff member for the menu), or from a page's staff API call
 * on a later one (the frame's own data is still there).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof clientLoader>('routes/admin/layout');
  const refusal = isRouteErrorResponse(error) ? (error.data as Partial<PageRefusal> | null) : null;
  const staff = refusal?.staff ?? frame?.staff ?? null;
  const status = isRouteErrorResponse(error)
    ? error.status
    : error instanceof AdminApiError && (error.status === 403 || error.status === 404)
      ? error.status
      : 500;
  return (
    <AdminLocaleProvider hydrating>
      <StaffContext.Provider value={staff}>
        <div className="adm">
          {staff ? <Navigation staff={staff} /> : null}
          <main className="adm__main" id="main">
            <Refusal status={status} staff={staff} />
          </main>
        </div>
      </StaffContext.Provider>
    </AdminLocaleProvider>
  );
}
