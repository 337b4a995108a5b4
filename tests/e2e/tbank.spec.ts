import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { startTbankFake, type TbankFake } from '../fakes/tbank-fake.ts';
import { type ServerProcess, startServer } from '../reliability/support/server-process.ts';
import { setCart } from './helpers.ts';

// A card payment through T-Bank acquiring (docs/decisions/0020-tbank-card-payments.md): a second shop,
// started here with PAYMENTS_PROVIDER=tbank on its own fresh data folder, sends the shopper to the
// protocol fake's payment page; paying there notifies the shop with the signed notice and returns the
// shopper to the success screen.

const SCARF = 'cashmere-scarf-camel';

/**
 * The first free port of the journeys' second shops on 127.0.0.1: 3160-3199, or the 20 ports from
 * E2E_SECOND_PORT_BASE when scripts/e2e.ts runs the projects side by side.
 */
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

test.describe('card payment through T-Bank', () => {
  // One shop for both widths, started once.
  test.describe.configure({ mode: 'serial' });
  let fake: TbankFake;
  let shop: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    fake = await startTbankFake();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-tbank-'));
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
        TBANK_TERMINAL_KEY: fake.terminalKey,
        TBANK_PASSWORD: fake.password,
        TBANK_API_URL: fake.apiUrl,
      },
      120_000,
    );
  });
  test.afterAll(async () => {
    await shop?.stop();
    await fake?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    // No network: everything is on this machine (the shop and the bank's fake).
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
    // A phone per width: the caps on one client's unpaid orders (docs/decisions/0018).
    await cart
      .getByLabel(/^Телефон \*/)
      .fill((page.viewportSize()?.width ?? 1440) < 768 ? '9991230002' : '9991230001');
    await cart.getByLabel(/^Ваш email/).fill('anna@example.ru');
    await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
    return cart;
  }

  test('a guest pays by card on the bank’s page and returns to the success screen', async ({
    page,
    context,
  }) => {
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    const cart = await checkout(page);
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

    const orderID = Number(fake.payments.get(paymentId)?.orderId);
    await expect(page).toHaveURL(new RegExp(`/\\?success=true&orderID=${orderID}&key=[\\w-]+$`));
    await expect(
      page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Корзина: 0' })).toBeVisible();
  });
});
