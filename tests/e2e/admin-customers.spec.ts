import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { anyWidth, budget } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Customers in the back office (DECISIONS 20, 30): a manager finds a shopper, downloads everything the
// shop holds about them and deletes it on request; their order stays, anonymised.

/** A shopper signs in with a code (read from the development outbox) and orders one coat. */
async function shopperWithOrder(request: APIRequestContext, phone: string): Promise<number> {
  const init = (await (await request.get('/api/auth/init')).json()) as { data: string };
  const sent = await request.post('/api/auth/get-code?isBySMS=true', {
    data: { phone },
    headers: { 'init-token': init.data },
  });
  expect(sent.ok()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?channel=sms&recipient=${phone}`);
      code = ((await res.json()) as { data: { payload: { code?: string } }[] }).data[0]?.payload.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  expect((await request.post('/api/auth/check-code', { data: { phone, code } })).ok()).toBe(true);
  expect(
    (await request.post('/api/user/update', { data: { name: 'Вера', secondName: 'Журавлёва' } })).ok(),
  ).toBe(true);
  // A coat nobody else's journey buys, in its size with the most stock.
  const group = (await (
    await request.post('/api/group-by-id', { data: { _id: 'men-s-double-breasted-coat-navy' } })
  ).json()) as { products: { _id: string; WarehouseQuantity: number }[] };
  const variant = [...group.products]
    .map((p) => ({ id: p._id, stock: p.WarehouseQuantity }))
    .sort((a, b) => b.stock - a.stock)[0];
  const res = await request.post('/api/payment', {
    data: {
      getWay: 'self',
      payment: 'online',
      fullName: 'Журавлёва Вера',
      phone,
      email: `vera.${phone}@example.ru`,
      products: [{ _id: variant?.id, count: 1 }],
      consent: true,
    },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { orderID?: number; data?: { orderID?: number } };
  const number = Number(body.orderID ?? body.data?.orderID);
  expect(number).toBeGreaterThan(0);
  return number;
}

test(
  'a manager finds a customer, downloads their data, deletes it on request, and the order stays anonymised',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(120_000));
    const phone = freshPhone();
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const orderNumber = await shopperWithOrder(shopper.request, phone);

    await signInStaff(page, staffEmail('manager', testInfo.project.name));
    await expect(page.getByRole('heading', { name: 'Сводка', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Сегодня' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'Покупатели', level: 1 })).toBeVisible();
    await page.getByLabel('Имя, телефон или e-mail').fill(`+7 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.screenshot({ path: testInfo.outputPath('customers.png'), fullPage: true });
    await page.getByRole('link', { name: 'Журавлёва Вера' }).click();

    await expect(page.getByRole('heading', { name: 'Журавлёва Вера', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: String(orderNumber) })).toHaveAttribute(
      'href',
      `/admin/orders/${orderNumber}`,
    );
    await expect(page.getByText('подтверждён').first()).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('customer.png'), fullPage: true });

    // The export: one JSON file with the profile and the order with its lines.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Выгрузить данные (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customer-[\w-]+\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported.profile).toMatchObject({
      name: 'Вера',
      secondName: 'Журавлёва',
      phone,
      phoneVerified: true,
    });
    expect(exported.orders).toHaveLength(1);
    expect(exported.orders[0]).toMatchObject({ number: orderNumber, fullName: 'Журавлёва Вера' });
    expect(exported.orders[0].lines).toHaveLength(1);
    expect(exported.orders[0].consent.version).toBeTruthy();

    // Deletion asks for the customer's contact typed in; a wrong one is refused by the server.
    const confirm = page.getByLabel('Для подтверждения введите e-mail или телефон покупателя');
    await confirm.fill('someone-else@example.ru');
    await page.getByRole('button', { name: 'Удалить данные покупателя' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Введите e-mail или телефон покупателя для подтверждения',
    );
    await confirm.fill(`8${phone.slice(1)}`);
    await page.getByRole('button', { name: 'Удалить данные покупателя' }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole('status')).toHaveText('Данные покупателя удалены; обезличено заказов: 1');

    // The order stays, its person replaced; the shopper's session is gone.
    const order = (await (await page.request.get(`/api/admin/orders/${orderNumber}`)).json()) as {
      order: { fullName: string; phone: string; email: string; total: number };
    };
    expect(order.order).toMatchObject({ fullName: 'удалено', phone: 'удалено', email: 'удалено' });
    expect(order.order.total).toBe(exported.orders[0].total);
    expect((await shopper.request.get('/api/user/fetch')).status()).toBe(401);
    await shopper.close();

    // The audit log shows the anonymisation on the order, without the person.
    await page.goto(`/admin/audit?entityType=order&entityId=${orderNumber}`);
    await expect(page.locator('strong').filter({ hasText: 'Личные данные заказа удалены' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Журавлёва');
    await page.screenshot({ path: testInfo.outputPath('audit.png'), fullPage: true });
  },
);
