import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { journeyManager, signInStaff } from './support/staff-accounts.ts';

// The orders list and every buyer (issue 34): a manager sorts and filters orders, the filter stays in
// the address through a reload, two orders are selected for an action, and the guest who placed them
// is a customer of the customers list.

/** Products other journeys count on: this one leaves them alone. */
const TAKEN = [
  'linen-shirt-dress-sand',
  'cashmere-scarf-camel',
  'ribbed-tank-top-black',
  'men-s-double-breasted-coat-navy',
];

/** A variant with plenty in stock, from the catalogue page's products. */
async function plentifulVariants(page: Page, request: APIRequestContext): Promise<string[]> {
  await gotoHydrated(page, '/catalog');
  const hrefs = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const ids = [...new Set(hrefs)].filter((id) => id && !TAKEN.includes(id));
  const found: string[] = [];
  for (const id of ids.slice(0, 20)) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    if (!res.ok()) continue;
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    for (const p of group.products ?? []) if (p.preorder === 0 && p.WarehouseQuantity >= 8) found.push(p._id);
    if (found.length >= 4) break;
  }
  return found;
}

/** A guest's paid pickup order, placed and paid as a shopper does. */
async function paidGuestOrder(
  request: APIRequestContext,
  phone: string,
  name: string,
  variant: string,
  count: number,
) {
  const res = await request.post('/api/payment', {
    data: {
      getWay: 'self',
      payment: 'online',
      fullName: name,
      phone,
      email: `list.${phone}@example.ru`,
      products: [{ _id: variant, count }],
      consent: true,
    },
  });
  expect(res.ok()).toBe(true);
  const answer = (await res.json()) as { url?: string; order?: { orderID?: number } };
  const number = Number(answer.order?.orderID);
  expect(number).toBeGreaterThan(0);
  const paid = await request.post(`/api/sandbox/payments/${answer.url?.split('/').pop()}`, {
    data: { decision: 'pay' },
  });
  expect(paid.ok()).toBe(true);
  return number;
}

test(
  'a manager sorts and filters orders, keeps the filter through a reload, acts on two, and finds the guest buyer',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(180_000));
    const width = testInfo.project.name === 'phone' ? 390 : 1440;
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const variants = await plentifulVariants(page, shopper.request);
    const variant = variants[testInfo.project.name === 'phone' ? 1 : 0] ?? variants[0];
    if (!variant) throw new Error('the demo catalogue has no variant with stock to order');
    const phone = freshPhone();
    const name = `Гостева Лидия ${phone.slice(-4)}`;
    const small = await paidGuestOrder(shopper.request, phone, name, variant, 1);
    const big = await paidGuestOrder(shopper.request, phone, name, variant, 2);
    await shopper.close();

    await signInStaff(page, journeyManager('list', testInfo.project.name), undefined, '/admin/orders');
    await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();
    await page.locator('input[name="q"]').fill(`+7 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    await page.locator('select[name="status"]').selectOption({ label: 'Оплачен' });
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/[?&]status=paid/);
    await expect(page.getByText('Найдено: 2')).toBeVisible();

    // Sorting by the total: the header turns the order round, and the address keeps it.
    const table = page.getByRole('table', { name: 'Заказы' });
    const numbers = async () =>
      (await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((t) => Number(t.trim()));
    await table.getByRole('button', { name: /Сумма/ }).click();
    await expect(page).toHaveURL(/sort=total&dir=asc/);
    await expect.poll(numbers).toEqual([small, big]);
    await table.getByRole('button', { name: /Сумма/ }).click();
    await expect(page).toHaveURL(/sort=total&dir=desc/);
    await expect.poll(numbers).toEqual([big, small]);

    // A reload keeps the filter, the sort and the list.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.locator('input[name="q"]')).toHaveValue(`+7 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    await expect(page.locator('select[name="status"]')).toHaveValue('paid');
    await expect.poll(numbers).toEqual([big, small]);
    await page.screenshot({ path: `/tmp/admin-kit-orders-${width}.png`, fullPage: true });

    // Two orders selected: a tag for both, then a step for both through the usual rules.
    await page.getByLabel(`Выбрать заказ ${small}`).check();
    await page.getByLabel(`Выбрать заказ ${big}`).check();
    const bulk = page.getByRole('region', { name: 'Действие с выбранными' });
    await expect(bulk.getByText('Выбрано: 2')).toBeVisible();
    await bulk.getByLabel('Добавить метку').fill('Журнал');
    await bulk.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByText('Готово: 2 из 2.')).toBeVisible();
    await expect(table.getByRole('link', { name: 'журнал' })).toHaveCount(2);
    await page.getByLabel(`Выбрать заказ ${small}`).check();
    await page.getByLabel(`Выбрать заказ ${big}`).check();
    await bulk.getByLabel(/^Перевести в состояние/).selectOption({ label: 'Подтверждён' });
    await bulk.getByRole('button', { name: 'Перевести', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Перевести выбранные заказы \(2\)/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByText('Готово: 2 из 2.')).toBeVisible();
    // Filtered by «Оплачен», the confirmed orders have left the list.
    await expect(page.getByText('Найдено: 0')).toBeVisible();

    // A note from the list, in the drawer.
    await page.locator('select[name="status"]').selectOption({ label: 'Подтверждён' });
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect.poll(numbers).toEqual([big, small]);
    await page.getByRole('button', { name: `Заметки и метки заказа ${big}` }).click();
    const drawer = page.getByRole('dialog', { name: `Заказ ${big}: заметки и метки` });
    await drawer
      .getByLabel('Новая заметка (видят только сотрудники)')
      .fill('Покупательница заберёт в субботу');
    await drawer.getByRole('button', { name: 'Добавить заметку' }).click();
    await expect(drawer.getByText('Покупательница заберёт в субботу')).toBeVisible();
    await drawer.getByRole('button', { name: 'Закрыть' }).click();
    await expect(table.getByRole('button', { name: `Заметки и метки заказа ${big}` })).toHaveText(
      'заметок: 1',
    );

    // The guest who placed both is one customer, with both orders.
    await page.goto('/admin/customers');
    await page.getByLabel('Имя, телефон или e-mail').fill(phone);
    await page.getByRole('button', { name: 'Найти' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('без аккаунта')).toBeVisible();
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/admin-kit-customers-${width}.png`, fullPage: true });
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: String(big), exact: true })).toBeVisible();
    await expect(page.getByText('на сайте').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/admin-kit-guest-${width}.png`, fullPage: true });
  },
);
