import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { gotoHydrated, isPhone, setCart } from './helpers.ts';

test.describe('timed popups and their cookies', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('marketing modal after 3 s, dismissed for 3 days', async ({ page, context }) => {
    await page.clock.install();
    await gotoHydrated(page, '/');
    await page.clock.fastForward(2_500);
    await expect(page.getByRole('dialog', { name: 'Скидка 10% на первый заказ' })).toBeHidden();
    await page.clock.fastForward(1_000);
    const modal = page.getByRole('dialog', { name: 'Скидка 10% на первый заказ' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Закрыть' }).click();
    await expect(modal).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'marketingDismissed');
    expect(cookie).toBeTruthy();
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(259_200 - 120);
    await page.reload();
    await page.clock.fastForward(5_000);
    await expect(page.getByRole('dialog', { name: 'Скидка 10% на первый заказ' })).toBeHidden();
  });

  test('cookie notice after 30 s, dismissed for 30 days', async ({ page, context }) => {
    await context.addCookies([{ name: 'marketingDismissed', value: '1', domain: '127.0.0.1', path: '/' }]);
    await page.clock.install();
    await gotoHydrated(page, '/catalog');
    await page.clock.fastForward(29_000);
    await expect(page.getByRole('region', { name: 'Cookie' })).toBeHidden();
    await page.clock.fastForward(1_500);
    await expect(page.getByRole('region', { name: 'Cookie' })).toBeVisible();
    await page.getByRole('button', { name: 'Понятно' }).click();
    await expect(page.getByRole('region', { name: 'Cookie' })).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'cookieNotice');
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(30 * 86_400 - 120);
  });

  test('app banner after 2 s on phones only, dismissed for 14 days', async ({ page, context }) => {
    await context.addCookies([{ name: 'marketingDismissed', value: '1', domain: '127.0.0.1', path: '/' }]);
    await page.clock.install();
    await gotoHydrated(page, '/');
    await page.clock.fastForward(2_500);
    const banner = page.getByRole('complementary', { name: 'В приложении удобнее' });
    if (!isPhone(page)) {
      await expect(banner).toBeHidden();
      return;
    }
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Открыть' })).toHaveAttribute('href', /play\.google\.com/);
    await banner.getByRole('button', { name: 'Закрыть' }).click();
    const cookie = (await context.cookies()).find((c) => c.name === 'appBannerDismissed');
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(14 * 86_400 - 120);
  });
});

test.describe('contact forms and the newsletter', () => {
  test('ask a question from the menu and see the success view', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задайте вопрос' });
    await dialog.getByLabel('Ваш вопрос').fill('Есть ли пальто в размере XS?');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect(dialog.getByText('Спасибо! Мы свяжемся с вами в ближайшее время.')).toBeVisible();
  });

  test('request a call with the configured extra field', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('button', { name: 'Заказать звонок' }).click();
    const dialog = page.getByRole('dialog', { name: 'Перезвоним за 15 минут' });
    await dialog.getByLabel('Имя').fill('Анна');
    await dialog.getByLabel('Телефон').fill('+7 900 123-45-67');
    await dialog.getByLabel('Удобное время для звонка').fill('после 18:00');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
  });

  test('subscribe from the menu; a refused address shows the server message in an alert', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.getByLabel('Ваш email').fill(`shopper-${Date.now()}@example.com`);
    await menu.getByRole('button', { name: 'Подписаться' }).click();
    await expect(menu.getByText('Готово! Вы подписаны на рассылку.')).toBeVisible();
    page.once('dialog', async (alert) => {
      expect(alert.message()).toBe('The mailing service refused this address');
      await alert.dismiss();
    });
    await menu.getByLabel('Ваш email').fill('nobody@bounce.test');
    await menu.getByRole('button', { name: 'Подписаться' }).click();
    await expect(menu.getByText('Готово! Вы подписаны на рассылку.')).toBeHidden({ timeout: 5_000 });
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/en', '/catalog/dresses', '/products/linen-shirt-dress-sand']) {
    test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
      await gotoHydrated(page, path);
      await page.waitForTimeout(1_300); // the preloader fades out after 1 s
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
});

test.describe('header and floating buttons', () => {
  test('the home header is white until scrolled past its height; scroll-to-top after one viewport', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const header = page.locator('header.header');
    await expect(header).toHaveClass(/header--home-top/);
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect(header).not.toHaveClass(/header--home-top/);
    await expect(page.getByRole('button', { name: 'Наверх' })).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: window.innerHeight + 50, behavior: 'instant' }));
    await page.getByRole('button', { name: 'Наверх' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
    await expect(page.getByRole('link', { name: 'Написать нам' })).toHaveAttribute('href', /t\.me/);
  });

  test('other pages keep the regular header', async ({ page }) => {
    await gotoHydrated(page, '/catalog');
    await expect(page.locator('header.header')).not.toHaveClass(/header--home-top/);
  });
});

test.describe('accessibility of the panels', () => {
  test('no serious or critical axe violations in the open cart', async ({ page, context }) => {
    await setCart(context, [{ _id: 'linen-shirt-dress-sand-m', count: 1 }]);
    await gotoHydrated(page, '/catalog?cart');
    await expect(page.getByRole('dialog', { name: 'Корзина' }).locator('.cart-line')).toHaveCount(1);
    const results = await new AxeBuilder({ page }).include('.cart').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => v.id)).toEqual([]);
  });
});
