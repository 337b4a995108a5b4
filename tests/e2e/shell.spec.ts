import { expect, test } from '@playwright/test';
import { anyWidth, isPhone } from './helpers.ts';

test.describe('the storefront shell', () => {
  test('renders the Russian home page on the server', anyWidth, async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
    const html = await res.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('Осень в оттенках песка и графита');
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/en"/i);
    expect(html).toMatch(/Новинки/);
  });

  test(
    'renders the English home page on the server with prices in dollars',
    anyWidth,
    async ({ request }) => {
      const html = await (await request.get('/en')).text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain('Autumn in sand and graphite');
      expect(html).toMatch(/\$\d/);
      expect(html).not.toContain('₽');
    },
  );

  test('hydrates: the menu opens with the catalogue and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: 'Меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sale' })).toHaveClass(/global-menu__link--red/);
    await expect(menu.getByRole('link', { name: 'Платья', exact: true })).toBeVisible();
    // catalogue.md §2: the app button opens the phone's store (an Android phone here), a computer the app page.
    await expect(menu.getByRole('link', { name: 'Мобильное приложение' })).toHaveAttribute(
      'href',
      isPhone(page) ? /^https:\/\/play\.google\.com\// : '/app',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('switches the English edition to euros', anyWidth, async ({ page }) => {
    await page.goto('/en');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByLabel('Currency').selectOption('EUR');
    await expect(page.locator('.card .price__current').first()).toContainText('€');
    await page.reload();
    await expect(page.locator('.card .price__current').first()).toContainText('€');
  });

  test('shows the 404 page with a way back to the catalogue', anyWidth, async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog');
  });
});
