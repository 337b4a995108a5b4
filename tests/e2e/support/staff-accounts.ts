import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const E2E_STAFF_PASSWORD = 'journeys-staff-password-1';
/** The enrolled journeys' managers' TOTP secret (base32). */
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
]);

export function staffEmail(role: 'admin' | 'manager', project: string): string {
  return `${role}-${project as Project}@e2e.test`;
}

export function totpNow(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
}

/**
 * Signs an enrolled staff member in through the sign-in page: password, then a TOTP code. A code is
 * accepted once per 30-second step, so when this step's code was already used the next one is waited for.
 */
export async function signInStaff(page: Page, email: string, secret = E2E_TOTP_SECRET, next = '/admin') {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(E2E_STAFF_PASSWORD);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  const code = page.getByLabel(/^(Код из приложения|Code from the app)$/);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await code.fill(totpNow(secret));
    await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
    const outcome = await Promise.race([
      page
        .waitForURL((url) => !url.pathname.startsWith('/admin/sign-in'), { timeout: 10_000 })
        .then(() => 'in'),
      page
        .getByRole('alert')
        .waitFor({ timeout: 10_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'in') return;
    // This step's code was used by an earlier journey: wait for the next step.
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
}
