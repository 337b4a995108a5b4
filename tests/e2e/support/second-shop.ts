import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { isFree, startServer } from '../../reliability/support/server-process.ts';

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
