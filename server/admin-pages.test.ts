import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficePages } from '../app/admin/sections.ts';
import routes from '../app/routes.ts';
import type { StaffRole } from '../core/db/schema/staff.ts';
import { insertSettings } from '../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../tests/factories/staff.ts';
import { createTestDatabase, type Engine, engines, type TestDatabase } from '../tests/setup/test-database.ts';
import { type BuiltApp, ensureStorefrontBuild, startBuiltShop } from '../tests/support/built-shop.ts';

/**
 * Issue 34: a refused or missing back-office page stays inside the back office. Every page of
 * app/routes.ts under /admin, opened through the server as the built app renders it, answers 404
 * with «Не найдено» for an unknown record and 403 with «Нет доступа» for each role that may not open
 * it, inside the back office's menu, with a link back, and shows no code value or raw key.
 */
beforeAll(ensureStorefrontBuild, 300_000);

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** The back-office pages app/routes.ts declares inside the admin layout, as paths under /admin. */
function adminRoutePaths(): string[] {
  const found: string[] = [];
  const walk = (entries: RouteEntry[], prefix: string, inLayout: boolean) => {
    for (const entry of entries) {
      const at = [prefix, entry.path].filter(Boolean).join('/');
      const layout = inLayout || entry.file === 'routes/admin/layout.tsx';
      if (inLayout && entry.file !== 'routes/admin/layout.tsx') found.push(at.replace(/^admin\/?/, ''));
      if (entry.children) walk(entry.children, at, layout);
    }
  };
  walk(routes as unknown as RouteEntry[], '', false);
  return found;
}

/** Raw keys and the shop's code values staff must never read. */
const forbidden = [
  /\b[A-Z]{2,}\.[A-Z]{2,}\b/,
  /\berror\.[a-z]/i,
  /\b(awaiting_payment|payment_failed|ready_for_pickup|delivery-sdek|self-sdek|succeeded|hepay)\b/,
  /PAYMENTS_|DECISIONS/,
  /\b(admin|manager|editor)\b/,
];

/** The page's visible text: no scripts, styles or tags. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}

describe.each(engines)('back-office pages refused or missing on %s', (engine: Engine) => {
  let database: TestDatabase;
  let app: BuiltApp;
  const staff = {} as Record<StaffRole, InsertedStaff>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertSettings(database.db);
    ({ app } = await startBuiltShop(database, () => new Date()));
    for (const role of ['admin', 'manager', 'editor'] as const)
      staff[role] = await insertStaff(database.db, { role });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function open(url: string, role: StaffRole) {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', cookie: staff[role].headers.cookie },
    });
    return { status: res.statusCode, html: res.body, text: visibleText(res.body) };
  }

  function expectInsideBackOffice(page: { html: string; text: string }, url: string) {
    expect(page.html, url).toContain('aria-label="Разделы"');
    expect(page.html, url).toMatch(/<a[^>]*href="\/admin"[^>]*>Вернуться к сводке<\/a>/);
    for (const pattern of forbidden) expect(page.text, `${url}: ${pattern}`).not.toMatch(pattern);
  }

  it('the walk covers every back-office route of app/routes.ts', () => {
    expect(adminRoutePaths().sort()).toEqual(backOfficePages.map((p) => p.path).sort());
  });

  const unknownIds: Record<string, string[]> = {
    number: ['99999', 'abc'],
    id: ['no-such', '00000000-0000-4000-8000-000000000000'],
  };
  const detailUrls = backOfficePages
    .filter((p) => p.path.includes(':'))
    .flatMap((p) => {
      const param = p.path.match(/:(\w+)/)?.[1] ?? '';
      return (unknownIds[param] ?? []).map((value) => `/admin/${p.path.replace(`:${param}`, value)}`);
    });

  it.each(detailUrls)('%s is «Не найдено» with 404 inside the back office', async (url) => {
    const page = await open(url, 'admin');
    expect(page.status, url).toBe(404);
    expect(page.text).toContain('Не найдено');
    expectInsideBackOffice(page, url);
  });

  const refusals = backOfficePages.flatMap((p) =>
    (['manager', 'editor'] as const)
      .filter((role) => !(p.roles as readonly string[]).includes(role))
      .map((role) => ({ role, url: `/admin/${p.path.replace(/:\w+/, '1')}`.replace(/\/$/, '') })),
  );

  it.each(refusals)('$url is «Нет доступа» with 403 for a $role', async ({ role, url }) => {
    const page = await open(url, role);
    expect(page.status, url).toBe(403);
    expect(page.text).toContain('Нет доступа');
    expect(page.text).toContain(role === 'manager' ? 'Менеджер' : 'Редактор');
    expectInsideBackOffice(page, url);
  });

  it('a page the role may open is drawn in the browser as before (200, no refusal)', async () => {
    for (const role of ['admin', 'manager', 'editor'] as const) {
      const page = await open('/admin', role);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('Нет доступа');
    }
  });
});
