import { expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated, setCart } from './helpers.ts';

// The shop tells the buyer (DECISIONS 37, docs/decisions/0021-durable-jobs-and-messages.md): a paid
// order's confirmation reaches the development outbox by the job queue, and its status link opens
// the order's state in a browser that never saw the order.

const SCARF = 'cashmere-scarf-camel';

async function mail(page: Page, email: string) {
  const res = await page.request.get(`/api/dev/outbox?channel=email&recipient=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { payload: { subject: string; text: string } }[] }).data;
}

test.beforeEach(async ({ page }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

test(
  'a paid order’s confirmation and payment message reach the outbox with a working status link',
  anyWidth,
  async ({ page, context, browser }) => {
    // A first start draws photos and loads pickup data; on a busy machine the first steps take a while.
    test.setTimeout(budget(90_000));
    const stamp = `${Date.now()}`.slice(-7);
    const email = `messages-${stamp}@example.ru`;
    page.on('dialog', (dialog) => void dialog.accept());
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    await gotoHydrated(page, '/?cart');
    const cart = page.locator('dialog.cart');
    await expect(cart.locator('.cart-line')).toHaveCount(1, { timeout: budget(20_000) });
    await cart.getByRole('button', { name: 'Перейти к оформлению' }).click();
    await expect(cart.locator('.way').first()).toBeVisible({ timeout: budget(20_000) });
    await cart.getByRole('combobox', { name: /Город/ }).fill('Санкт');
    await cart
      .getByRole('option', { name: /Санкт-Петербург/ })
      .first()
      .click();
    await cart.getByLabel(/^Адрес/).fill('Невский проспект, 10');
    await expect(cart.getByTestId('delivery-price')).toHaveText(/\d\u00a0₽/, { timeout: budget(15_000) });
    await cart.getByRole('button', { name: 'Уточнить детали' }).click();
    await cart.getByLabel(/^Фамилия и имя/).fill('Иванова Анна');
    await cart.getByLabel(/^Телефон \*/).fill(`995${stamp}`);
    await cart.getByLabel(/^Ваш email/).fill(email);
    await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
    await cart.getByRole('checkbox', { name: /согласие/ }).check();
    await cart.getByRole('button', { name: 'Оплатить картой' }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\/[\w-]+$/, { timeout: budget(20_000) });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const orderID = Number((await page.getByRole('heading', { level: 1 }).innerText()).replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(page).toHaveURL(/success=true/, { timeout: budget(20_000) });

    // The worker sends within a few seconds of the payment.
    await expect
      .poll(async () => (await mail(page, email)).map((m) => m.payload.subject).sort(), {
        timeout: budget(15_000),
      })
      .toEqual([`Заказ №${orderID} оплачен`, `Заказ №${orderID} принят`]);
    const confirmation = (await mail(page, email)).find((m) => m.payload.subject.endsWith('принят'));
    expect(confirmation?.payload.text).toMatch(/× 1 — 7\s990 ₽/);
    const link = confirmation?.payload.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    const url = new URL(link);
    // The order's own status page, signed for it (not the app's hand-back route).
    expect(url.pathname).toBe('/status');
    expect(url.searchParams.get('orderID')).toBe(String(orderID));

    // Another browser (no order cookie) opens the link: the order's state, nothing personal.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(`${url.pathname}${url.search}`);
    await expect(other.getByRole('heading', { name: `Заказ № ${orderID}` })).toBeVisible({
      timeout: budget(15_000),
    });
    await stranger.close();
  },
);
