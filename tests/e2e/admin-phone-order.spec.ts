import { expect, type Page, test } from '@playwright/test';
import { budget, gotoHydrated } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { journeyManager, signInStaff } from './support/staff-accounts.ts';

// An order taken by phone (docs/product/phone-orders.md): a manager opens «Заказ по телефону» from the
// orders list, finds a product and a size in stock, chooses the delivery and the buyer, sees the
// server's total, places the order and sends its payment link by SMS and e-mail; the buyer opens the
// link from the SMS and pays in the sandbox; the panel then shows the order paid.

/** The demo products this journey takes one unit of, one per project. */
const PRODUCT = { desktop: 'Свитер крупной вязки', phone: 'Тренч из хлопкового габардина' } as const;

interface OutboxMessage {
  payload: { text?: string; subject?: string };
}

async function outbox(page: Page, channel: 'sms' | 'email', recipient: string): Promise<OutboxMessage[]> {
  const res = await page.request.get(
    `/api/dev/outbox?channel=${channel}&recipient=${encodeURIComponent(recipient)}`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

test.beforeEach(async ({ page }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

test('a manager takes an order by phone, sends its payment link, and the buyer pays it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(budget(180_000));
  const project = testInfo.project.name as 'desktop' | 'phone';
  const phone = freshPhone();
  const email = `phone.${phone}@example.ru`;
  await signInStaff(page, journeyManager('phone', project), undefined, '/admin/orders');

  // From the orders list.
  await page.getByRole('link', { name: 'Заказ по телефону' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ по телефону' })).toBeVisible();

  // The goods: a size in stock of the product the caller names.
  await page.getByLabel('Найти товар').fill(PRODUCT[project]);
  await expect(page.locator('.adm-phone__product').first()).toContainText(PRODUCT[project], {
    timeout: budget(10_000),
  });
  // A size with ten or more in stock (other journeys count on the last units of theirs).
  const size = page
    .locator('.adm-phone__product')
    .getByRole('button', { name: /^Добавить / })
    .filter({ hasText: /в наличии: \d{2,}/ })
    .first();
  await size.click();
  const goods = page.getByRole('table', { name: 'Товары' });
  await expect(goods.getByRole('row')).toHaveCount(2);
  await goods.getByRole('spinbutton').fill('1');

  // The delivery: a CDEK pickup point in Moscow on desktop, the showroom on a phone.
  const way = page.getByLabel('Способ доставки');
  if (project === 'desktop') {
    await way.selectOption({ label: 'Пункт выдачи СДЭК' });
    await page.getByLabel('Город', { exact: true }).fill('Моск');
    await page
      .getByRole('button', { name: /^Москва/ })
      .first()
      .click();
    const point = page.getByRole('combobox', { name: /^Пункт выдачи/ });
    await expect(point.locator('option')).not.toHaveCount(1, { timeout: budget(10_000) });
    await point.selectOption({ index: 1 });
  } else {
    await way.selectOption({ label: 'Самовывоз из магазина' });
  }

  // The buyer, who agreed on the phone.
  await page.getByLabel('Фамилия и имя').fill('Телефонова Анна');
  await page.getByLabel('Телефон', { exact: true }).fill(`+${phone}`);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('checkbox', { name: /согласился на обработку/ }).check();

  // The server's total, delivery included.
  const total = page.getByTestId('phone-order-total');
  await expect(total).toHaveText(/\d.*₽/, { timeout: budget(15_000) });
  const totalText = await total.innerText();
  await page.screenshot({ path: testInfo.outputPath(`phone-order-form-${project}.png`), fullPage: true });

  // Placed after the question.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(totalText);
  await dialog.getByRole('button', { name: 'Оформить заказ' }).click();
  const placed = page.getByRole('status').filter({ hasText: /Заказ №\d+ оформлен/ });
  await expect(placed).toBeVisible({ timeout: budget(15_000) });
  const number = Number((await placed.innerText()).replace(/\D/g, ''));
  const panel = page.getByRole('region', { name: 'Ссылка на оплату' });
  await expect(panel).toContainText('Ждёт оплаты');
  await expect(panel.locator('.adm-plink__total')).toHaveText(totalText);

  // The link by SMS and e-mail; the queue sends both.
  await panel.getByRole('radio', { name: 'SMS и e-mail' }).check();
  await panel.getByRole('button', { name: 'Отправить ссылку' }).click();
  const sends = panel.locator('.adm-plink__send');
  await expect(sends).toHaveCount(2);
  await expect(panel.locator('.adm-plink__send--sent')).toHaveCount(2, { timeout: budget(20_000) });
  await page.screenshot({ path: testInfo.outputPath(`phone-order-link-${project}.png`), fullPage: true });

  // Again, by SMS only.
  await panel.getByRole('radio', { name: /^SMS на / }).check();
  await panel.getByRole('button', { name: 'Отправить ещё раз' }).click();
  await expect(panel.locator('.adm-plink__send--sent')).toHaveCount(3, { timeout: budget(20_000) });

  const texts = await outbox(page, 'sms', phone);
  const sms = texts.map((m) => m.payload.text ?? '').find((text) => text.includes(`№${number}`));
  expect(sms).toBeTruthy();
  const link = /https?:\/\/\S+\/sandbox\/pay\/[\w-]+/.exec(sms ?? '')?.[0] ?? '';
  expect(link).not.toBe('');
  const mails = await outbox(page, 'email', email);
  expect(mails.some((m) => m.payload.subject === `Оплата заказа №${number}`)).toBe(true);

  // The buyer opens the link in a browser of their own and pays in the sandbox.
  const buyer = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const pay = await buyer.newPage();
  await pay.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await gotoHydrated(pay, new URL(link).pathname);
  await expect(pay.getByText('Тестовая оплата')).toBeVisible();
  await expect(pay.getByRole('heading', { level: 1 })).toContainText(String(number));
  await pay.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(pay).toHaveURL(new RegExp(`/\\?success=true&orderID=${number}&key=[\\w-]+$`));
  await expect(
    pay.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${number} успешно оформлен` }),
  ).toBeVisible({ timeout: budget(20_000) });
  await buyer.close();

  // The order is paid: the panel says so on the order's own page too.
  await gotoHydrated(page, `/admin/orders/${number}`);
  await expect(page.getByRole('main').getByText('Оплачен', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Заказ принят по телефону`).first()).toBeVisible();
});
