import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// The try-on buyout on a phone (docs/product/try-on-buyout.md): a try-on order of 4 items goes out with
// the courier; the manager marks the 2 the buyer kept; the link and QR code show; the buyer pays in the
// sandbox; the screen shows the payment, and the 2 items handed back are on the shelf again.

test.use({ viewport: { width: 390, height: 844 } });

/** Tomorrow in Moscow (the earliest delivery day, DECISIONS 15). */
function tomorrowInMoscow(): string {
  const moscow = new Date(Date.now() + 3 * 3_600_000);
  moscow.setUTCDate(moscow.getUTCDate() + 1);
  return moscow.toISOString().slice(0, 10);
}

interface Variant {
  id: string;
  group: string;
  stock: number;
}

/** Variants in stock of distinct groups listed on the catalogue page, last groups first. */
async function variantsInStock(page: Page, request: APIRequestContext): Promise<Variant[]> {
  await gotoHydrated(page, '/catalog');
  const hrefs = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const ids = [...new Set(hrefs)].filter(Boolean).reverse();
  const found: Variant[] = [];
  for (const id of ids.slice(0, 24)) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    if (!res.ok()) continue;
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    const v = (group.products ?? []).find((p) => p.preorder === 0 && p.WarehouseQuantity >= 3);
    if (v) found.push({ id: v._id, group: id, stock: v.WarehouseQuantity });
  }
  return found;
}

async function stockOf(request: APIRequestContext, v: Variant): Promise<number> {
  const res = await request.post('/api/group-by-id', { data: { _id: v.group } });
  const group = (await res.json()) as { products?: { _id: string; WarehouseQuantity: number }[] };
  return group.products?.find((p) => p._id === v.id)?.WarehouseQuantity ?? -1;
}

test(
  'a try-on buyout of 2 of 4 items: recorded on a phone, paid by the link, the 2 others back in stock',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(240_000));
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const all = await variantsInStock(page, shopper.request);
    const offset = testInfo.project.name === 'phone' ? 4 : 0;
    const items = all.slice(offset, offset + 4);
    if (items.length < 4) throw new Error('the demo catalogue has too few variants in stock');

    // The shopper orders with fitting and pays the delivery online.
    const phone = freshPhone();
    const placed = await shopper.request.post('/api/payment', {
      data: {
        getWay: 'moscow-try',
        payment: 'online',
        fullName: 'Примерова Ольга',
        phone,
        email: `o.${phone}@example.ru`,
        address: 'Тверская улица, 7',
        room: '12',
        deliveryDate: tomorrowInMoscow(),
        deliveryTime: '12:00-14:00',
        consent: true,
        products: items.map((v) => ({ _id: v.id, count: 1 })),
      },
    });
    expect(placed.ok()).toBe(true);
    const answer = (await placed.json()) as { url?: string; order?: { orderID?: number } };
    const number = Number(answer.order?.orderID);
    const deliveryToken = answer.url?.split('/').pop();
    expect(
      (
        await shopper.request.post(`/api/sandbox/payments/${deliveryToken}`, { data: { decision: 'pay' } })
      ).ok(),
    ).toBe(true);
    const before = await Promise.all(items.map((v) => stockOf(shopper.request, v)));

    // The manager hands it to the courier, then opens the buyout screen on the phone.
    await signInStaff(
      page,
      staffEmail('manager', testInfo.project.name),
      undefined,
      `/admin/orders/${number}`,
    );
    await expect(page.getByRole('heading', { name: `Заказ ${number}`, level: 1 })).toBeVisible({
      timeout: budget(20_000),
    });
    await page.getByRole('button', { name: 'Передать перевозчику' }).click();
    await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Передан перевозчику');
    await page.getByRole('link', { name: 'Выкуп после примерки' }).click();
    await expect(page.getByRole('heading', { name: `Выкуп · заказ ${number}`, level: 1 })).toBeVisible();

    // Kept: the 2nd and the 4th.
    const boxes = page.getByRole('checkbox', { name: /^Оставил:/ });
    await expect(boxes).toHaveCount(4);
    await boxes.nth(1).check();
    await boxes.nth(3).check();
    await expect(page.getByText('Вернётся на склад: 2 шт.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('buyout-record.png'), fullPage: true });
    const recorded = page.waitForResponse(
      (r) => r.url().includes(`/api/admin/orders/${number}/buyout`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Записать выкуп' }).click();
    expect((await recorded).ok()).toBe(true);
    await expect(page.getByRole('img', { name: 'QR-код оплаты' })).toBeVisible();
    await expect(page.getByText('Ждём оплату…')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('buyout-link.png'), fullPage: true });
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`buyout-link-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // The 2 not kept are back at once; the 2 kept are still out.
    const afterRecord = await Promise.all(items.map((v) => stockOf(shopper.request, v)));
    const handedBack = before.map((s, i) => (i === 1 || i === 3 ? s : s + 1));
    expect(afterRecord).toEqual(handedBack);

    // The buyer opens the link (as if scanned) and pays in the sandbox.
    const link = await page.getByRole('link', { name: 'Ссылка на оплату' }).getAttribute('href');
    expect(link).toMatch(/\/sandbox\/pay\//);
    const payPage = await shopper.newPage();
    await gotoHydrated(payPage, new URL(link ?? '').pathname);
    await payPage.getByRole('button', { name: 'Оплатить' }).click();
    // Paid: the sandbox returns the buyer to the shop as the provider would.
    await expect(payPage).toHaveURL(/[?&]success=true/, { timeout: budget(20_000) });

    // The screen learns of the payment from the shop's notice: by itself when it refreshes first
    // (the button is then disabled), or when staff press 'Проверить оплату'.
    const received = page.getByText(/^Оплата получена/);
    await expect(async () => {
      if (await received.isVisible()) return;
      await page.getByRole('button', { name: 'Проверить оплату' }).click({ timeout: budget(2_000) });
      await expect(received).toBeVisible({ timeout: budget(2_000) });
    }).toPass({ timeout: budget(30_000) });
    await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Доставлен');
    await page.screenshot({ path: testInfo.outputPath('buyout-paid.png'), fullPage: true });

    // Stock adds up: each handed-back item once, the kept ones sold.
    const after = await Promise.all(items.map((v) => stockOf(shopper.request, v)));
    expect(after).toEqual(handedBack);
    await shopper.close();
  },
);
