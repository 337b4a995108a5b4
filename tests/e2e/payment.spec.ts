import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { anyWidth, gotoHydrated, isPhone, setCart } from './helpers.ts';

// The payment step, the sandbox payment page and the result screens (checkout.md §2, §4, §5;
// DECISIONS 4, 12). Payments run in the sandbox: the shop's own page pays or declines and the
// shop learns the outcome from a signed notification, as from a real provider.

const SCARF = 'cashmere-scarf-camel'; // 7 990 ₽, no discount of its own
// Journeys that check no price take their unit from another product: every paid order keeps its unit,
// and the demo's stock of one product must last the whole run on both widths.
const BEANIE = 'merino-beanie-chocolate';

/** Every alert is accepted and recorded (checkout.md §8 speaks through `alert`). */
function recordAlerts(page: Page) {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** Digits of a price cell, `8 491 ₽` → 8491, `$98` → 98. */
async function amount(cell: Locator): Promise<number> {
  return Number((await cell.innerText()).replace(/[^\d]/g, ''));
}

async function startCheckout(page: Page, path = '/?cart') {
  await gotoHydrated(page, path);
  const cart = page.locator('dialog.cart');
  await expect(cart.locator('.cart-line')).toHaveCount(1);
  await cart.getByRole('button', { name: /^(Перейти к оформлению|Proceed to checkout)$/ }).click();
  await expect(cart.locator('.way').first()).toBeVisible();
  return cart;
}

async function chooseWay(cart: Locator, name: string) {
  await cart.locator('.way').filter({ hasText: name }).click();
}

async function fillRecipient(cart: Locator) {
  await cart.getByRole('button', { name: 'Уточнить детали' }).click();
  await cart.getByLabel(/^Фамилия и имя/).fill('Иванова Анна');
  await cart.getByLabel(/^Телефон \*/).fill('9991234567');
  await cart.getByLabel(/^Ваш email/).fill('anna@example.ru');
  await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
}

async function courierToPetersburg(cart: Locator) {
  await cart.getByRole('combobox', { name: /Город/ }).fill('Санкт');
  await cart
    .getByRole('option', { name: /Санкт-Петербург/ })
    .first()
    .click();
  await cart.getByLabel(/^Адрес/).fill('Невский проспект, 10');
  await expect(cart.getByTestId('delivery-price')).toHaveText(/\d\u00a0₽/);
}

async function agreeAndPay(cart: Locator, button: string | RegExp) {
  await cart.getByRole('checkbox', { name: /(согласие|consent)/ }).check();
  await cart.getByRole('button', { name: button }).click();
}

/** The sandbox page: the badge, the order and the decision; returns the order number. */
async function decideInSandbox(page: Page, decision: 'Оплатить' | 'Отказаться' | 'Pay' | 'Decline') {
  await expect(page).toHaveURL(/\/sandbox\/pay\/[\w-]+$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.getByText(/^(Тестовая оплата|Test payment)$/)).toBeVisible();
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const orderID = Number(title.replace(/\D/g, ''));
  expect(orderID).toBeGreaterThan(0);
  await page.getByRole('button', { name: decision, exact: true }).click();
  return orderID;
}

function purchases(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((e) => e as { event?: string; ecommerce?: { transaction_id?: string; value?: number } })
      .filter((e) => e.event === 'purchase'),
  );
}

test.beforeEach(async ({ page }) => {
  // No network in tests: the maps' tiles fail, everything else is the shop's own.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

test('a guest pays a courier order with a promo code in the sandbox and sees the success screen', async ({
  page,
  context,
}) => {
  const alerts = recordAlerts(page);
  await setCart(context, [{ _id: SCARF, count: 1 }]);
  const cart = await startCheckout(page);
  await courierToPetersburg(cart);
  await fillRecipient(cart);

  // The payment step: methods, no promo field for an empty phone, the card button.
  await expect(cart.getByRole('radio', { name: /Банковской картой/ })).toBeChecked();
  await expect(cart.getByRole('radio', { name: /Долями/ })).toBeVisible();
  const delivery = await amount(cart.getByTestId('delivery-price'));
  const promoRow = cart.getByRole('row', { name: /Промокод/ });
  await expect(promoRow).toContainText('—');

  // An unknown code: the server's message under the field, no discount.
  const code = cart.getByLabel('Промокод', { exact: true });
  await code.fill('NOPE');
  await cart.getByRole('button', { name: 'Применить' }).click();
  await expect(cart.getByText('Промокод недействителен')).toBeVisible();
  await expect(promoRow).toContainText('—');

  // WELCOME10: 10 % of 7 990 ₽ off, announced with an alert; the total follows.
  await code.fill('welcome10');
  await cart.getByRole('button', { name: 'Применить' }).click();
  await expect(promoRow).toContainText('−799\u00a0₽');
  expect(alerts).toContain('Промокод успешно применен');
  const total = 7990 + delivery - 799;
  await expect(cart.getByTestId('cart-total')).toHaveText(
    `${total.toLocaleString('ru-RU')} ₽`.replace(/\s/g, '\u00a0'),
  );
  await expect(cart.getByTestId('payment-due')).toHaveText(await cart.getByTestId('cart-total').innerText());

  // The consent is required before paying.
  const pay = cart.getByRole('button', { name: 'Оплатить картой' });
  await pay.click();
  await expect(cart.getByText('Чтобы оплатить заказ, отметьте согласие')).toBeVisible();
  await expect(page).not.toHaveURL(/sandbox/);
  await agreeAndPay(cart, 'Оплатить картой');

  // The sandbox page shows what the server charges: the discounted total.
  await expect(page.getByTestId('sandbox-amount')).toHaveText(
    `${total.toLocaleString('ru-RU')} ₽`.replace(/\s/g, '\u00a0'),
  );
  await expect(page.locator('.sandbox-pay__line')).toHaveCount(1);
  const orderID = await decideInSandbox(page, 'Оплатить');

  await expect(page).toHaveURL(new RegExp(`/\\?success=true&orderID=${orderID}&key=[\\w-]+$`));
  const result = page.locator('dialog.cart');
  await expect(
    result.getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
  ).toBeVisible();
  // Paid: the cart is emptied and the purchase reported once, with the order's number.
  await expect(page.getByRole('button', { name: 'Корзина: 0' })).toBeVisible();
  await expect.poll(async () => (await purchases(page)).length).toBe(1);
  const [purchase] = await purchases(page);
  expect(purchase?.ecommerce).toMatchObject({ transaction_id: String(orderID), value: total });

  const results = await new AxeBuilder({ page }).include('dialog.cart').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // A reload neither reports the purchase again nor brings the cart back.
  await gotoHydrated(page, `/?success=TRUE&orderID=${orderID}`);
  await expect(
    result.getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
  ).toBeVisible();
  await expect.poll(async () => (await purchases(page)).length).toBe(0);
  await result.getByRole('button', { name: 'Продолжить покупки' }).click();
  await expect(result).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test(
  'a declined payment shows the failure screen with the number and the contact phone',
  anyWidth,
  async ({ page, context }) => {
    recordAlerts(page);
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    const cart = await startCheckout(page);
    await chooseWay(cart, 'Самовывоз из шоурума');
    await fillRecipient(cart);
    await agreeAndPay(cart, 'Оплатить картой');
    const orderID = await decideInSandbox(page, 'Отказаться');

    await expect(page).toHaveURL(new RegExp(`/\\?success=false&orderID=${orderID}&key=[\\w-]+$`));
    const result = page.locator('dialog.cart');
    await expect(result.getByRole('heading', { name: 'Ошибка оформления заказа' })).toBeVisible();
    await expect(result.getByText(`Заказ № ${orderID}`)).toBeVisible();
    await expect(result.getByRole('link', { name: /\+7/ })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('dialog.cart').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // The goods stay in the cart for another try; closing leaves a plain address.
    await result.getByRole('button', { name: 'Вернуться в корзину' }).click();
    await expect(result.locator('.cart-line')).toHaveCount(1);
    await result.getByRole('button', { name: 'Закрыть' }).click();
    await expect(page).toHaveURL(/\/$/);

    // A `success=true` return for a declined order still shows the failure: the server decides.
    await gotoHydrated(page, `/?success=true&orderID=${orderID}`);
    await expect(result.getByRole('heading', { name: 'Ошибка оформления заказа' })).toBeVisible();
  },
);

test(
  'a `success=false` return for a paid order shows the success: the server decides',
  anyWidth,
  async ({ page, context }) => {
    recordAlerts(page);
    await setCart(context, [{ _id: BEANIE, count: 1 }]);
    const cart = await startCheckout(page);
    await chooseWay(cart, 'Самовывоз из шоурума');
    await fillRecipient(cart);
    await agreeAndPay(cart, 'Оплатить картой');
    const orderID = await decideInSandbox(page, 'Оплатить');
    await expect(page).toHaveURL(/success=true/);
    await gotoHydrated(page, `/?success=false&orderID=${orderID}`);
    await expect(
      page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
    ).toBeVisible();
    // The app's result page asks the server too: paid, whatever the query says.
    await gotoHydrated(page, `/payment-result?result=false&orderID=${orderID}`);
    await expect(page.getByRole('heading', { name: 'Оплата завершена' })).toBeVisible();
  },
);

test(
  'split payment gives a link to the provider instead of leaving the shop',
  anyWidth,
  async ({ page, context }) => {
    recordAlerts(page);
    await setCart(context, [{ _id: BEANIE, count: 1 }]);
    const cart = await startCheckout(page);
    await chooseWay(cart, 'Самовывоз из шоурума');
    await fillRecipient(cart);
    await cart.getByRole('radio', { name: /^(Сплит|Яндекс Пэй)/ }).check();
    await agreeAndPay(cart, /^Оплатить (Сплитом|через Яндекс Пэй)$/);
    // checkout.md §4: the order is made and the url answered, but the shop does not redirect.
    const go = cart.getByRole('link', { name: 'Перейти к оплате' });
    await expect(go).toBeVisible();
    await expect(go).toHaveAttribute('href', /^\/sandbox\/pay\/[\w-]+$/);
    await expect(cart.getByText(/^Заказ № \d+$/)).toBeVisible();
    await expect(page).not.toHaveURL(/sandbox/);
    await go.click();
    const orderID = await decideInSandbox(page, 'Оплатить');
    await expect(
      page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
    ).toBeVisible();
  },
);

test('a pickup-point order is paid and succeeds', async ({ page, context }) => {
  recordAlerts(page);
  await setCart(context, [{ _id: SCARF, count: 1 }]);
  const cart = await startCheckout(page);
  await chooseWay(cart, 'Пункт выдачи СДЭК');
  await cart.getByRole('button', { name: 'Выбрать пункт выдачи' }).click();
  const picker = page.locator('dialog.picker-dialog');
  await expect(picker).toBeVisible();
  if (isPhone(page)) await picker.getByRole('button', { name: /^Список/ }).click();
  await picker
    .locator('.picker__side')
    .getByRole('button')
    .filter({ hasText: /Пункт выдачи|СДЭК/ })
    .first()
    .click();
  await picker.getByRole('button', { name: 'Выбрать', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(cart.getByTestId('delivery-price')).toHaveText(/\d\u00a0₽/);
  await fillRecipient(cart);
  await expect(cart.locator('.summary')).toContainText(/ул\.|пр|,/);
  await agreeAndPay(cart, 'Оплатить картой');
  const orderID = await decideInSandbox(page, 'Оплатить');
  await expect(
    page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
  ).toBeVisible();
});

test('an instalment over 3 months is approved in the sandbox', anyWidth, async ({ page, context }) => {
  recordAlerts(page);
  await setCart(context, [{ _id: SCARF, count: 1 }]);
  const cart = await startCheckout(page);
  await chooseWay(cart, 'Самовывоз из шоурума');
  await fillRecipient(cart);
  await cart.getByRole('radio', { name: /Рассрочка/ }).check();
  await expect(cart.getByRole('radio', { name: /^3 мес\./ })).toBeChecked();
  await cart.getByRole('radio', { name: /^6 мес\./ }).check();
  await cart.getByRole('radio', { name: /^3 мес\./ }).check();
  // Dolyame shows its four parts; the instalment its terms.
  await cart.getByRole('radio', { name: /Долями/ }).check();
  await expect(cart.locator('.schedule__part')).toHaveCount(4);
  await cart.getByRole('radio', { name: /Рассрочка/ }).check();
  await agreeAndPay(cart, 'Оформить рассрочку');

  await expect(page.getByText('Рассрочка на 3 мес.')).toBeVisible();
  await expect(page.locator('.schedule__part')).toHaveCount(3);
  const orderID = await decideInSandbox(page, 'Оплатить');
  await expect(
    page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
  ).toBeVisible();
});

test(
  'the English edition pays in the sandbox from a total in dollars',
  anyWidth,
  async ({ page, context }) => {
    recordAlerts(page);
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    const cart = await startCheckout(page, '/en/?cart');
    await cart.getByRole('combobox', { name: /City/ }).fill('Dub');
    await cart.getByRole('option', { name: /Dubai/ }).click();
    await cart.getByLabel(/^Address/).fill('Sheikh Zayed Road 1');
    await expect(cart.getByTestId('cart-total')).toHaveText(/^\$\d/);
    // DECISIONS 7: each price converted on its own; the total is the sum of the rows shown.
    await expect(cart.getByTestId('delivery-price')).toHaveText(/^\$\d/);
    const shownTotal = await amount(cart.getByTestId('cart-total'));
    expect(shownTotal).toBe(
      (await amount(cart.locator('.cart-line__price').first())) +
        (await amount(cart.getByTestId('delivery-price'))),
    );
    await cart.getByRole('button', { name: 'Add details' }).click();
    await cart.getByLabel(/^Last and first name/).fill('Smith John');
    await cart.getByLabel('Country code').selectOption({ label: 'USA and Canada +1' });
    await cart.getByLabel(/^Phone \*/).fill('2125551234');
    await cart.getByLabel(/^Your email/).fill('john@example.com');
    await cart.getByRole('button', { name: 'Proceed to payment' }).click();

    // English shows the two card methods only, and the total in dollars.
    await expect(cart.getByRole('radio', { name: /International card/ })).toBeChecked();
    await expect(cart.locator('.payment-method')).toHaveCount(2);
    await expect(cart.getByTestId('payment-due')).toHaveText(
      await cart.getByTestId('cart-total').innerText(),
    );
    await agreeAndPay(cart, 'Pay by card');

    // The sandbox page opens in English for an English order.
    await expect(page).toHaveURL(/\/en\/sandbox\/pay\//);
    const orderID = await decideInSandbox(page, 'Pay');
    await expect(page).toHaveURL(new RegExp(`/en/\\?success=true&orderID=${orderID}&key=[\\w-]+$`));
    await expect(
      page.locator('dialog.cart').getByRole('heading', { name: `Your order No. ${orderID} has been placed` }),
    ).toBeVisible();
  },
);

test(
  'pay-by-another-person: the payer pays from the link in another browser and sees the success',
  anyWidth,
  async ({ page, context, browser }) => {
    recordAlerts(page);
    await setCart(context, [{ _id: BEANIE, count: 1 }]);
    const cart = await startCheckout(page);
    await chooseWay(cart, 'Самовывоз из шоурума');
    await fillRecipient(cart);
    await cart.getByRole('checkbox', { name: /согласие/ }).check();
    await cart.getByRole('button', { name: 'Оплатит другой человек' }).click();
    const payer = cart.getByLabel(/^Телефон плательщика/);
    await payer.fill('916123');
    await cart.getByRole('button', { name: 'Получить ссылку для оплаты' }).click();
    await expect(cart.getByText('Введите номер целиком, не меньше 10 цифр')).toBeVisible();
    await payer.fill('79161234567');
    await cart.getByRole('button', { name: 'Получить ссылку для оплаты' }).click();
    const link = cart.getByLabel(/^Ссылка на оплату заказа № \d+/);
    await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pay\/[\w-]+$/);
    await expect(page).not.toHaveURL(/sandbox/);

    // The payer opens the link in another browser and pays; the buyer's browser is not needed.
    const url = await link.inputValue();
    const orderID = Number(
      (await cart.getByText(/^Ссылка на оплату заказа № \d+/).innerText()).replace(/\D/g, ''),
    );
    const payerContext = await browser.newContext({ storageState: await context.storageState() });
    await payerContext.clearCookies({ name: 'shi-orders' });
    await payerContext.clearCookies({ name: 'cart' });
    const payerPage = await payerContext.newPage();
    await payerPage.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await payerPage.goto(url);
    await expect(payerPage.getByText('Тестовая оплата')).toBeVisible();
    expect(await decideInSandbox(payerPage, 'Оплатить')).toBe(orderID);
    // Back on the shop in the payer's browser: the return address's key shows the real status.
    await expect(payerPage).toHaveURL(new RegExp(`/\\?success=true&orderID=${orderID}&key=[\\w-]+$`));
    await expect(
      payerPage
        .locator('dialog.cart')
        .getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
    ).toBeVisible();
    // The payer's browser reports no purchase (it is not the buyer's order).
    expect(await purchases(payerPage)).toHaveLength(0);
    await payerContext.close();

    // The buyer's own browser sees the paid order too, through its own cookie.
    await gotoHydrated(page, `/?success=true&orderID=${orderID}`);
    await expect(
      page.locator('dialog.cart').getByRole('heading', { name: `Ваш заказ № ${orderID} успешно оформлен` }),
    ).toBeVisible();
  },
);

test('the payment result page hands the result to the app around it', async ({ page }) => {
  await page.addInitScript(() => {
    const posted: string[] = [];
    Object.assign(window, { posted });
    window.ReactNativeWebView = { postMessage: (message: string) => posted.push(message) };
  });
  await gotoHydrated(page, '/payment-result?result=true&orderID=42');
  await expect(page.locator('header')).toHaveCount(0);
  // The page tells what the server knows, never the query's result: this browser has no order 42.
  await expect(page.getByRole('heading', { name: 'Заказ не найден' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { posted: string[] }).posted))
    .toEqual([JSON.stringify({ result: 'true', orderID: '42' })]);
});
