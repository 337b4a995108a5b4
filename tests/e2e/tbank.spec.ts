import { expect, test } from '@playwright/test';
import { anyWidth, setCart } from './helpers.ts';
import { checkoutToPayStep, useTbankShop } from './support/second-shop.ts';

// A card payment through T-Bank acquiring (docs/decisions/0020-tbank-card-payments.md): a second shop,
// started here with PAYMENTS_PROVIDER=tbank on its own fresh data folder, sends the shopper to the
// protocol fake's payment page; paying there notifies the shop with the signed notice and returns the
// shopper to the success screen.

const SCARF = 'cashmere-scarf-camel';

test.describe('card payment through T-Bank', () => {
  // One shop for both widths, started once.
  test.describe.configure({ mode: 'serial' });
  const t = useTbankShop('tbank');

  test(
    'a guest pays by card on the bank’s page and returns to the success screen',
    anyWidth,
    async ({ page, context }) => {
      await setCart(context, [{ _id: SCARF, count: 1 }]);
      const cart = await checkoutToPayStep(page, t.shop.url, { desktop: '9991230001', phone: '9991230002' });
      const due = Number((await cart.getByTestId('payment-due').innerText()).replace(/\D/g, ''));
      await cart.getByRole('checkbox', { name: /согласие/ }).check();
      await cart.getByRole('button', { name: 'Оплатить картой' }).click();

      // The bank's page (the fake) charges the server's total, with the receipt's items behind it.
      await expect(page).toHaveURL(new RegExp(`^${t.fake.url}/new/\\d+$`));
      await expect(page.getByText(`Сумма: ${due}.00 ₽`)).toBeVisible();
      const paymentId = page.url().split('/').pop() ?? '';
      const receipt = t.fake.payments.get(paymentId)?.init.Receipt as { Items: { Amount: number }[] };
      expect(receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(due * 100);
      await page.getByRole('button', { name: 'Оплатить' }).click();

      // The bank's OrderId is the order's number with a per-attempt suffix.
      const orderID = Number(String(t.fake.payments.get(paymentId)?.orderId).split('-')[0]);
      await expect(page).toHaveURL(new RegExp(`/\\?success=true&orderID=${orderID}&key=[\\w-]+$`));
      await expect(
        page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Корзина: 0' })).toBeVisible();
    },
  );
});
