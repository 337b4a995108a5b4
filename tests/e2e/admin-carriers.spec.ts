import { expect, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Hand to the carrier (docs/decisions/0025-real-carriers.md): a manager registers a paid CDEK order's
// parcel with the configured carrier (the sandbox here) from the order page; the carrier's tracking
// number shows on the page and in the buyer's order-status lookup.

test(
  'a manager hands a paid CDEK order to the carrier and the buyer sees its tracking',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(120_000));
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await gotoHydrated(page, '/catalog');
    const hrefs = await page
      .locator('a[href^="/products/"]')
      .evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
      );
    let variant: string | null = null;
    for (const id of [...new Set(hrefs)].reverse()) {
      const res = await shopper.request.post('/api/group-by-id', { data: { _id: id } });
      // The wire shape of the mobile app (DECISIONS 28): `products` with `WarehouseQuantity`.
      const group = (await res.json()) as {
        products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
      };
      const v = group.products?.find((x) => !x.preorder && x.WarehouseQuantity >= 5);
      if (v) {
        variant = v._id;
        break;
      }
    }
    if (!variant) throw new Error('the demo catalogue has no variant to order');

    const phone = freshPhone();
    const placed = await shopper.request.post('/api/payment', {
      data: {
        payment: 'online',
        fullName: 'Соколова Мария',
        phone,
        email: `m.${phone}@example.ru`,
        consent: true,
        getWay: 'delivery-sdek',
        cityID: 137,
        city: 'Санкт-Петербург',
        address: 'Невский проспект, 10',
        products: [{ _id: variant, count: 1 }],
      },
    });
    expect(placed.ok()).toBe(true);
    const answer = (await placed.json()) as { url: string; order: { orderID: number } };
    const number = answer.order.orderID;
    const paid = await shopper.request.post(`/api/sandbox/payments/${answer.url.split('/').pop()}`, {
      data: { decision: 'pay' },
    });
    expect(paid.ok()).toBe(true);

    await signInStaff(
      page,
      staffEmail('manager', testInfo.project.name),
      undefined,
      `/admin/orders/${number}`,
    );
    await expect(page.getByRole('heading', { name: `Заказ ${number}`, level: 1 })).toBeVisible();
    const handOver = page.getByRole('button', { name: 'Передать в СДЭК' });
    await expect(handOver).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('order-before-hand-over.png'), fullPage: true });
    await handOver.click();
    await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Передан перевозчику');
    const tracking = `10${String(number).padStart(8, '0')}`;
    await expect(page.getByText(tracking).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Передать в СДЭК' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('order-handed-over.png'), fullPage: true });

    const lookup = await shopper.request.post('/api/order-status', {
      data: { orderID: number, contact: phone },
    });
    expect(lookup.ok()).toBe(true);
    expect(((await lookup.json()) as { data: { tracking: unknown } }).data.tracking).toMatchObject({
      carrier: 'sdek',
      number: tracking,
    });
    await shopper.close();
  },
);
