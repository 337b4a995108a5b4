import { expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';

// The links of marketing mail open shopper pages that act on one press (docs/product/marketing-consent.md):
// the newsletter's confirmation, then the welcome mail's unsubscribe link.

async function mail(page: Page, email: string) {
  const res = await page.request.get(`/api/dev/outbox?channel=email&recipient=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { payload: { subject: string; text: string } }[] }).data;
}

test.beforeEach(async ({ page }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

test(
  'the newsletter is confirmed with one press on its page, and the welcome mail’s link unsubscribes',
  anyWidth,
  async ({ page }, testInfo) => {
    const email = `links-${testInfo.project.name}-${Date.now()}@example.ru`;
    const signup = await page.request.get(`/api/sendpulse/signup?email=${encodeURIComponent(email)}`);
    expect(signup.ok()).toBe(true);
    await expect.poll(async () => (await mail(page, email)).length, { timeout: budget(15_000) }).toBe(1);
    const confirmUrl = (await mail(page, email))[0]?.payload.text.match(
      /https?:\/\/\S+\/newsletter-confirm\?token=\S+/,
    )?.[0];
    expect(confirmUrl).toBeTruthy();

    // Opening the link (as a mail scanner would) confirms nothing.
    await gotoHydrated(page, new URL(String(confirmUrl)).pathname + new URL(String(confirmUrl)).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Подтверждение подписки' })).toBeVisible();
    expect(await mail(page, email)).toHaveLength(1);
    await page.screenshot({ path: testInfo.outputPath('newsletter-confirm.png') });
    await page.getByRole('button', { name: 'Подтвердить подписку' }).click();
    await expect(page.getByRole('status')).toContainText(/подпис/i);

    await expect.poll(async () => (await mail(page, email)).length, { timeout: budget(15_000) }).toBe(2);
    const welcome = (await mail(page, email)).find((m) => m.payload.subject.includes('промокод'));
    const offUrl = welcome?.payload.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
    expect(offUrl).toBeTruthy();
    await gotoHydrated(page, new URL(String(offUrl)).pathname + new URL(String(offUrl)).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Отписка от рассылок' })).toBeVisible();
    await page.getByRole('button', { name: 'Отписаться' }).click();
    await expect(page.getByRole('status')).toHaveText('Готово: вы отписаны от рассылок и напоминаний.');
    await page.screenshot({ path: testInfo.outputPath('unsubscribed.png') });

    // A forged link says so and changes nothing.
    await gotoHydrated(page, '/unsubscribe?token=not-a-real-token-at-all');
    await expect(page.getByRole('button', { name: 'Отписаться' })).toBeVisible();
    await page.getByRole('button', { name: 'Отписаться' }).click();
    await expect(page.getByText('Ссылка недействительна или устарела.')).toBeVisible();
  },
);
