import { type Cookie, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { budget } from '../helpers.ts';

export const E2E_STAFF_PASSWORD = 'journeys-staff-password-1';
/** The enrolled journeys' managers' and editors' TOTP secret (base32). */
export const E2E_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

type Project = 'desktop' | 'phone';
export const e2eStaff = (['desktop', 'phone'] as const).flatMap((project) => [
  { email: `admin-${project}@e2e.test`, name: `Админ ${project}`, role: 'admin' as const, enrolled: false },
  {
    email: `manager-${project}@e2e.test`,
    name: `Менеджер ${project}`,
    role: 'manager' as const,
    enrolled: true,
  },
  {
    email: `editor-${project}@e2e.test`,
    name: `Редактор ${project}`,
    role: 'editor' as const,
    enrolled: true,
  },
  // An enrolled admin for journeys that need the admin role (settings), so the admin journey still
  // meets its own admin un-enrolled.
  {
    email: `content-admin-${project}@e2e.test`,
    name: `Администратор ${project}`,
    role: 'admin' as const,
    enrolled: true,
  },
  // The in-place editing journey's editor (tests/e2e/in-place-editing.spec.ts).
  {
    email: `inplace-editor-${project}@e2e.test`,
    name: `Редактор витрины ${project}`,
    role: 'editor' as const,
    enrolled: true,
  },
  // The dashboard journey's manager (tests/e2e/admin-dashboard.spec.ts) and the translations journey's
  // editor (tests/e2e/admin-translations.spec.ts), whose sign-in codes no other journey uses.
  {
    email: `dashboard-manager-${project}@e2e.test`,
    name: `Менеджер сводки ${project}`,
    role: 'manager' as const,
    enrolled: true,
  },
  {
    email: `translations-editor-${project}@e2e.test`,
    name: `Редактор переводов ${project}`,
    role: 'editor' as const,
    enrolled: true,
  },
  // Managers of the journeys added with the shipping desk, refunds, the orders list, promo kinds,
  // exchanges and phone orders, each its own: one account's sign-in codes used by many journeys at once
  // run into the second factor's lock-out (too many refused codes), as a real shop would.
  ...(['desk', 'list', 'refunds', 'promo', 'exchange', 'phone'] as const).map((journey) => ({
    email: `${journey}-manager-${project}@e2e.test`,
    name: `Менеджер ${journey} ${project}`,
    role: 'manager' as const,
    enrolled: true,
  })),
  // The message texts journey's editor (tests/e2e/admin-message-texts.spec.ts), apart from the catalogue's.
  {
    email: `texts-editor-${project}@e2e.test`,
    name: `Редактор текстов ${project}`,
    role: 'editor' as const,
    enrolled: true,
  },
]);

export function staffEmail(role: 'admin' | 'manager' | 'editor', project: string): string {
  return `${role}-${project as Project}@e2e.test`;
}

/** The manager account of one journey of its own (listed above), for the project. */
export function journeyManager(
  journey: 'desk' | 'list' | 'refunds' | 'promo' | 'exchange' | 'phone',
  project: string,
): string {
  return `${journey}-manager-${project as Project}@e2e.test`;
}

export function totpNow(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
}

/**
 * The staff sessions this worker process signed in, by shop and account: the session cookies
 * (`shi_staff` on /api and /admin, and the in-place editing marker). A journey that signs in an
 * account this worker already signed in takes its session back, as a person's browser would keep
 * it, instead of spending a second-factor code: two journeys of one account in one TOTP step
 * otherwise wait up to 30 s for the next step.
 */
const sessions = new Map<string, Cookie[]>();
const STAFF_COOKIES = new Set(['shi_staff', 'shi_staff_ui']);

/**
 * Signs an enrolled staff member in and opens `next`. When this worker signed the account in before
 * and the server still knows that session as the account's, it is
 * reused; otherwise, or with `fresh` (a journey about the sign-in itself), through the sign-in
 * page: password, then a TOTP code. A step's code is accepted once per account (the server only lets
 * the step move forward), and the server takes one step either side of now. Journeys of one project
 * share an account, so when this step's code was used the next step's is given; only when that too
 * was used does the journey wait for the next step, and its time limit grows by that wait.
 */
export async function signInStaff(
  page: Page,
  email: string,
  secret = E2E_TOTP_SECRET,
  next = '/admin',
  { fresh = false }: { fresh?: boolean } = {},
) {
  const key = `${test.info().project.use.baseURL} ${email}`;
  const kept = sessions.get(key);
  if (kept && !fresh) {
    await page.context().addCookies(kept);
    const me = await page.request.get('/api/admin/auth/me');
    const session = (await me.json()) as { signedIn?: boolean; staff?: { email: string } | null };
    if (session.signedIn && session.staff?.email === email) {
      await page.goto(next);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      return;
    }
    sessions.delete(key);
    await page.context().clearCookies({ name: /^shi_staff/ });
  }
  await signInThroughPage(page, email, secret, next);
  const cookies = await page.context().cookies();
  sessions.set(
    key,
    cookies.filter((c) => STAFF_COOKIES.has(c.name)),
  );
}

async function signInThroughPage(page: Page, email: string, secret: string, next: string) {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(E2E_STAFF_PASSWORD);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  const code = page.getByLabel(/^(Код из приложения|Code from the app)$/);
  await code.waitFor();
  for (const stepsAhead of [0, 1, 'wait', 1] as const) {
    if (stepsAhead === 'wait') {
      const wait = 30_000 - (Date.now() % 30_000) + 500;
      test.info().setTimeout(test.info().timeout + wait);
      await page.waitForTimeout(wait);
      continue;
    }
    await code.fill(totpNow(secret, Date.now() + stepsAhead * 30_000));
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/auth/second-factor');
    await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
    if ((await answer).ok()) break;
  }
  await expect(page).not.toHaveURL(/\/admin\/sign-in/, { timeout: budget(10_000) });
}
