import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { anyWidth, budget } from './helpers.ts';
import { E2E_STAFF_PASSWORD, signInStaff, staffEmail, totpNow } from './support/staff-accounts.ts';

// The back office (DECISIONS 30): staff sign in with a password and a TOTP second factor, enrolled
// with a QR code on the first sign-in; an admin invites the team.

async function hydrated(page: import('@playwright/test').Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

test(
  'an admin enrols the second factor on the first sign-in and invites a manager, who joins',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    const email = staffEmail('admin', testInfo.project.name);
    await page.goto('/admin/staff');
    // Signed out: the back office sends the browser to its sign-in page.
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fstaff/, { timeout: budget(15_000) });
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль').fill(E2E_STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();

    await expect(page.getByRole('heading', { name: 'Настройка второго фактора' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR-код для приложения' }).locator('svg')).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Код из приложения').fill('000000');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByRole('alert')).toHaveText('Неверный код');
    await page.getByLabel('Код из приложения').fill(totpNow(secret));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByRole('heading', { name: 'Коды восстановления' })).toBeVisible();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.screenshot({ path: testInfo.outputPath('recovery-codes.png'), fullPage: true });
    await page.getByRole('button', { name: 'Я сохранил коды, продолжить' }).click();

    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('heading', { name: 'Сотрудники', level: 1 })).toBeVisible();
    // The whole address, not a longer one ending in it (content-admin-… is another account).
    await expect(
      page.getByRole('cell', { name: new RegExp(`(^|\\s)${email.replaceAll('.', '\\.')}`) }),
    ).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // The staff member's language.
    await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'RU' }).click();

    const manager = `new-manager-${testInfo.project.name}-${Date.now()}@e2e.test`;
    const inviteForm = page.getByRole('region', { name: 'Пригласить сотрудника' });
    await inviteForm.getByLabel('E-mail').fill(manager);
    await inviteForm.getByLabel('Роль').selectOption('manager');
    await inviteForm.getByRole('button', { name: 'Пригласить' }).click();
    await expect(page.getByRole('status')).toHaveText('Приглашение отправлено');
    await expect(page.getByRole('cell', { name: manager })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('staff.png'), fullPage: true });

    // The invitation arrives by e-mail (the sandbox's outbox); the manager opens it in their own browser.
    const res = await page.request.get(
      `/api/dev/outbox?channel=email&recipient=${encodeURIComponent(manager)}`,
    );
    const [mail] = ((await res.json()) as { data: { payload: { text: string } }[] }).data;
    const link = mail?.payload.text.match(/https?:\/\/\S+\/admin\/invite\/[\w-]+/)?.[0] ?? '';
    expect(link).not.toBe('');
    const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const other = await theirs.newPage();
    await other.goto(new URL(link).pathname);
    await hydrated(other);
    await expect(other.getByText(`${manager} · Менеджер`)).toBeVisible();
    await other.getByLabel('Имя').fill('Мария');
    await other.getByLabel(/^Пароль/).fill('a-long-enough-password');
    await other.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(other.getByRole('status')).toContainText('Пароль сохранён');
    await other.getByRole('link', { name: 'Войти' }).click();
    await hydrated(other);
    await other.getByLabel('E-mail').fill(manager);
    await other.getByLabel('Пароль').fill('a-long-enough-password');
    await other.getByRole('button', { name: 'Войти' }).click();
    const theirSecret = (await other.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await other.getByLabel('Код из приложения').fill(totpNow(theirSecret));
    await other.getByRole('button', { name: 'Подтвердить' }).click();
    await other.getByRole('button', { name: 'Я сохранил коды, продолжить' }).click();
    await expect(other).toHaveURL(/\/admin$/);
    // A manager sees no staff management.
    await expect(other.getByRole('link', { name: 'Сотрудники' })).toHaveCount(0);
    await theirs.close();

    // The admin now sees the manager in the team.
    await page.reload();
    await expect(page.getByRole('cell', { name: new RegExp(manager) })).toBeVisible();
  },
);

test('an enrolled manager signs in with a code and out again', anyWidth, async ({ page }, testInfo) => {
  await signInStaff(page, staffEmail('manager', testInfo.project.name), undefined, '/admin', { fresh: true });
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test('the shop’s pages load no back-office code', anyWidth, async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  await page.goto('/catalog', { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  expect(scripts.filter((url) => /admin|sign-in|staff/i.test(url))).toEqual([]);
});
