import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { startTbankFake, type TbankFake } from '../fakes/tbank-fake.ts';
import { startYandexPayFake, type YandexPayFake } from '../fakes/yandex-pay-fake.ts';
import { type ServerProcess, startServer } from '../reliability/support/server-process.ts';
import { setCart } from './helpers.ts';

// One provider per payment method (docs/decisions/0030-more-payment-methods.md): a second shop with
// cards through T-Bank, Yandex Pay / Split through Yandex Pay and instalments and Dolyame left off
// (PAYMENTS_PROVIDER=tbank) offers only cards and Split, although the demo settings switch Dolyame
// and instalments on; paying by Split creates the Yandex Pay order and links to its page.

const SCARF = 'cashmere-scarf-camel';

async function freePort(): Promise<number> {
  const base = Number(process.env.E2E_SECOND_PORT_BASE ?? 3160);
  const last = process.env.E2E_SECOND_PORT_BASE ? base + 19 : 3199;
  for (let port = base; port <= last; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${base}-${last}`);
}

test.describe('payment methods by their configured providers', () => {
  test.describe.configure({ mode: 'serial' });
  let tbank: TbankFake;
  let yandex: YandexPayFake;
  let shop: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    tbank = await startTbankFake();
    yandex = await startYandexPayFake();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-methods-'));
    const port = await freePort();
    shop = await startServer(
      port,
      {
        NODE_ENV: 'production',
        SHOP_MODE: 'development',
        DATA_DIR: dataDir,
        SEED_DEMO: 'auto',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PAYMENTS_PROVIDER: 'tbank',
        TBANK_TERMINAL_KEY: tbank.terminalKey,
        TBANK_PASSWORD: tbank.password,
        TBANK_API_URL: tbank.apiUrl,
        PAYMENTS_SPLIT: 'yandex-pay',
        YANDEX_PAY_MERCHANT_ID: yandex.merchantId,
        YANDEX_PAY_API_KEY: yandex.apiKey,
        YANDEX_PAY_API_URL: yandex.apiUrl,
        YANDEX_PAY_JWKS_URL: yandex.jwksUrl,
      },
      120_000,
    );
  });
  test.afterAll(async () => {
    await shop?.stop();
    await tbank?.close();
    await yandex?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  });

  async function checkout(page: Page): Promise<Locator> {
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${shop.url}/?cart`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const cart = page.locator('dialog.cart');
    await expect(cart.locator('.cart-line')).toHaveCount(1);
    await cart.getByRole('button', { name: 'Перейти к оформлению' }).click();
    await cart.getByRole('combobox', { name: /Город/ }).fill('Санкт');
    await cart
      .getByRole('option', { name: /Санкт-Петербург/ })
      .first()
      .click();
    await cart.getByLabel(/^Адрес/).fill('Невский проспект, 10');
    await expect(cart.getByTestId('delivery-price')).toHaveText(/\d\u00a0₽/);
    await cart.getByRole('button', { name: 'Уточнить детали' }).click();
    await cart.getByLabel(/^Фамилия и имя/).fill('Иванова Анна');
    await cart
      .getByLabel(/^Телефон \*/)
      .fill((page.viewportSize()?.width ?? 1440) < 768 ? '9991230012' : '9991230011');
    await cart.getByLabel(/^Ваш email/).fill('anna@example.ru');
    await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
    return cart;
  }

  test('offers only cards and Split, and Split opens the Yandex Pay order', async ({ page, context }) => {
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    const cart = await checkout(page);
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
  });
});
