import { expect, test } from '@playwright/test';
import { startTbankFake, type TbankFake } from '../fakes/tbank-fake.ts';
import { startYandexPayFake, type YandexPayFake } from '../fakes/yandex-pay-fake.ts';
import { anyWidth, budget, setCart } from './helpers.ts';
import { checkoutToPayStep, type SecondShop, startSecondShop } from './support/second-shop.ts';

// One provider per payment method (docs/decisions/0030-more-payment-methods.md): a second shop with
// cards through T-Bank, Yandex Pay / Split through Yandex Pay and instalments and Dolyame left off
// (PAYMENTS_PROVIDER=tbank) offers only cards and Split, although the demo settings switch Dolyame
// and instalments on; paying by Split creates the Yandex Pay order and links to its page.

const SCARF = 'cashmere-scarf-camel';

test.describe('payment methods by their configured providers', () => {
  test.describe.configure({ mode: 'serial' });
  let tbank: TbankFake;
  let yandex: YandexPayFake;
  let shop: SecondShop;

  test.beforeAll(async () => {
    test.setTimeout(budget(150_000));
    tbank = await startTbankFake();
    yandex = await startYandexPayFake();
    shop = await startSecondShop('methods', {
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: tbank.terminalKey,
      TBANK_PASSWORD: tbank.password,
      TBANK_API_URL: tbank.apiUrl,
      PAYMENTS_SPLIT: 'yandex-pay',
      YANDEX_PAY_MERCHANT_ID: yandex.merchantId,
      YANDEX_PAY_API_KEY: yandex.apiKey,
      YANDEX_PAY_API_URL: yandex.apiUrl,
      YANDEX_PAY_JWKS_URL: yandex.jwksUrl,
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
    await tbank?.close();
    await yandex?.close();
  });

  test.beforeEach(async ({ page }) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  });

  test(
    'offers only cards and Split, and Split opens the Yandex Pay order',
    anyWidth,
    async ({ page, context }) => {
      await setCart(context, [{ _id: SCARF, count: 1 }]);
      const cart = await checkoutToPayStep(page, shop.url, { desktop: '9991230011', phone: '9991230012' });
      await expect(cart.getByRole('radio', { name: /Банковской картой/ })).toBeVisible();
      await expect(cart.getByRole('radio', { name: /Сплит/ })).toBeVisible();
      await expect(cart.getByRole('radio', { name: /Долями/ })).toHaveCount(0);
      await expect(cart.getByRole('radio', { name: /Рассрочка/ })).toHaveCount(0);
      const width = page.viewportSize()?.width ?? 1440;
      await page.screenshot({ path: `test-results/payment-methods-${width}.png`, fullPage: false });
      const due = Number((await cart.getByTestId('payment-due').innerText()).replace(/\D/g, ''));
      await cart.getByRole('radio', { name: /Сплит/ }).check();
      await cart.getByRole('checkbox', { name: /согласие/ }).check();
      await cart.getByRole('button', { name: 'Оплатить Сплитом' }).click();
      const link = cart.locator('.pay-link--wallet a');
      await expect(link).toHaveAttribute('href', new RegExp(`^${yandex.url}/pay/\\d+$`));
      const orderId = (await link.getAttribute('href'))?.split('/').pop() ?? '';
      const order = yandex.orders.get(orderId);
      expect(order?.amount).toBe(due * 100);
      expect(order?.paymentStatus).toBe('PENDING');
    },
  );
});
