import { expect, test } from '@playwright/test';
import { budget, gotoHydrated, isPhone } from './helpers.ts';
import { signInStaff } from './support/staff-accounts.ts';

// Translations (docs/product/translations.md): an editor finds a new product whose English name and
// description are missing in the list of what the English edition lacks, translates both there, and
// the list and its count shrink.

test('the translations list shrinks when a product is translated there', async ({ page }, testInfo) => {
  await signInStaff(
    page,
    `translations-editor-${testInfo.project.name}@e2e.test`,
    undefined,
    '/admin/translations',
  );
  const origin = new URL(page.url()).origin;
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  // A product made in Russian only (hidden from shoppers), through the catalogue API the product page uses.
  const categories = await page.request.get('/api/admin/catalogue/categories');
  const categorySlug = ((await categories.json()) as { rows: { slug: string }[] }).rows[0]?.slug;
  const created = await page.request.post('/api/admin/catalogue/products', {
    headers: { origin },
    data: {
      art: `TR-${tag}`,
      name: { ru: `Жакет без перевода ${tag}`, en: '' },
      description: { ru: 'Прямой жакет из шерсти.', en: '' },
      composition: { ru: '100% шерсть', en: '100% wool' },
      care: { ru: 'Сухая чистка', en: 'Dry clean' },
      categorySlug,
      collectionSlugs: [],
      isNew: false,
      isBestseller: false,
      price: 12_900_00,
      oldPrice: null,
      colorName: { ru: 'Графит', en: 'Graphite' },
      colorHex: '#3a3a3c',
      sizeTableId: null,
      published: false,
      variants: [{ size: 'M', barcode: `TR-${tag}`, stock: 1, preorder: false, notification: false }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const productId = ((await created.json()) as { product: { id: string } }).product.id;

  await gotoHydrated(page, '/admin/translations?kind=product');
  await expect(page.getByRole('heading', { name: 'Переводы' })).toBeVisible();
  const tab = page.getByTestId('translations-tab-product');
  const before = Number(await tab.getAttribute('data-count'));
  expect(before).toBeGreaterThanOrEqual(2);
  const total = Number(await page.getByTestId('translations-total').getAttribute('data-count'));

  // Its rows may sit beyond the first page when other products lack English too: walk the pages.
  const rows = () => page.locator(`[data-testid="translation-row"][data-id="${productId}"]`);
  while ((await rows().count()) === 0) {
    const next = page.getByRole('link', { name: 'Следующие →' });
    await expect(next).toBeVisible();
    await next.click();
    await page.waitForURL(/offset=/);
  }
  await expect(rows()).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('translations-rows.png'), fullPage: true });
  for (const [field, english] of [
    ['name', `Unlined jacket ${tag}`],
    ['description', 'A straight wool jacket.'],
  ] as const) {
    const row = page.locator(
      `[data-testid="translation-row"][data-id="${productId}"][data-field="${field}"]`,
    );
    await row.getByLabel('По-английски').fill(english);
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await expect(row).toHaveCount(0, { timeout: budget(10_000) });
  }
  await expect(rows()).toHaveCount(0);
  await expect(tab).toHaveAttribute('data-count', String(before - 2));
  await expect(page.getByTestId('translations-total')).toHaveAttribute('data-count', String(total - 2));

  // The phone's width holds the page, down to 360 px: nothing wider than the screen.
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  if (isPhone(page)) {
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflow()).toBeLessThanOrEqual(0);
  }
});
