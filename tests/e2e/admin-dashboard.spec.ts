import { expect, test } from '@playwright/test';
import { budget, gotoHydrated, isPhone } from './helpers.ts';
import { signInStaff } from './support/staff-accounts.ts';

// The dashboard's pictures (docs/decisions/0046-dashboard-charts.md) for a shop with 180 days of paid
// orders (tests/e2e/support/order-history-setup.ts): a manager sees revenue, paid orders and the average
// order drawn day by day for 90 days, each against the 90 days before, switches to 7 days, and the page
// fits a phone's width.

test('a manager sees the charts of 90 days of orders and switches to 7 days', async ({ page }, testInfo) => {
  await signInStaff(page, `dashboard-manager-${testInfo.project.name}@e2e.test`, undefined, '/admin?days=90');
  await gotoHydrated(page, '/admin?days=90');

  await expect(page.getByRole('heading', { name: 'Продажи за 90 дней' })).toBeVisible({
    timeout: budget(10_000),
  });
  for (const [card, label, shape] of [
    ['Выручка', 'Выручка по дням', 'rect'],
    ['Оплаченные заказы', 'Оплаченные заказы по дням', 'rect'],
    ['Средний чек', 'Средний чек по дням', 'circle'],
  ] as const) {
    const section = page.getByRole('region', { name: card, exact: true });
    const chart = section.getByRole('img', { name: label });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('data-points', '90');
    const points = chart.locator(`${shape}[data-value]`);
    // A bar for every day; a dot for every day with orders (today may have none: the line skips it).
    if (shape === 'rect') await expect(points).toHaveCount(90);
    else expect(await points.count()).toBeGreaterThanOrEqual(89);
    // Every day of the last 90 but today had orders: its bar or dot stands above the axis.
    const drawn = await points.evaluateAll(
      (els) => els.filter((e) => Number(e.getAttribute('data-value')) > 0).length,
    );
    expect(drawn).toBeGreaterThanOrEqual(89);
    await expect(section.getByTestId('sales-change')).toContainText(/% к прошлому периоду/);
    const box = await chart.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
  }
  await expect(page.getByRole('region', { name: 'Лучшие товары' })).toContainText('Пальто из шерсти');
  await expect(page.getByRole('region', { name: 'Размеры' })).toContainText(/шт/);
  await expect(page.getByTestId('funnel')).toContainText('Оформлено');

  await page.screenshot({ path: testInfo.outputPath('dashboard-90.png'), fullPage: true });

  await page.getByRole('navigation', { name: 'Период' }).getByRole('link', { name: '7 дней' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('heading', { name: 'Продажи за 7 дней' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Выручка по дням' })).toHaveAttribute('data-points', '7');
  await expect(page.getByRole('img', { name: 'Выручка по дням' }).locator('rect[data-value]')).toHaveCount(7);

  // Nothing wider than the screen, down to the narrowest phones: the charts scale with their cards.
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
  if (isPhone(page)) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByRole('img', { name: 'Выручка по дням' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('dashboard-360.png'), fullPage: true });
  }
});
