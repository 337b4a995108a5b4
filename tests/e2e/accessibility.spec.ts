import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { budget, gotoHydrated, isPhone } from './helpers.ts';

// Every popup the shopper meets, scanned by axe at both widths (the desktop and phone projects),
// and every modal one checked to behave as a dialog: focus moves in, Tab stays in, Escape closes,
// focus goes back to what opened it.

async function expectNoSeriousViolations(page: Page, selector: string) {
  // Contrast is measured on the final colours: a popup open, not halfway through its fade-in.
  await page
    .locator(selector)
    .first()
    .evaluate((el) =>
      Promise.all(
        el
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished),
      ),
    );
  const results = await new AxeBuilder({ page }).include(selector).analyze();
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
}

const focusInside = (dialog: Locator) => dialog.evaluate((d) => d.contains(document.activeElement));

/** Focus inside on open, Tab and Shift+Tab kept inside, Escape closes, focus back on `returnTo`. */
async function expectRealDialog(page: Page, dialog: Locator, returnTo: Locator | null) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  const stops = await dialog.evaluate(
    (d) =>
      [
        ...d.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]',
        ),
      ].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0).length,
  );
  for (let i = 0; i < stops + 1; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab ${i + 1} of ${stops + 1} left the dialog`).toBe(true);
  }
  for (let i = 0; i < 2; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), 'Shift+Tab left the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (returnTo) await expect(returnTo).toBeFocused();
}

async function dismissOnly(context: BrowserContext, names: string[]) {
  await context.clearCookies();
  await context.addCookies(names.map((name) => ({ name, value: '1', domain: '127.0.0.1', path: '/' })));
}

/** The preloader covers the page for about 1 s after hydration: scan what the shopper sees. */
async function gotoSettled(page: Page, url: string) {
  await gotoHydrated(page, url);
  await expect(page.locator('.preloader')).toHaveCount(0);
}

test.describe('the global menu and the popups it opens', () => {
  test('the global menu', async ({ page }) => {
    await gotoSettled(page, '/');
    const opener = page.getByRole('button', { name: 'Меню' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expectNoSeriousViolations(page, '.global-menu');
    await expectRealDialog(page, menu, opener);
  });

  test('the question popup', async ({ page }) => {
    await gotoSettled(page, '/');
    const menuButton = page.getByRole('button', { name: 'Меню' });
    await menuButton.click();
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const popup = page.getByRole('dialog', { name: 'Задайте вопрос' });
    await expect(popup.getByLabel('Ваш вопрос')).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog[open]');
    // Its opener sat in the menu, which closed: focus goes back to the menu's own opener.
    await expectRealDialog(page, popup, menuButton);
  });

  test('the callback popup', async ({ page }) => {
    await gotoSettled(page, '/');
    const menuButton = page.getByRole('button', { name: 'Меню' });
    await menuButton.click();
    await page.getByRole('button', { name: 'Заказать звонок' }).click();
    const popup = page.getByRole('dialog', { name: 'Перезвоним за 15 минут' });
    await expect(popup.getByLabel('Телефон')).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog[open]');
    await expectRealDialog(page, popup, menuButton);
  });

  test('the search popup with results', async ({ page }) => {
    await gotoSettled(page, '/');
    const opener = page.getByRole('button', { name: 'Поиск' });
    await opener.click();
    const search = page.getByRole('dialog', { name: 'Поиск' });
    await search.getByRole('searchbox', { name: 'Поиск' }).fill('платье');
    await expect(search.getByRole('link').first()).toBeVisible({ timeout: budget(10_000) });
    await expectNoSeriousViolations(page, 'dialog[open]');
    await expectRealDialog(page, search, opener);
  });
});

test.describe('the timed popups', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the marketing modal', async ({ page, context }) => {
    await dismissOnly(context, ['cookieNotice', 'appBannerDismissed']);
    await page.clock.install();
    await gotoSettled(page, '/');
    await page.clock.fastForward(3_500);
    const modal = page.getByRole('dialog', { name: 'Скидка 10% на первый заказ' });
    await expect(modal).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog[open]');
    // Opened by a timer, not by the shopper: nothing to give focus back to.
    await expectRealDialog(page, modal, null);
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === 'marketingDismissed'))
      .toBe(true);
  });

  test('the cookie notice', async ({ page, context }) => {
    await dismissOnly(context, ['marketingDismissed', 'appBannerDismissed']);
    await page.clock.install();
    await gotoSettled(page, '/');
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('region', { name: 'Cookie' })).toBeVisible();
    await expectNoSeriousViolations(page, '.cookie-notice');
  });

  test('the app banner (phones only)', async ({ page, context }) => {
    await dismissOnly(context, ['marketingDismissed', 'cookieNotice']);
    await page.clock.install();
    await gotoSettled(page, '/');
    await page.clock.fastForward(2_500);
    const banner = page.getByRole('complementary', { name: 'В приложении удобнее' });
    // Phones only (catalogue.md §4): on a desktop there is nothing to check but its absence.
    if (!isPhone(page)) {
      await expect(banner).toHaveCount(0);
      return;
    }
    await expect(banner).toBeVisible();
    await expectNoSeriousViolations(page, '.app-banner');
  });
});
