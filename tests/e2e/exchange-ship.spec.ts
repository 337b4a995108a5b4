import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { freshPhone, placePaidOrder, TAKEN_PRODUCTS } from './support/shop-orders.ts';
import { journeyManager, signInStaff } from './support/staff-accounts.ts';

// An exchange ships like an order (docs/product/returns.md): a buyer's size exchange of a CDEK courier
// order, accepted by staff, is handed to CDEK from the return's page with «Передать перевозчику», and
// the page shows the new size sent with CDEK's tracking number.

/** A product with two sizes in stock (its first size to order, the second to exchange for). */
async function twoSizes(page: Page, request: APIRequestContext, skip: number) {
  await gotoHydrated(page, '/catalog');
  const ids = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const found: { id: string; otherSize: string }[] = [];
  for (const id of [...new Set(ids)].filter((x) => x && !TAKEN_PRODUCTS.includes(x)).reverse()) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    const group = (await res.json()) as {
      products?: { _id: string; TheSize: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    const sizes = (group.products ?? []).filter((x) => !x.preorder && x.WarehouseQuantity >= 3);
    if (sizes[0] && sizes[1]) found.push({ id: sizes[0]._id, otherSize: sizes[1].TheSize });
    if (found.length > skip) break;
  }
  const pick = found[skip] ?? found[0];
  if (!pick) throw new Error('the demo catalogue has no product with two sizes in stock');
  return pick;
}

test(
  'a manager hands an exchange’s new size to CDEK from the return’s page and sees its tracking',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(150_000));
    const width = testInfo.project.name === 'phone' ? 390 : 1440;
    const baseURL = String(testInfo.project.use.baseURL);
    const origin = { origin: new URL(baseURL).origin };
    const shopper = await browser.newContext({ baseURL });
    const pick = await twoSizes(page, shopper.request, width === 390 ? 1 : 0);
    const phone = freshPhone();
    const number = await placePaidOrder(shopper.request, {
      phone,
      fullName: `Обменова Ольга ${phone.slice(-4)}`,
      variant: pick.id,
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 12',
    });

    // The order goes to CDEK and is delivered.
    await signInStaff(page, journeyManager('exchange', testInfo.project.name), undefined, '/admin/returns');
    const version = async () =>
      (
        (await (await page.request.get(`/api/admin/orders/${number}`)).json()) as {
          order: { version: number };
        }
      ).order.version;
    const handed = await page.request.post(`/api/admin/orders/${number}/hand-over`, {
      headers: origin,
      data: { version: await version() },
    });
    expect(handed.ok(), await handed.text()).toBe(true);
    const delivered = await page.request.post(`/api/admin/orders/${number}/steps`, {
      headers: origin,
      data: { version: await version(), from: 'shipped', to: 'delivered' },
    });
    expect(delivered.ok(), await delivered.text()).toBe(true);

    // The buyer asks for the other size, bringing the dress to the showroom.
    const options = (await (
      await shopper.request.post('/api/returns/options', { data: { orderID: number, contact: phone } })
    ).json()) as { data: { lines: { lineId: number }[] } };
    const asked = await shopper.request.post('/api/returns', {
      data: {
        orderID: number,
        contact: phone,
        reason: 'size',
        method: 'showroom',
        lines: [{ lineId: options.data.lines[0]?.lineId, quantity: 1, exchangeSize: pick.otherSize }],
      },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const ret = ((await asked.json()) as { data: { number: number; label: string } }).data;
    await shopper.close();

    // Staff receive the dress and accept it: the new size may go.
    await page.goto(`/admin/returns/${ret.number}`);
    await expect(page.getByRole('heading', { name: `Возврат ${ret.label}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Посылка получена' }).click();
    await expect(page.getByText('Получен, ждёт решения', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Сохранить решение и оформить обмен' }).click();
    const handOver = page.getByRole('button', { name: 'Передать перевозчику (СДЭК)' });
    await expect(handOver).toBeVisible();
    await page.screenshot({ path: `/tmp/exchange-ship-before-${width}.png`, fullPage: true });

    await handOver.click();
    await expect(page.getByText('Готово: Обмен передан перевозчику')).toBeVisible();
    await expect(page.getByText('отправлен', { exact: true })).toBeVisible();
    // The sandbox CDEK's number of the exchange's own parcel (`11` + the order and return numbers).
    await expect(page.getByText(`11${number}${ret.number}`, { exact: true })).toBeVisible();
    await expect(handOver).toHaveCount(0);
    await page.screenshot({ path: `/tmp/exchange-ship-after-${width}.png`, fullPage: true });
  },
);
