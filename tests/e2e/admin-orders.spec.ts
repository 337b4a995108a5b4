import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Orders in the back office (docs/decisions/0012-back-office-orders.md): a manager finds a paid order
// by the phone typed as the customer says it, hands it to the carrier with a tracking number, cancels
// another one, and its stock is back on the storefront.

/** Products other journeys count on: this one leaves them alone. */
const TAKEN = [
  'linen-shirt-dress-sand',
  'cashmere-scarf-camel',
  'ribbed-tank-top-black',
  'men-s-double-breasted-coat-navy',
];

interface Variant {
  id: string;
  stock: number;
  preorder?: boolean;
}

/** Product groups listed on the catalogue page, with their variants. */
async function catalogueGroups(page: Page, request: APIRequestContext) {
  await gotoHydrated(page, '/catalog');
  const hrefs = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const ids = [...new Set(hrefs)].filter((id) => id && !TAKEN.includes(id));
  const groups: { id: string; variants: Variant[] }[] = [];
  for (const id of ids.slice(0, 30)) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    if (!res.ok()) continue;
    // The public wire shape (DECISIONS 28): `products` with `WarehouseQuantity` and 1/0 flags.
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    groups.push({
      id,
      variants: (group.products ?? []).map((p) => ({
        id: p._id,
        stock: p.WarehouseQuantity,
        preorder: p.preorder === 1,
      })),
    });
  }
  return groups;
}

/** A paid order placed and paid as a shopper does: the order, then the sandbox payment page's "pay". */
async function paidOrder(
  request: APIRequestContext,
  phone: string,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await request.post('/api/payment', {
    data: {
      payment: 'online',
      fullName: 'Соколова Мария',
      phone,
      email: `m.${phone}@example.ru`,
      consent: true,
      ...body,
    },
  });
  expect(res.ok()).toBe(true);
  const answer = (await res.json()) as { url?: string; order?: { orderID?: number } };
  const number = Number(answer.order?.orderID);
  const token = answer.url?.split('/').pop();
  expect(number).toBeGreaterThan(0);
  const paid = await request.post(`/api/sandbox/payments/${token}`, { data: { decision: 'pay' } });
  expect(paid.ok()).toBe(true);
  return number;
}

test(
  'a manager finds a paid order by phone, hands it to the carrier, cancels another and its stock is back',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(180_000));
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const groups = await catalogueGroups(page, shopper.request);
    const plenty = groups.flatMap((g) =>
      g.variants.filter((v) => !v.preorder && v.stock >= 5).map((v) => ({ g, v })),
    );
    const scarce = groups.flatMap((g) =>
      g.variants.filter((v) => !v.preorder && v.stock >= 1 && v.stock <= 2).map((v) => ({ g, v })),
    );
    const shipped = plenty[testInfo.project.name === 'phone' ? 1 : 0];
    const lastUnits = scarce[testInfo.project.name === 'phone' ? 1 : 0];
    if (!shipped || !lastUnits) throw new Error('the demo catalogue has no variant to order');

    const phone = freshPhone();
    const toShip = await paidOrder(shopper.request, phone, {
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 10',
      products: [{ _id: shipped.v.id, count: 1 }],
    });
    const toCancel = await paidOrder(shopper.request, phone, {
      getWay: 'self',
      products: [{ _id: lastUnits.v.id, count: lastUnits.v.stock }],
    });
    // The last units are sold: the product page says so.
    await gotoHydrated(page, `/products/${lastUnits.g.id}?p=${lastUnits.v.id}`);
    await expect(page.getByRole('button', { name: 'Нет в наличии' })).toBeDisabled();

    await signInStaff(page, staffEmail('manager', testInfo.project.name), undefined, '/admin/orders');
    await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();
    await page
      .getByLabel('Поиск')
      .fill(`+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`);
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('найдено: 2')).toBeVisible();
    await expect(page.getByRole('link', { name: String(toShip), exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: String(toCancel), exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('orders.png'), fullPage: true });
    await page.getByRole('link', { name: String(toShip), exact: true }).click();

    await expect(page.getByRole('heading', { name: `Заказ ${toShip}`, level: 1 })).toBeVisible();
    // A carrier delivery needs its tracking number.
    await page.getByRole('button', { name: 'Передать перевозчику' }).click();
    await expect(page.getByRole('alert')).toContainText('трек-номер');
    await page.getByLabel(/Трек-номер/).fill('1234567890');
    await page.getByRole('button', { name: 'Передать перевозчику' }).click();
    await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Передан перевозчику');
    await expect(page.getByText('1234567890').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('order-shipped.png'), fullPage: true });

    await page.goto(`/admin/orders/${toCancel}`);
    await expect(page.getByRole('heading', { name: `Заказ ${toCancel}`, level: 1 })).toBeVisible();
    await page.getByLabel('Причина отмены').fill('покупатель передумал');
    await page.getByRole('button', { name: 'Отменить заказ' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отменить заказ' }).click();
    await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Отменён');
    await expect(page.getByText(/Возврат денег .+₽: Проведён/)).toBeVisible();

    // Back on the shelf: the storefront sells the size again.
    await gotoHydrated(page, `/products/${lastUnits.g.id}?p=${lastUnits.v.id}`);
    await expect(page.getByRole('button', { name: /^В корзину/ })).toBeEnabled();
    await shopper.close();
  },
);
