import { expect, test } from '@playwright/test';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

/**
 * Issue 34: on a phone the back office's sections fold behind a menu button, and a page the role may
 * not open says so inside the back office's frame.
 */
test('on a phone the back-office menu folds away and opens from its button', async ({ page }, testInfo) => {
  await signInStaff(page, staffEmail('manager', testInfo.project.name), undefined, '/admin/orders');
  const nav = page.getByRole('navigation', { name: 'Разделы' });
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const menu = nav.getByRole('button', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Заказы' })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`menu-closed-${width}.png`) });
    // The menu bar is one line, not the 22 links above every page.
    expect((await nav.boundingBox())?.height ?? 999).toBeLessThan(80);
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Покупатели' })).toBeVisible();
    const signOut = await nav.getByRole('button', { name: 'Выйти' }).boundingBox();
    const english = await nav.getByRole('button', { name: 'EN' }).boundingBox();
    if (!signOut || !english) throw new Error('the menu’s foot is not drawn');
    const apart =
      signOut.x >= english.x + english.width ||
      english.x >= signOut.x + signOut.width ||
      signOut.y >= english.y + english.height ||
      english.y >= signOut.y + signOut.height;
    expect(apart, `«Выйти» and «EN» overlap at ${width} px`).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`menu-open-${width}.png`) });
    // A chosen section closes the menu.
    await nav.getByRole('link', { name: 'Покупатели' }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(nav.getByRole('link', { name: 'Заказы' })).toBeHidden();
  }

  // A manager opening the settings stays in the back office.
  const refused = await page.goto('/admin/settings');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Вернуться к сводке' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('refused-360.png') });
});
