import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../core/db/schema/staff.ts';
import { staffRoles } from '../../../core/db/schema/staff.ts';
import { insertShopperSession, insertStaff, SHOP_ORIGIN } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { declaredStaffRoutes, registeredRoutes } from './staff-route.ts';

/** Rows the walk may add without changing anything: the refusals' own rate-limit counts. */
const COUNTERS = new Set(['rate_limits', 'limit_events', '__drizzle_migrations']);

/** A fingerprint of every table's content, to prove a refused call changed nothing. */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows?: { table_name: string }[] } | { table_name: string }[];
  const names = (Array.isArray(tables) ? tables : (tables.rows ?? [])).map((r) => r.table_name);
  const out: Record<string, string> = {};
  for (const name of names.filter((n) => !COUNTERS.has(n))) {
    const res = (await db.execute(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`),
    )) as unknown as { rows?: { h: string }[] } | { h: string }[];
    out[name] = (Array.isArray(res) ? res : (res.rows ?? []))[0]?.h ?? '';
  }
  return out;
}

/**
 * The storefront's staff endpoints outside /api/admin (catalogue.md §7, the operator's calls): each
 * must be declared through staffRoute, so the walk below refuses guests, shoppers and other roles.
 */
const STOREFRONT_STAFF_PATHS = [
  'POST /api/tags-save',
  'POST /api/products/upload-video',
  'GET /api/products/delete-video',
  'POST /api/fetch-data',
  // Custom pages (catalogue.md §7): the categories' list and changes.
  'GET /api/custompages/categories',
  'POST /api/custompages/categories/create',
  'DELETE /api/custompages/categories/:id',
  'POST /api/custompages/categories/update/:id',
];

/** A concrete path for a declared pattern: ids that look right, so only the role check can refuse. */
function concrete(url: string): string {
  return url
    .replace(':number', '10001')
    .replace(':token', 'x'.repeat(43))
    .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
}

describe.each(engines)('the staff route table on %s', (engine) => {
  let t: TestApp;
  const staff = {} as Record<StaffRole, Awaited<ReturnType<typeof insertStaff>>>;
  let shopperCookie = '';
  let halfSignedIn = '';
  beforeAll(async () => {
    t = await createTestApp(engine, () => new Date());
    for (const role of staffRoles) staff[role] = await insertStaff(t.database.db, { role });
    shopperCookie = (await insertShopperSession(t.database.db)).cookie;
    // A staff member who gave the password but not yet the second factor.
    const pending = await insertStaff(t.database.db, { role: 'admin' });
    await t.database.db.execute(
      sql`update staff_sessions set mfa_at = null where user_id = ${pending.userId}`,
    );
    halfSignedIn = pending.headers.cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares a role for every route under /api/admin/', () => {
    const declared = new Set(declaredStaffRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    const admin = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD',
    );
    expect(admin.length).toBeGreaterThan(5);
    const undeclared = admin.map((r) => `${r.method} ${r.url}`).filter((r) => !declared.has(r));
    expect(undeclared).toEqual([]);
  });

  it('declares every staff path of the storefront outside /api/admin with an editing role', () => {
    const declared = declaredStaffRoutes(t.app);
    for (const path of STOREFRONT_STAFF_PATHS) {
      const route = declared.find((r) => `${r.method} ${r.url}` === path);
      expect(route, path).toBeDefined();
      expect(route?.access, path).toEqual(['admin', 'editor']);
    }
    // And nothing registered outside /api/admin claims a staff path without being declared.
    const registered = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const path of STOREFRONT_STAFF_PATHS) expect(registered.has(path), path).toBe(true);
  });

  it('refuses a guest (401), a shopper and a wrong role (403), a half sign-in (401) and changes nothing', async () => {
    const before = await fingerprint(t);
    const guarded = declaredStaffRoutes(t.app).filter((r) => r.access !== 'signed-out');
    expect(guarded.length).toBeGreaterThan(3);
    const call = (route: (typeof guarded)[number], cookie?: string) =>
      t.app.inject({
        method: route.method,
        url: concrete(route.url),
        headers: { origin: SHOP_ORIGIN, ...(cookie ? { cookie } : {}) },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
    const failures: string[] = [];
    for (const route of guarded) {
      const allowed = route.access as readonly StaffRole[];
      const expect_ = (what: string, got: number, want: number) => {
        if (got !== want) failures.push(`${route.method} ${route.url} as ${what}: ${got}, expected ${want}`);
      };
      expect_('guest', (await call(route)).statusCode, 401);
      expect_('shopper', (await call(route, shopperCookie)).statusCode, 403);
      expect_('staff without the second factor', (await call(route, halfSignedIn)).statusCode, 401);
      for (const role of staffRoles.filter((r) => !allowed.includes(r))) {
        expect_(role, (await call(route, staff[role].headers.cookie)).statusCode, 403);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses a change without the shop as its Origin even for the right role', async () => {
    const changes = declaredStaffRoutes(t.app).filter((r) => r.method !== 'GET' && r.access !== 'signed-out');
    const before = await fingerprint(t);
    for (const route of changes) {
      for (const origin of [undefined, 'https://evil.example']) {
        const res = await t.app.inject({
          method: route.method,
          url: concrete(route.url),
          headers: { cookie: staff.admin.headers.cookie, ...(origin ? { origin } : {}) },
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} from ${origin ?? 'nowhere'}`).toBe(403);
      }
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers staff endpoints with no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: staff.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
