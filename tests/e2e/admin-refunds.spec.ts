import { type APIRequestContext, expect, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { journeyManager, signInStaff } from './support/staff-accounts.ts';

// Refunds in the back office (docs/product/refunds.md): a manager opens a paid order of two units,
// refunds one of them with the delivery from the order page's refunds panel, sees the refund done
// with its lines and receipt, takes the other unit off the order (back to stock, refunded), and
// finds the refunds that need a hand through the menu.

/** A variant in stock with at least `count` units, from the catalogue's first groups. */
async function variantInStock(request: APIRequestContext, hrefs: string[], count: number, skip: number) {
  let seen = 0;
  for (const id of hrefs) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    if (!res.ok()) continue;
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    const fit = (group.products ?? []).find((p) => p.preorder === 0 && p.WarehouseQuantity >= count + 3);
    if (fit && seen++ >= skip) return fit._id;
  }
  throw new Error('the demo catalogue has no variant in stock');
}

test(
  'a manager refunds one unit with the delivery, then takes the other off the paid order',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(120_000));
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await gotoHydrated(page, '/catalog');
    const hrefs = [
      ...new Set(
        await page
          .locator('a[href^="/products/"]')
          .evaluateAll((links) =>
            links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
          ),
      ),
    ].filter(Boolean);
    const variant = await variantInStock(
      shopper.request,
      hrefs.slice(4),
      2,
      testInfo.project.name === 'phone' ? 1 : 0,
    );
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
        products: [{ _id: variant, count: 2 }],
      },
    });
    expect(placed.ok()).toBe(true);
    const answer = (await placed.json()) as { url?: string; order?: { orderID?: number } };
    const number = Number(answer.order?.orderID);
    const paid = await shopper.request.post(`/api/sandbox/payments/${answer.url?.split('/').pop()}`, {
      data: { decision: 'pay' },
    });
    expect(paid.ok()).toBe(true);

    await signInStaff(
      page,
      journeyManager('refunds', testInfo.project.name),
      undefined,
      `/admin/orders/${number}`,
    );
    await expect(page.getByRole('heading', { name: `Заказ ${number}`, level: 1 })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Возвраты денег' });
    await expect(panel.getByText('Возвратов денег по заказу нет')).toBeVisible();

    const form = panel.locator('form').filter({ hasText: 'Вернуть часть денег' });
    await form.getByLabel(/Сколько вернуть, шт\. \(из 2\)/).fill('1');
    // The delivery is offered when the order paid for one (a free delivery has nothing to refund).
    const delivery = form.getByLabel(/Вернуть и доставку/);
    const paidDelivery = (await delivery.count()) > 0;
    if (paidDelivery) await delivery.check();
    await form.getByLabel('Причина').fill('Брак шва');
    await form.getByRole('button', { name: 'Вернуть деньги' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуть деньги' }).click();
    await expect(panel.getByRole('status')).toHaveText('Готово');
    const row = panel.locator('tbody tr').first();
    await expect(row).toContainText('Возврат сотрудником');
    await expect(row).toContainText('Проведён');
    if (paidDelivery) await expect(row).toContainText('Доставка:');
    await expect(row).toContainText('₽');
    await row.getByText('Чек возврата').click();
    await expect(row.getByText(/шт\. ×/).first()).toBeVisible();
    await page.screenshot({ path: `/tmp/refunds-panel-${testInfo.project.name}.png`, fullPage: true });

    const remove = panel.locator('form').filter({ hasText: 'Убрать товар из заказа' });
    await remove.getByLabel(/Сколько вернуть, шт\. \(из 1\)/).fill('1');
    await remove.getByRole('button', { name: 'Убрать и вернуть деньги' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Убрать и вернуть деньги' }).click();
    await expect(panel.locator('tbody tr')).toHaveCount(2);
    await expect(panel.locator('tbody tr').nth(1)).toContainText('Проведён');
    // Nothing is left of the goods to refund or take off.
    await expect(panel.locator('form').filter({ hasText: 'Убрать товар из заказа' })).toHaveCount(0);

    await page.goto('/admin/refunds');
    await expect(
      page.getByRole('heading', { name: 'Возвраты денег, требующие внимания', level: 1 }),
    ).toBeVisible();
    await page.screenshot({ path: `/tmp/refunds-attention-${testInfo.project.name}.png`, fullPage: true });
  },
);
