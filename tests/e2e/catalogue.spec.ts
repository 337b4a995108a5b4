import { expect, test } from '@playwright/test';
import { anyWidth, budget, expectUrl, gotoHydrated, isPhone } from './helpers.ts';

// Journeys over the demo shop the server seeds on its first start.
const dress = 'linen-shirt-dress-sand';

test.describe('browsing the catalogue', () => {
  test('browse a category, filter by size and availability, open a product', async ({ page }) => {
    await gotoHydrated(page, '/catalog');
    const nav = isPhone(page) ? page.locator('.scroller') : page.locator('.catalog__sidebar');
    await nav.getByRole('link', { name: 'Платья', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Платья' })).toBeVisible();
    await expectUrl(page, /\/catalog\/dresses$/);

    if (isPhone(page)) await page.getByText('Фильтры', { exact: true }).click();
    const filters = page.locator(isPhone(page) ? '.toolbar__filters' : '.toolbar__desktop-filters');
    // Issue 35: letter and numeric sizes in labelled groups, only the sizes dresses come in.
    await expect(filters.getByRole('group', { name: 'Буквенные' }).getByRole('link')).toHaveText([
      'XS',
      'S',
      'M',
      'L',
      'XL',
    ]);
    await expect(filters.getByRole('group', { name: 'Цифровые' }).getByRole('link').first()).toHaveText('42');
    await expect(filters.getByRole('link', { name: '37', exact: true })).toHaveCount(0);
    await filters.getByRole('link', { name: 'M', exact: true }).click();
    await expectUrl(page, /size=M/);
    await expect(filters.getByRole('link', { name: 'M', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const countWithSize = await page.locator('.catalog__count').textContent();

    await filters.getByRole('checkbox', { name: 'В наличии' }).click();
    await expectUrl(page, /size=M&avail=1/);
    await expect(page.locator('.catalog__count')).toBeVisible();
    expect(countWithSize).toMatch(/\d+ товар/);

    const first = page.locator('.grid--catalog .card').first();
    const name = (await first.locator('.card__name').textContent()) ?? '';
    await first.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The way back is the breadcrumb (catalogue → category → product), as its BreadcrumbList says.
    const crumbs = page.getByRole('navigation', { name: 'Навигация' });
    await expect(crumbs.getByRole('link', { name: 'Каталог' })).toHaveAttribute('href', '/catalog');
    await expect(crumbs.getByRole('link', { name: 'Платья', exact: true })).toHaveAttribute(
      'href',
      '/catalog/dresses',
    );
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((text) => text.includes('"BreadcrumbList"'))).toBe(true);
  });

  test('change colour and size on the product page', async ({ page }) => {
    await gotoHydrated(page, `/products/${dress}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Платье-рубашка из льна' })).toBeVisible();
    const colours = page.locator('.product__info .colour');
    expect(await colours.count()).toBeGreaterThan(1);
    const other = await colours.nth(1).getAttribute('href');
    await colours.nth(1).click();
    await expect(page).not.toHaveURL(new RegExp(`${dress}$`));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The address changes as the navigation starts; choose a size once the other colour's page shows.
    await expect(page.locator(`.product__info .colour[href="${other}"]`)).toHaveAttribute(
      'aria-current',
      'true',
    );

    const sizes = page.locator('.product__info .size');
    await sizes.first().click();
    await expectUrl(page, /\?p=/);
    await expect(sizes.first()).toHaveAttribute('aria-current', 'true');
  });

  test('add to favourites and see it in the panel', async ({ page }) => {
    await gotoHydrated(page, `/products/${dress}`);
    await page.locator('.product__info').getByRole('button', { name: 'В избранное' }).click();
    await expect(page.getByRole('button', { name: 'Избранное: 1' })).toBeVisible();
    await expect(
      page.locator('.product__info').getByRole('button', { name: 'Убрать из избранного' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Избранное: 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Избранное' });
    await expect(panel.locator('.card')).toHaveCount(1);
    await expect(panel.getByText('Платье-рубашка из льна')).toBeVisible();
  });

  test('a card in the catalogue toggles its favourite', anyWidth, async ({ page }) => {
    await gotoHydrated(page, '/catalog/dresses');
    const card = page.locator('.grid--catalog .card').first();
    await card.getByRole('button', { name: 'В избранное' }).click();
    await expect(page.getByRole('button', { name: 'Избранное: 1' })).toBeVisible();
    await card.getByRole('button', { name: 'Убрать из избранного' }).click();
    await expect(page.getByRole('button', { name: 'Избранное: 0' })).toBeVisible();
  });

  test('search with a typo and open a result', anyWidth, async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Поиск' }).click();
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('плаье');
    const dialog = page.getByRole('dialog', { name: 'Поиск' });
    await expect(dialog.locator('.search__tile').first()).toBeVisible({ timeout: budget(5_000) });
    await expect(dialog.getByRole('link', { name: 'Платья', exact: true })).toBeVisible();
    const name = (await dialog.locator('.search__tile-name').first().textContent()) ?? '';
    await dialog.locator('.search__tile').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('?product= opens the product in a modal and Escape closes it', async ({ page }) => {
    await gotoHydrated(page, `/catalog?product=${dress}`);
    const modal = page.getByRole('dialog', { name: 'Платье-рубашка из льна' });
    await expect(modal).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expectUrl(page, /\/catalog$/);
  });

  test('the English edition browses in English with the same routes', anyWidth, async ({ page }) => {
    await gotoHydrated(page, '/en/catalog/dresses');
    await expect(page.getByRole('heading', { level: 1, name: 'Dresses' })).toBeVisible();
    await page.locator('.grid--catalog .card').first().getByRole('link').click();
    await expectUrl(page, /\/en\/products\//);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/en/catalog');
    await expect(crumbs.getByRole('link', { name: 'Dresses', exact: true })).toHaveAttribute(
      'href',
      '/en/catalog/dresses',
    );
    await expect(
      page.getByRole('button', { name: /Add to cart|Pre-order|Not available/ }).first(),
    ).toBeVisible();
  });

  test('unknown category and product give the 404 page', anyWidth, async ({ page }) => {
    expect((await page.goto('/catalog/no-such-category'))?.status()).toBe(404);
    // The Russian edition says it in Russian; the English one in English.
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect((await page.goto('/en/catalog/no-such-category'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    expect((await page.goto('/products/no-such-product'))?.status()).toBe(404);
    expect((await page.goto('/catalog/dresses?page=abc&sort=%3Cscript%3E'))?.status()).toBe(200);
  });
});
