import { expect, type Locator, type Page, test } from '@playwright/test';
import { buildJpeg } from '../factories/media.ts';
import { anyWidth, budget, gotoHydrated, setCart } from './helpers.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// The back office's promo codes, settings, pages and interface texts (issue 15): each change shows on
// the storefront at once.

const SCARF = 'cashmere-scarf-camel'; // 7 990 ₽, no discount of its own
const nbsp = (s: string) => s.replace(/\s/g, '\u00a0');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function startCheckout(page: Page) {
  await gotoHydrated(page, '/?cart');
  const cart = page.locator('dialog.cart');
  await expect(cart.locator('.cart-line')).toHaveCount(1, { timeout: budget(20_000) });
  await cart.getByRole('button', { name: /^(Перейти к оформлению|Proceed to checkout)$/ }).click();
  // Delivery methods and prices load after the step opens; a first start on a busy machine is slower.
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
  await expect(cart.getByTestId('delivery-price')).toHaveText(/\d\u00a0₽/, { timeout: budget(15_000) });
  await cart.getByRole('button', { name: 'Уточнить детали' }).click();
  await cart.getByLabel(/^Фамилия и имя/).fill('Соколова Мария');
  await cart.getByLabel(/^Телефон \*/).fill('9997654321');
  await cart.getByLabel(/^Ваш email/).fill('maria@example.ru');
  await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // No network in tests: the maps' tiles fail, everything else is the shop's own.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

test(
  'a manager makes a promo code in the back office and a shopper gets its discount at checkout',
  anyWidth,
  async ({ page, context }, testInfo) => {
    test.setTimeout(budget(90_000));
    const code = `AUTUMN-${testInfo.project.name.toUpperCase()}-${Date.now() % 100_000}`;
    await signInStaff(
      page,
      staffEmail('manager', testInfo.project.name),
      undefined,
      '/admin/promo-codes?new=1',
    );
    const form = page.getByRole('form', { name: 'Промокод' });
    await expect(form).toBeVisible();

    // A bad value is refused beside its field, nothing is made.
    await form.getByLabel('Код').fill(code);
    await form.getByLabel('Скидка, %').fill('150');
    await form.getByRole('button', { name: 'Создать промокод' }).click();
    await expect(form.getByRole('alert').first()).toBeVisible();
    await expect(form.locator('.adm-field[data-invalid="true"]')).toContainText('Скидка, %');

    await form.getByLabel('Скидка, %').fill('15');
    await form.getByLabel('Лимит на покупателя').fill('1');
    await form.getByRole('button', { name: 'Создать промокод' }).click();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('15');
    await expect(row).toContainText('до 1 на покупателя');
    await expect(row).toContainText('включён');
    await shot(page, 'promo-codes');

    // The shopper: 15 % of 7 990 ₽ is 1 198.50 ₽ (checkout.md §9).
    await setCart(context, [{ _id: SCARF, count: 1 }]);
    const cart = await startCheckout(page);
    await courierToPetersburgWithRecipient(cart);
    const promoRow = cart.getByRole('row', { name: /Промокод/ });
    await cart.getByLabel('Промокод', { exact: true }).fill(code.toLowerCase());
    await cart.getByRole('button', { name: 'Применить' }).click();
    await expect(promoRow).toContainText(nbsp('−1 198,50 ₽'));
  },
);

test(
  'an admin changes the shop phone and the storefront shows it at once; a bad value is refused beside its field',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(90_000));
    await signInStaff(
      page,
      `content-admin-${testInfo.project.name}@e2e.test`,
      undefined,
      '/admin/settings?group=checkout',
    );
    const checkout = page.getByRole('form', { name: 'Доставка и оплата' });
    await checkout.getByLabel('Бесплатная доставка от, ₽').fill('-5');
    await checkout.getByRole('button', { name: 'Сохранить' }).click();
    const invalid = checkout.locator('.adm-field[data-invalid="true"]');
    await expect(invalid).toContainText('Бесплатная доставка от, ₽');
    await expect(invalid.getByRole('alert')).toContainText('freeDeliveryMin');
    await shot(page, 'settings-error');

    await page.getByRole('link', { name: 'Контакты' }).click();
    const contacts = page.getByRole('form', { name: 'Контакты и соцсети' });
    const phone = contacts.getByLabel('Телефон');
    await expect(phone).not.toHaveValue('');
    const before = await phone.inputValue();
    const shown = '+7 (495) 765-43-21';
    await phone.fill(shown);
    await contacts.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Сохранено, витрина уже показывает изменения')).toBeVisible();
    await shot(page, 'settings-contacts');

    await gotoHydrated(page, '/');
    await expect(page.locator('footer')).toContainText(shown);

    // Back to the shop's own phone, so other journeys see the seeded contacts.
    await gotoHydrated(page, '/admin/settings?group=contacts');
    const again = page.getByRole('form', { name: 'Контакты и соцсети' });
    await again.getByLabel('Телефон').fill(before);
    await again.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Сохранено, витрина уже показывает изменения')).toBeVisible();
  },
);

test(
  'an editor overrides an interface text, the storefront shows it, and resets it',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(90_000));
    await signInStaff(page, staffEmail('editor', testInfo.project.name), undefined, '/admin/texts');
    await page.getByRole('searchbox', { name: 'Ключ или текст' }).fill('home.showroomTitle');
    const ru = page.locator('#text-ru-home\\.showroomTitle');
    await expect(ru).toHaveValue('Шоурум на Большой Никитской');
    await ru.fill('Шоурум у Никитских ворот');
    await page.getByRole('button', { name: 'Сохранить RU home.showroomTitle' }).click();
    await expect(page.locator('.adm-cnt__overridden')).toBeVisible();

    // A placeholder must stay.
    await page.getByRole('searchbox', { name: 'Ключ или текст' }).fill('catalog.count.many');
    const counted = page.locator('#text-ru-catalog\\.count\\.many');
    await counted.fill('много товаров');
    await page.getByRole('button', { name: 'Сохранить RU catalog.count.many' }).click();
    await expect(page.getByRole('alert')).toContainText('{count}');
    await shot(page, 'texts');

    await gotoHydrated(page, '/');
    await expect(page.getByText('Шоурум у Никитских ворот')).toBeVisible();

    await gotoHydrated(page, '/admin/texts');
    await page.getByRole('searchbox', { name: 'Ключ или текст' }).fill('home.showroomTitle');
    await page.getByRole('button', { name: 'Вернуть встроенный RU home.showroomTitle' }).click();
    await expect(page.locator('#text-ru-home\\.showroomTitle')).toHaveValue('Шоурум на Большой Никитской');
    await gotoHydrated(page, '/');
    await expect(page.getByText('Шоурум на Большой Никитской')).toBeVisible();
  },
);

test(
  'an editor makes a page with a preview, and it opens on the storefront',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(90_000));
    const slug = `gift-cards-${testInfo.project.name}-${Date.now() % 100_000}`;
    await signInStaff(page, staffEmail('editor', testInfo.project.name), undefined, '/admin/pages/new');
    const form = page.getByRole('form', { name: 'Страница' });
    await form.getByLabel('Заголовок (RU)').fill('Подарочные карты');
    await form.getByLabel('Заголовок (EN)').fill('Gift cards');
    await form.getByLabel('Адрес страницы').fill(slug);
    await form.getByRole('button', { name: '+ Текст' }).click();
    await form.getByLabel('Подзаголовок (RU)').fill('Номиналы');
    await form.getByLabel('Текст (RU)').fill('От 3 000 до 50 000 рублей.\n\nКарта действует год.');
    await form.getByLabel('Текст (EN)').fill('From 3,000 to 50,000 roubles.');
    // An image section: uploaded through the media endpoint, shown in the preview.
    await form.getByRole('button', { name: '+ Изображение' }).click();
    await form.getByLabel('Загрузить изображение').setInputFiles({
      name: 'card.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg(1200, 800),
    });
    await expect(form.getByLabel('Путь к изображению')).toHaveValue(/^\/media\/.+\.webp$/, {
      timeout: budget(30_000),
    });
    await form.getByLabel('Подпись (RU)').fill('Карта в конверте');
    const preview = page.getByRole('region', { name: 'Предпросмотр' });
    await expect(preview.getByRole('heading', { name: 'Подарочные карты' })).toBeVisible();
    await expect(preview.getByText('Карта действует год.')).toBeVisible();
    const previewImage = preview.getByRole('img', { name: 'Карта в конверте' });
    await previewImage.scrollIntoViewIfNeeded();
    await expect(previewImage).toBeVisible();
    await preview.getByRole('button', { name: 'EN' }).click();
    await expect(preview.getByRole('heading', { name: 'Gift cards' })).toBeVisible();
    await form.getByRole('button', { name: 'Создать страницу' }).click();
    await expect(page.getByRole('heading', { name: `Страница /${slug}`, level: 1 })).toBeVisible();
    await shot(page, 'page-edit');

    await gotoHydrated(page, `/${slug}`);
    await expect(page.getByRole('heading', { name: 'Подарочные карты', level: 1 })).toBeVisible();
    await expect(page.getByText('Карта действует год.')).toBeVisible();
    const image = page.getByRole('img', { name: 'Карта в конверте' });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  },
);
