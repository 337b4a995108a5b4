import { expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { anyWidth, budget, gotoHydrated, isPhone } from './helpers.ts';
import { freshLocalPhone } from './support/shop-orders.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// The catalogue back office (docs/decisions/0028-catalogue-back-office.md): an editor creates a
// product with two sizes, sets its stock and publishes it; a shopper finds it by search; a price
// change shows on the storefront at once (read and page caches dropped); the shopper buys it.

// Room for a loaded machine: the back office's pages and the storefront's data requests share two cores.
const expect = baseExpect.configure({ timeout: budget(30_000) });

const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`.replace(/\s/g, '\u00a0');

async function shopperSeesPrice(page: Page, id: string, price: number) {
  await gotoHydrated(page, `/products/${id}`);
  await expect(page.locator('.product__info').getByText(rub(price)).first()).toBeVisible();
}

test(
  'an editor creates a product with two sizes, stocks and publishes it; a shopper finds it, sees a new price at once and buys it',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(300_000));
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
    const name = `Тренч Журнальный ${tag}`;

    await signInStaff(page, staffEmail('editor', testInfo.project.name), undefined, '/admin/products');
    await expect(page.getByRole('heading', { name: 'Товары', level: 1 })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('products.png'), fullPage: true });
    await page.getByRole('link', { name: 'Новый товар' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole('heading', { name: 'Новый товар', level: 1 })).toBeVisible();

    await page.getByLabel('Название (RU)', { exact: true }).fill(name);
    await page.getByLabel('Название (EN)', { exact: true }).fill(`Journal trench ${tag}`);
    await page.getByLabel('Описание (RU)', { exact: true }).fill('Тренч из плотного хлопка');
    await page.getByLabel('Состав (RU)', { exact: true }).fill('100% хлопок');
    await page.getByLabel('Артикул', { exact: true }).fill(`TR-${tag}`.slice(0, 40));
    await page.getByLabel('Цвет (RU)', { exact: true }).fill('Бежевый');
    await page.getByLabel('Цвет (EN)', { exact: true }).fill('Beige');
    // A price not above the old one is refused, naming the field.
    await page.getByLabel('Цена, ₽', { exact: true }).fill('12900');
    await page.getByLabel('Старая цена, ₽ (скидка)', { exact: true }).fill('12000');
    await page.getByRole('button', { name: 'Добавить размер' }).click();
    await page.getByRole('button', { name: 'Добавить размер' }).click();
    await page.getByLabel('Размер 1', { exact: true }).fill('S');
    await page.getByLabel('Штрихкод 1', { exact: true }).fill(`S${Date.now()}`);
    await page.getByLabel('Размер 2', { exact: true }).fill('M');
    await page.getByLabel('Штрихкод 2', { exact: true }).fill(`M${Date.now()}`);
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await expect(page.getByRole('alert')).toContainText('oldPrice');
    await page.getByLabel('Старая цена, ₽ (скидка)', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Создать товар' }).click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/journal-trench-/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await expect(page.getByText('скрыт', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Фото и видео/ })).toHaveAttribute(
      'href',
      `/admin/products/${id}/media`,
    );
    // A photo from the file picker on the product's media page (docs/decisions/0026-media-store.md).
    await page.getByRole('link', { name: /Фото и видео/ }).click();
    await expect(page.getByRole('heading', { name: 'Фото и видео', level: 1 })).toBeVisible();
    await page.getByLabel('Выбрать фото').setInputFiles({
      name: 'trench.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#c8b08a' } })
        .jpeg()
        .toBuffer(),
    });
    await expect(page.getByRole('status')).toHaveText('Загружено фото: 1', { timeout: budget(60_000) });
    await page.getByRole('link', { name: 'К товару' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    // Stock per size, saved at once.
    for (const [size, stock] of [
      ['S', '3'],
      ['M', '2'],
    ] as const) {
      await page.getByLabel(`Остаток размера ${size}`, { exact: true }).fill(stock);
      await page.getByRole('button', { name: `Сохранить: Остаток размера ${size}` }).click();
      await expect(page.getByRole('button', { name: `Сохранить: Остаток размера ${size}` })).toBeDisabled();
    }
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(page.getByText('на сайте', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('product.png'), fullPage: true });

    // A shopper finds it by search and sees the price.
    const shopper = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize() ?? undefined,
      isMobile: isPhone(page),
      hasTouch: isPhone(page),
      storageState: await page
        .context()
        .storageState()
        .then((s) => ({ cookies: s.cookies.filter((c) => c.name !== 'shi_staff'), origins: [] })),
    });
    const buyer = await shopper.newPage();
    await buyer.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await gotoHydrated(buyer, '/');
    await buyer.getByRole('button', { name: 'Поиск' }).click();
    await buyer.getByRole('searchbox', { name: 'Поиск' }).fill(`журнальный ${tag}`);
    const search = buyer.getByRole('dialog', { name: 'Поиск' });
    // The catalogue change dropped the search index: the first search rebuilds it.
    await expect(search.locator('.search__tile', { hasText: name })).toBeVisible({ timeout: budget(30_000) });
    await shopperSeesPrice(buyer, id, 12_900);
    await expect(buyer.locator('.gallery source[type="image/avif"]').first()).toHaveAttribute(
      'srcset',
      /\/media\/uploads\/[0-9a-f]+-1200-1200\.avif 1200w/,
    );

    // The editor lowers the price: the storefront shows it on the next request.
    await page.getByLabel('Цена, ₽', { exact: true }).fill('9900');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes(`/api/admin/catalogue/products/${id}?`),
    );
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await shopperSeesPrice(buyer, id, 9_900);

    // The shopper buys size S at the new price.
    const info = buyer.locator('.product__info');
    await info.locator('.size--in_stock').first().click();
    await expect(buyer).toHaveURL(/\?p=/);
    await expect(info.locator('.size--selected')).toHaveCount(1);
    const add = isPhone(buyer)
      ? buyer.locator('.sticky-bar button')
      : info.getByRole('button', { name: /^В корзину/ });
    await add.click();
    await expect(buyer.getByRole('button', { name: 'Корзина: 1' })).toBeVisible();
    await gotoHydrated(buyer, '/?cart');
    const cart = buyer.locator('dialog.cart');
    await expect(cart.locator('.cart-line', { hasText: name })).toBeVisible();
    await cart.getByRole('button', { name: 'Перейти к оформлению' }).click();
    await cart.locator('.way').filter({ hasText: 'Самовывоз из шоурума' }).click();
    await cart.getByRole('button', { name: 'Уточнить детали' }).click();
    await cart.getByLabel(/^Фамилия и имя/).fill('Журавлёва Ольга');
    await cart.getByLabel(/^Телефон \*/).fill(freshLocalPhone());
    await cart.getByLabel(/^Ваш email/).fill(`olga.${tag}@example.ru`);
    await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect(cart.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
    await expect(cart.getByTestId('cart-total')).toHaveText(rub(9_900));
    await cart.getByRole('checkbox', { name: /согласие/ }).check();
    await cart.getByRole('button', { name: 'Оплатить картой' }).click();
    await expect(buyer).toHaveURL(/\/sandbox\/pay\/[\w-]+$/);
    await buyer.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(buyer.getByTestId('sandbox-amount')).toHaveText(rub(9_900));
    await buyer.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(buyer.getByRole('heading', { name: /Ваш заказ № \d+ успешно оформлен/ })).toBeVisible();

    // The sold unit left the stock the editor set.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByLabel('Остаток размера S', { exact: true })).toHaveValue('2');
    await shopper.close();
  },
);

test(
  'an editor makes a size table, a category refused deletion while it holds products, and a collection',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(180_000));
    const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
    await signInStaff(page, staffEmail('editor', testInfo.project.name), undefined, '/admin/size-tables');
    await expect(page.getByRole('heading', { name: 'Таблицы размеров', level: 1 })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: 'Новая таблица' }).click();
    await page.getByLabel('Название (RU)', { exact: true }).fill(`Пальто ${tag}`);
    await page.getByLabel('Название (EN)', { exact: true }).fill(`Coats ${tag}`);
    await page.getByLabel('Строка 1, столбец 1', { exact: true }).fill('44');
    await page.getByLabel('Строка 1, столбец 2', { exact: true }).fill('S');
    await page.getByRole('button', { name: '+ строка' }).click();
    await page.getByLabel('Строка 2, столбец 1', { exact: true }).fill('46');
    await page.getByLabel('Строка 2, столбец 2', { exact: true }).fill('M');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Пальто ${tag}` })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('size-tables.png'), fullPage: true });

    // Deleting a category in use is refused with what uses it.
    await page.goto('/admin/categories');
    await expect(page.getByRole('heading', { name: 'Категории', level: 1 })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const dresses = page.locator('.adm-card', { has: page.getByText('/dresses', { exact: false }) }).first();
    await dresses.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect(dresses.getByRole('alert')).toContainText('Категорию нельзя удалить');
    // The demo's dresses hold their products in subcategories, which the refusal names.
    await expect(dresses.getByRole('alert')).toContainText('Подкатегории: dresses-');
    await page.screenshot({ path: testInfo.outputPath('categories.png'), fullPage: true });

    await page.goto('/admin/collections');
    await expect(page.getByRole('heading', { name: 'Коллекции', level: 1 })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: 'Новая коллекция' }).click();
    await page.getByLabel('Название (RU)', { exact: true }).fill(`Зима ${tag}`);
    await page.getByLabel('Название (EN)', { exact: true }).fill(`Winter ${tag}`);
    await page.getByLabel('Добавить товар', { exact: true }).fill('шарф');
    await page.getByRole('button', { name: 'Найти', exact: true }).click();
    await page
      .getByRole('button', { name: /^\+ Кашемировый шарф/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`slug=winter-${tag.toLowerCase()}`));
    await expect(page.getByRole('listitem').filter({ hasText: 'Кашемировый шарф' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('collections.png'), fullPage: true });
  },
);
