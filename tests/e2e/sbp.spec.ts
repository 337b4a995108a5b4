import { expect, test } from '@playwright/test';
import { budget, setCart } from './helpers.ts';
import { checkoutToPayStep, useTbankShop } from './support/second-shop.ts';

// SBP through T-Bank (docs/decisions/0036-sbp-and-two-stage-payments.md): a second shop with
// PAYMENTS_SBP=tbank on its own fresh data folder (the demo switches SBP on in the Russian edition)
// shows the payment's QR; the fake, standing for the shopper's bank app, pays it and notifies the
// shop; the checkout, asking the order's state, opens the success screen.

const SCARF = 'cashmere-scarf-camel';

test.describe('SBP payment through T-Bank', () => {
  test.describe.configure({ mode: 'serial' });
  const t = useTbankShop('sbp', { PAYMENTS_SBP: 'tbank' });

  test('a guest pays by SBP: the QR (on a phone the bank-app button) shows, the bank app pays, the success screen opens', async ({
    page,
    context,
  }, info) => {
    const phone = (page.viewportSize()?.width ?? 1440) < 768;
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    const cart = await checkoutToPayStep(page, t.shop.url, { desktop: '9991230011', phone: '9991230012' });

    await cart.getByRole('radio', { name: /СБП/ }).check();
    const due = Number((await cart.getByTestId('payment-due').innerText()).replace(/\D/g, ''));
    await cart.getByRole('checkbox', { name: /согласие/ }).check();
    await cart.getByRole('button', { name: 'Оплатить через СБП' }).click();

    // The shopper stays in the checkout: the QR of the payment's SBP link on a computer, the button
    // that opens the bank app on a phone.
    const qr = cart.getByRole('img', { name: 'QR-код для оплаты через СБП' });
    const app = cart.getByRole('link', { name: 'Открыть приложение банка' });
    await expect(cart.getByRole('status').filter({ hasText: 'Ждём подтверждения оплаты' })).toBeVisible();
    await expect(phone ? app : qr).toBeVisible();
    await expect(phone ? qr : app).toBeHidden();
    const payment = [...t.fake.payments.values()].at(-1);
    if (!payment) throw new Error('the bank got no payment');
    expect(payment.amount).toBe(due * 100);
    expect(t.fake.calls.filter((c) => c.method === 'GetQr').at(-1)?.body.PaymentId).toBe(payment.paymentId);
    // The button opens the payment's SBP link (here the fake's page, standing for the bank app).
    if (phone) await expect(app).toHaveAttribute('href', `${t.fake.url}/sbp/${payment.paymentId}`);
    await page.screenshot({ path: info.outputPath(`sbp-${page.viewportSize()?.width}.png`) });
    if (phone) {
      // The narrowest phone the shop serves: the button still fits.
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(app).toBeInViewport();
      await page.screenshot({ path: info.outputPath('sbp-360.png') });
    }

    // The shopper pays in the bank app: the fake notifies the shop.
    await t.fake.decide(payment.paymentId, 'pay');
    // The bank's OrderId is the order's number with a per-attempt suffix; the shop speaks of the number.
    const orderNumber = String(payment.orderId).split('-')[0];
    await expect(page).toHaveURL(new RegExp(`/\\?success=true&orderID=${orderNumber}$`), {
      timeout: budget(20_000),
    });
    await expect(
      page
        .locator('dialog.cart')
        .getByRole('heading', { name: `Ваш заказ № ${orderNumber} успешно оформлен` }),
    ).toBeVisible();
  });
});
