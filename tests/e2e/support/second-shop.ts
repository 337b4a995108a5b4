import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { startTbankFake, type TbankFake } from '../../fakes/tbank-fake.ts';
import { isFree, startServer } from '../../reliability/support/server-process.ts';
import { budget } from '../helpers.ts';

/** A shop of its own for journeys that need other providers than the journeys' shop. */
export interface SecondShop {
  url: string;
  /** Stops the shop and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The first free port of the journeys' second shops on 127.0.0.1: 3160-3199, or the 20 ports from
 * E2E_SECOND_PORT_BASE when scripts/e2e.ts runs the projects side by side.
 */
async function secondShopPort(): Promise<number> {
  const base = Number(process.env.E2E_SECOND_PORT_BASE ?? 3160);
  const last = process.env.E2E_SECOND_PORT_BASE ? base + 19 : 3199;
  for (let port = base; port <= last; port++) if (await isFree(port)) return port;
  throw new Error(`no free port in ${base}-${last}`);
}

/**
 * Starts the built shop on a fresh data folder with the demo seeded, in production mode with the
 * development outbox, and `env` on top (the providers under test, pointed at their fakes).
 */
export async function startSecondShop(name: string, env: Record<string, string>): Promise<SecondShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${name}-`));
  const port = await secondShopPort();
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const shop = await startServer(
      port,
      {
        NODE_ENV: 'production',
        SHOP_MODE: 'development',
        DATA_DIR: dataDir,
        SEED_DEMO: 'auto',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      120_000,
    );
    return {
      url: shop.url,
      async stop() {
        await shop.stop();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}

/**
 * A second shop whose payments go to a T-Bank fake (PAYMENTS_PROVIDER=tbank, `env` on top), for a
 * serial `test.describe` (called inside it): the fake, then the shop, start before its tests and stop
 * after them, and each test's page is kept off the network (the shop and the bank's fake are on this
 * machine). The fields (`fake`, `shop`) are read inside the tests: they are set in `beforeAll`.
 */
export function useTbankShop(name: string, env: Record<string, string> = {}) {
  const started = {} as { fake: TbankFake; shop: SecondShop };
  test.beforeAll(async () => {
    test.setTimeout(budget(150_000));
    started.fake = await startTbankFake();
    started.shop = await startSecondShop(name, {
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: started.fake.terminalKey,
      TBANK_PASSWORD: started.fake.password,
      TBANK_API_URL: started.fake.apiUrl,
      ...env,
    });
  });
  test.afterAll(async () => {
    await started.shop?.stop();
    await started.fake?.close();
  });
  test.beforeEach(async ({ page }) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  });
  return started;
}

/**
 * A guest's checkout on `shopUrl` with the cart already set, up to the pay step: courier delivery to
 * Saint Petersburg, then the contact details. `phones` gives one phone per width, as one client may
 * hold only a few unpaid orders (docs/decisions/0018-order-holds-and-abuse-limits.md).
 */
export async function checkoutToPayStep(
  page: Page,
  shopUrl: string,
  phones: { desktop: string; phone: string },
): Promise<Locator> {
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${shopUrl}/?cart`);
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
    .fill((page.viewportSize()?.width ?? 1440) < 768 ? phones.phone : phones.desktop);
  await cart.getByLabel(/^Ваш email/).fill('anna@example.ru');
  await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
  return cart;
}
