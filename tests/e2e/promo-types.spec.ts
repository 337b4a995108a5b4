import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated, setCart } from './helpers.ts';
import { journeyManager, signInStaff } from './support/staff-accounts.ts';

// Promo codes beyond a percentage (issue 34; docs/product/promo-codes.md): a minimum order judged on
// the shopper's cart at the cart's promo field, and a campaign's batch of codes made in the back
// office and downloaded as CSV. At both widths: the back office's form and the cart fold on a phone.

const SCARF = 'cashmere-scarf-camel'; // 7 990 ₽, no discount of its own
const nbsp = (s: string) => s.replace(/\s/g, '\u00a0');
/** A short run-unique tail, letters and digits only. */
const unique = (project: string) =>
  `${project === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;

test.beforeEach(async ({ page }) => {
  // No network in tests: the maps' tiles fail, everything else is the shop's own.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

async function startCheckout(page: Page) {
  await gotoHydrated(page, '/?cart');
  const cart = page.locator('dialog.cart');
  await expect(cart.locator('.cart-line')).toHaveCount(1, { timeout: budget(20_000) });
  await cart.getByRole('button', { name: /^(Перейти к оформлению|Proceed to checkout)$/ }).click();
  await expect(cart.locator('.way').first()).toBeVisible({ timeout: budget(20_000) });
  return cart;
}

async function courierToPetersburgWithRecipient(cart: Locator) {
  await cart.getByRole('combobox', { name: /Город/ }).fill('Санкт');
  await cart
    .getByRole('option', { name: /Санкт-Петербург/ })
    .first()
    .click();
  await cart.getByLabel(/^Адрес/).fill('Невский проспект, 10');
  // A price, or free above the threshold.
  await expect(cart.getByTestId('delivery-price')).toHaveText(/\d\u00a0₽|Бесплатно/, {
    timeout: budget(15_000),
  });
  await cart.getByRole('button', { name: 'Уточнить детали' }).click();
  await cart.getByLabel(/^Фамилия и имя/).fill('Соколова Мария');
  await cart.getByLabel(/^Телефон \*/).fill('9997654322');
  await cart.getByLabel(/^Ваш email/).fill('maria-promo@example.ru');
  await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
}

async function applyCode(cart: Locator, code: string) {
  await cart.getByLabel('Промокод', { exact: true }).fill(code);
  await cart.getByRole('button', { name: 'Применить' }).click();
}

test(
  'a promo code with a minimum order refuses a smaller cart and applies once the cart reaches it',
  anyWidth,
  async ({ page, context }, testInfo) => {
    test.setTimeout(budget(120_000));
    const code = `FROM10K-${unique(testInfo.project.name)}`;
    await signInStaff(
      page,
      journeyManager('promo', testInfo.project.name),
      undefined,
      '/admin/promo-codes?new=1',
    );
    const form = page.getByRole('form', { name: 'Промокод' });
    await form.getByLabel('Код').fill(code);
    await expect(form.getByLabel('Вид скидки')).toHaveValue('percent');
    await form.getByLabel('Скидка, %').fill('10');
    await form.getByLabel('Заказ от, ₽').fill('10000');
    await form.getByRole('button', { name: 'Создать промокод' }).click();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText(nbsp('Скидка в процентах · 10 %'));
    await expect(row).toContainText(nbsp('заказ от 10 000 ₽'));
    await page.screenshot({ path: testInfo.outputPath('promo-list.png'), fullPage: true });

    // One scarf, 7 990 ₽: below the minimum, refused under the field saying so, no discount.
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    let cart = await startCheckout(page);
    await courierToPetersburgWithRecipient(cart);
    const promoRow = () => cart.getByRole('row', { name: /Промокод/ });
    await applyCode(cart, code.toLowerCase());
    await expect(cart.getByText(nbsp('Промокод действует на заказ от 10 000 ₽'))).toBeVisible();
    await expect(promoRow()).toContainText('—');
    await page.screenshot({ path: testInfo.outputPath('promo-refused.png') });

    // Two scarves, 15 980 ₽: the minimum is reached and 10 % comes off.
    await setCart(context, [{ _id: SCARF, count: 2 }]);
    cart = await startCheckout(page);
    await courierToPetersburgWithRecipient(cart);
    await applyCode(cart, code);
    await expect(promoRow()).toContainText(nbsp('−1 598 ₽'));
    await expect(cart.getByText(nbsp('Промокод действует на заказ от 10 000 ₽'))).toHaveCount(0);
  },
);

test(
  'a manager makes a batch of single-use codes in the back office and downloads their CSV',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(90_000));
    const prefix = `E2E${unique(testInfo.project.name)}`;
    await signInStaff(
      page,
      journeyManager('promo', testInfo.project.name),
      undefined,
      '/admin/promo-codes?batch=1',
    );
    const form = page.getByRole('form', { name: 'Партия промокодов' });
    await expect(form).toBeVisible();

    // A count beyond the batch's size is refused beside its field before anything is made.
    await form.getByLabel('Начало кодов').fill(prefix);
    await form.getByLabel('Сколько кодов').fill('6000');
    await form.getByRole('button', { name: 'Создать коды' }).click();
    await expect(form.locator('.adm-field[data-invalid="true"]')).toContainText('Сколько кодов');

    await form.getByLabel('Сколько кодов').fill('5');
    await form.getByLabel('Вид скидки').selectOption({ label: 'Скидка суммой' });
    await form.getByLabel('Скидка, ₽').fill('500');
    await form.getByRole('button', { name: 'Создать коды' }).click();
    await expect(form.getByRole('status')).toHaveText('Создано кодов: 5');
    await page.screenshot({ path: testInfo.outputPath('promo-batch.png'), fullPage: true });

    // The list shows the batch in words, with its uses.
    const row = page.getByRole('row', { name: new RegExp(prefix) });
    await expect(row).toContainText(nbsp('Скидка суммой · 500 ₽'));
    await expect(row).toContainText('0 / 5');

    const link = form.getByRole('link', { name: 'Скачать CSV' });
    // The page scrolls smoothly (app.css): a pointer click aimed while it still glides lands on the form
    // above, where a finger would wait for it to stop; the link's own click is what a tap gives.
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.dispatchEvent('click')]);
    expect(download.suggestedFilename()).toBe(`promo-${prefix}.csv`);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Промокод;Вид;Скидка;Заказ от;Действует до;Использован');
    const codes = lines.slice(1).map((l) => l.split(';')[0] ?? '');
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const c of codes) expect(c).toMatch(new RegExp(`^${prefix}-[2-9A-HJKMNP-Z]{8}$`));
    expect(lines[1]?.split(';').slice(1)).toEqual(['Скидка суммой', nbsp('500 ₽'), '', '', 'нет']);
  },
);
