import { expect, test } from '@playwright/test';
import { startTbankFake, type TbankFake } from '../fakes/tbank-fake.ts';
import { anyWidth, budget, setCart } from './helpers.ts';
import { checkoutToPayStep, type SecondShop, startSecondShop } from './support/second-shop.ts';

// A card payment through T-Bank acquiring (docs/decisions/0020-tbank-card-payments.md): a second shop,
// started here with PAYMENTS_PROVIDER=tbank on its own fresh data folder, sends the shopper to the
// protocol fake's payment page; paying there notifies the shop with the signed notice and returns the
// shopper to the success screen.

const SCARF = 'cashmere-scarf-camel';

test.describe('card payment through T-Bank', () => {
  // One shop for both widths, started once.
  test.describe.configure({ mode: 'serial' });
  let fake: TbankFake;
  let shop: SecondShop;

  test.beforeAll(async () => {
    test.setTimeout(budget(150_000));
    fake = await startTbankFake();
    shop = await startSecondShop('tbank', {
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: fake.terminalKey,
      TBANK_PASSWORD: fake.password,
      TBANK_API_URL: fake.apiUrl,
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
    await fake?.close();
  });

  test.beforeEach(async ({ page }) => {
    // No network: everything is on this machine (the shop and the bank's fake).
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  });

  test(
    'a guest pays by card on the bank’s page and returns to the success screen',
    anyWidth,
    async ({ page, context }) => {
      await setCart(context, [{ _id: SCARF, count: 1 }]);
      const cart = await checkoutToPayStep(page, shop.url, { desktop: '9991230001', phone: '9991230002' });
      const due = Number((await cart.getByTestId('payment-due').innerText()).replace(/\D/g, ''));
      await cart.getByRole('checkbox', { name: /согласие/ }).check();
      await cart.getByRole('button', { name: 'Оплатить картой' }).click();

      // The bank's page (the fake) charges the server's total, with the receipt's items behind it.
      await expect(page).toHaveURL(new RegExp(`^${fake.url}/new/\\d+$`));
      await expect(page.getByText(`Сумма: ${due}.00 ₽`)).toBeVisible();
      const paymentId = page.url().split('/').pop() ?? '';
      const receipt = fake.payments.get(paymentId)?.init.Receipt as { Items: { Amount: number }[] };
      expect(receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(due * 100);
      await page.getByRole('button', { name: 'Оплатить' }).click();

      // The bank's OrderId is the order's number with a per-attempt suffix.
      const orderID = Number(String(fake.payments.get(paymentId)?.orderId).split('-')[0]);
      await expect(page).toHaveURL(new RegExp(`/\\?success=true&orderID=${orderID}&key=[\\w-]+$`));
      await expect(
        page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Корзина: 0' })).toBeVisible();
    },
  );
});
