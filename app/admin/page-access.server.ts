import type { AppLoadContext } from '#app-context';
import { readCookie } from '../../core/cart/cookies.rules.ts';
import type { AppError } from '../../core/errors.ts';
import { matchBackOfficePage, mayOpen } from './sections.ts';
import type { SignedInStaff } from './staff-context.ts';

/** Why a back-office page is not shown: the role may not open it, or there is no such page. */
export interface PageRefusal {
  status: 403 | 404;
  staff: SignedInStaff;
}

const STAFF_COOKIE = 'shi_staff';

/** Whether the record a detail page shows exists (any refusal of the lookup reads as "no such page"). */
async function exists(
  services: AppLoadContext['services'],
  path: string,
  params: Record<string, string>,
): Promise<boolean> {
  const number = params.number ?? '';
  const id = params.id ?? '';
  const found = async (lookup: () => Promise<unknown>) => {
    try {
      await lookup();
      return true;
    } catch (error) {
      // The services and this bundle may hold separate copies of AppError: its kind is what counts.
      const kind = (error as Partial<Pick<AppError, 'kind'>> | null)?.kind;
      if (kind === 'not_found' || kind === 'invalid_data') return false;
      throw error;
    }
  };
  if (path.startsWith('orders/:number')) {
    return (
      /^\d{1,10}$/.test(number) &&
      Number(number) <= 2_147_483_647 &&
      found(() => services.ordersAdmin.get(Number(number), 'ru'))
    );
  }
  if (path === 'returns/:number') {
    return (
      /^\d{1,10}$/.test(number) &&
      Number(number) <= 2_147_483_647 &&
      found(() => services.returns.get(Number(number), 'ru'))
    );
  }
  if (path === 'customers/:id') {
    return (
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) &&
      found(() => services.customersAdmin.get(id, 'ru'))
    );
  }
  if (path === 'customers/guest/:phone') {
    const phone = params.phone ?? '';
    return /^\d{5,15}$/.test(phone) && found(() => services.customersList.guest(phone, 'ru'));
  }
  if (path === 'products/:id' || path === 'products/:id/media') {
    if (path === 'products/:id' && id === 'new') return true;
    return id.length <= 200 && found(() => services.catalogueAdmin.getProduct(id, 'ru'));
  }
  if (path === 'pages/:id') {
    return (
      id === 'new' || (/^[A-Za-z0-9_-]{1,64}$/.test(id) && found(() => services.pagesAdmin.get(id, 'ru')))
    );
  }
  return true;
}

/**
 * The server's answer to opening a back-office address (issue 34): null when the page may be drawn
 * (or nobody is signed in, whom the browser sends to the sign-in page), else a refusal with its
 * status: 403 for a role that may not open the page, 404 for an unknown address or record.
 */
export async function backOfficeRefusal(
  services: AppLoadContext['services'],
  request: Request,
): Promise<PageRefusal | null> {
  const session = await services.staff.getStaffSession(
    readCookie(request.headers.get('cookie') ?? undefined, STAFF_COOKIE),
  );
  if (!session?.mfa) return null;
  const staff: SignedInStaff = {
    id: session.userId,
    email: session.email,
    name: session.name,
    role: session.role,
  };
  const match = matchBackOfficePage(new URL(request.url).pathname);
  if (!match) return { status: 404, staff };
  if (!mayOpen(match.page, staff.role)) return { status: 403, staff };
  if (!(await exists(services, match.page.path, match.params))) return { status: 404, staff };
  return null;
}
