import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { anyWidth, gotoHydrated, isPhone } from './helpers.ts';

// The pickup-point picker on its own, as the mobile app opens it (DECISIONS 22). There is no
// network in tests: the map's tiles fail and the markers, clusters and clicks must still work.

test.beforeEach(async ({ page }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  // The app's web view bridge and a parent frame's listener record what the widget posts.
  await page.addInitScript(() => {
    const posted: [string, unknown][] = [];
    Object.assign(window, { posted });
    window.ReactNativeWebView = { postMessage: (message: string) => posted.push(['native', message]) };
    window.addEventListener('message', (e) => posted.push(['parent', e.data]));
  });
});

function map(page: Page) {
  return page.getByRole('region', { name: /Карта пунктов выдачи|Map of/ });
}

test.describe('the pickup widgets', () => {
  test('CDEK points appear as markers and clusters over Moscow, and a cluster click zooms in', async ({
    page,
  }) => {
    await gotoHydrated(page, '/widget-embedded');
    await expect(page.getByRole('combobox', { name: 'Город' })).toHaveValue('Москва');
    await expect(page.locator('header, footer')).toHaveCount(0);
    // checkout.md §9: Moscow opens at zoom 10.
    await expect(map(page)).toHaveAttribute('data-zoom', '10');
    const markers = map(page).locator('.picker-marker, .picker-cluster');
    await expect(markers.first()).toBeVisible();

    // At most 200 points drawn: the clusters' counts and the single markers add up to no more.
    const drawn = await map(page)
      .locator('.picker-cluster')
      .evaluateAll((els) => els.reduce((n, el) => n + Number(el.textContent), 0));
    const singles = await map(page).locator('.picker-marker').count();
    expect(drawn + singles).toBeGreaterThan(0);
    expect(drawn + singles).toBeLessThanOrEqual(200);

    const cluster = map(page).locator('.picker-cluster').first();
    await expect(cluster).toHaveAttribute('aria-label', /Пунктов выдачи рядом: \d+/);
    await cluster.click();
    await expect(map(page)).not.toHaveAttribute('data-zoom', '10');
    expect(Number(await map(page).getAttribute('data-zoom'))).toBeGreaterThan(10);
  });

  test('a marker opens the point details', async ({ page }) => {
    await gotoHydrated(page, '/widget-embedded');
    const cluster = map(page).locator('.picker-cluster').first();
    // Zoom in until single points stand out of their clusters.
    for (let i = 0; i < 6 && (await map(page).locator('.picker-marker').count()) === 0; i++) {
      const zoom = (await map(page).getAttribute('data-zoom')) ?? '';
      await cluster.click();
      // The markers are drawn again when the zoom settles.
      await expect(map(page)).not.toHaveAttribute('data-zoom', zoom);
    }
    const marker = map(page).locator('.picker-marker').first();
    const name = ((await marker.getAttribute('aria-label')) ?? '').split(',')[0] ?? '';
    await marker.click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Часы работы')).toBeVisible();
    await page.getByRole('button', { name: 'Ко всем пунктам' }).click();
    await expect(page.getByText('Часы работы')).toBeHidden();
    // Desktop lists the points beside the map; phones go back to the map alone.
    if (!isPhone(page)) await expect(page.getByText(/Показано \d+ из \d+/)).toBeVisible();
  });

  test('choosing a Boxberry point from the list shows the confirmation and posts it to the app', async ({
    page,
  }) => {
    await gotoHydrated(page, '/widget-boxberry?city_code=44');
    if (isPhone(page)) await page.getByRole('button', { name: /Список/ }).click();
    const items = page.locator('.picker__list').getByRole('button');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeLessThanOrEqual(200);
    const name = (await items.first().locator('.picker__item-name').textContent()) ?? '';
    await items.first().click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('button', { name: 'Выбрать', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Пункт выдачи выбран' })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    const posted = await page.evaluate(() => (window as unknown as { posted: [string, string][] }).posted);
    const native = posted.find(([to]) => to === 'native');
    const parent = posted.find(([to]) => to === 'parent');
    expect(native && JSON.parse(native[1])).toMatchObject({ carrier: 'boxberry', name });
    expect(parent?.[1]).toBe(native?.[1]);

    await page.getByRole('button', { name: 'Выбрать другой пункт' }).click();
    await expect(page.getByRole('combobox', { name: 'Город' })).toBeVisible();
  });

  test('the city search moves the picker to another city', async ({ page }) => {
    await gotoHydrated(page, '/widget-embedded');
    const city = page.getByRole('combobox', { name: 'Город' });
    await city.fill('Санкт');
    await page
      .getByRole('option', { name: /Санкт-Петербург/ })
      .first()
      .click();
    await expect(city).toHaveValue('Санкт-Петербург');
    // Another city is centred on itself, closer than Moscow's zoom 10.
    await expect(map(page)).not.toHaveAttribute('data-zoom', '10');
    if (isPhone(page)) await page.getByRole('button', { name: /Список/ }).click();
    await expect(page.locator('.picker__item-address').first()).toBeVisible();
  });

  test('the picker and its point details pass an accessibility check', async ({ page }) => {
    await gotoHydrated(page, '/widget-embedded');
    await expect(map(page).locator('.picker-marker, .picker-cluster').first()).toBeVisible();
    const check = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await check();
    if (isPhone(page)) await page.getByRole('button', { name: /Список/ }).click();
    await page.locator('.picker__list').getByRole('button').first().click();
    await expect(page.getByText('Часы работы')).toBeVisible();
    await check();
  });

  test('the English edition speaks English', anyWidth, async ({ page }) => {
    await gotoHydrated(page, '/en/widget-embedded');
    await expect(page.getByRole('combobox', { name: 'City' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of CDEK pickup points' })).toBeVisible();
  });
});
