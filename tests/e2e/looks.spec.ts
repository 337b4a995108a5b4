import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { buildJpeg } from '../factories/media.ts';
import { budget, gotoHydrated, isPhone } from './helpers.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Looks ('instashop', issue 19): staff add a page category and a look in the back office and tag the
// look's products on the looks page itself; a shopper buys the whole look with 'Купить образ'.

interface WireVariant {
  _id: string;
  TheSize: string;
  WarehouseQuantity: number;
  preorder: 0 | 1;
}
interface WireGroup {
  _id: string;
  name: string;
  color: string;
  products: WireVariant[];
}

const buyable = (v: WireVariant) => v.WarehouseQuantity >= 1 || v.preorder === 1;

/**
 * Two demo products for the look, from the shop's own API: one with a size that cannot be bought
 * (the dialog must disable it) beside sizes that can, and one more with a size to buy.
 */
async function pickItems(request: APIRequestContext): Promise<{ partly: WireGroup; other: WireGroup }> {
  const ids = new Set<string>();
  for (const query of ['платье', 'пальто', 'свитер', 'брюки', 'юбка', 'рубашка']) {
    const found = (await (await request.post('/api/search', { data: { query } })).json()) as {
      view: string;
      _id: string;
    }[];
    for (const r of found) if (r.view === 'product') ids.add(r._id);
  }
  const groups = (await (await request.post('/api/groups-by-ids', { data: [...ids] })).json()) as WireGroup[];
  const sized = groups.filter((g) => g.products.length > 1 && g.products.every((p) => p.TheSize));
  const partly = sized.find(
    (g) => g.products.some((p) => !buyable(p)) && g.products.filter(buyable).length >= 1,
  );
  const other = sized.find((g) => g.name !== partly?.name && g.products.filter(buyable).length >= 2);
  if (!partly || !other) throw new Error('the demo catalogue has no product with a sold-out size');
  return { partly, other };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** Serious or critical accessibility problems axe finds inside `selector`. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const tagName = (project: string, which: string) => `${which} ${project}`;

test.describe.configure({ mode: 'serial' });

// Not anyWidth: the shopper's journey below, at each width, buys the look this one makes.
test('staff add a page category and a look, and tag the look on the looks page', async ({
  page,
}, testInfo) => {
  test.setTimeout(budget(120_000));
  const project = testInfo.project.name;
  await signInStaff(page, staffEmail('editor', project), undefined, '/admin/looks');
  await expect(page.getByRole('heading', { name: 'Образы', level: 1 })).toBeVisible({
    timeout: budget(20_000),
  });

  // A page category: the name is asked for; the list shows it with its transliterated slug.
  const category = `Весна ${project}`;
  await page.getByRole('button', { name: 'Добавить категорию' }).click();
  const ask = page.getByRole('dialog', { name: 'Добавить категорию' });
  await ask.getByLabel('Название категории').fill(category);
  await ask.getByRole('button', { name: 'Добавить категорию' }).click();
  await expect(page.getByText('Категория добавлена')).toBeVisible();
  await expect(page.getByLabel(`Название: ${category}`)).toHaveValue(category);
  await expect(page.getByLabel(`Адрес: ${category}`)).toHaveValue(`vesna-${project}`);
  // A cancelled prompt creates nothing.
  const rows = await page.locator('.adm-table tbody tr').count();
  await page.getByRole('button', { name: 'Добавить категорию' }).click();
  await ask.getByRole('button', { name: 'Отмена' }).click();
  await expect(ask).toBeHidden();
  await expect(page.locator('.adm-table tbody tr')).toHaveCount(rows);

  // A look: its photo goes through the media store.
  const before = await page.locator('.adm-media__item').count();
  await page.getByLabel('Загрузить изображение').setInputFiles({
    name: 'look.jpg',
    mimeType: 'image/jpeg',
    buffer: await buildJpeg(1200, 1500, '#8a6f55'),
  });
  await expect(page.getByText('Образ добавлен')).toBeVisible({ timeout: budget(30_000) });
  await expect(page.locator('.adm-media__item')).toHaveCount(before + 1);
  await shot(page, `admin-looks-${page.viewportSize()?.width}`);

  // Its products are tagged on the looks page: Shift+click adds a tag, saved at once.
  const { partly, other } = await pickItems(page.request);
  await gotoHydrated(page, '/looks');
  await expect(page.locator('.staff-bar')).toBeVisible({ timeout: budget(20_000) });
  const editor = page.locator('.look').last().locator('.look-tags-editor');
  await expect(editor).toBeVisible();
  for (const [item, which, x, y] of [
    [partly, 'Первая', 0.3, 0.35],
    [other, 'Вторая', 0.6, 0.7],
  ] as const) {
    const box = await editor.boundingBox();
    if (!box) throw new Error('the look has no box');
    await editor.click({ modifiers: ['Shift'], position: { x: box.width * x, y: box.height * y } });
    const form = page.getByRole('form', { name: 'Новая метка' });
    await form.getByLabel('Текст', { exact: true }).fill(tagName(project, which));
    await form.getByLabel('ID товара').fill(item._id);
    if (which === 'Вторая') await shot(page, `look-tag-editor-${page.viewportSize()?.width}`);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(form).toBeHidden();
    await expect(editor.getByRole('button', { name: tagName(project, which) })).toBeVisible();
  }
  // A product that does not exist is refused and nothing is saved.
  const box = await editor.boundingBox();
  if (!box) throw new Error('the look has no box');
  await editor.click({ modifiers: ['Shift'], position: { x: box.width * 0.5, y: box.height * 0.2 } });
  const form = page.getByRole('form', { name: 'Новая метка' });
  await form.getByLabel('ID товара').fill('no-such-product');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('.staff-notice--error')).toContainText('no-such-product');
  await form.getByRole('button', { name: 'Отмена' }).click();

  await gotoHydrated(page, '/looks');
  const again = page.locator('.look').last().locator('.look-tags-editor');
  await expect(again.locator('.look-tags-editor__tag')).toHaveCount(2, { timeout: budget(20_000) });
});

test('a shopper buys the whole look with «Купить образ»', async ({ page, request }, testInfo) => {
  test.setTimeout(budget(90_000));
  const project = testInfo.project.name;
  const { partly, other } = await pickItems(request);
  await gotoHydrated(page, '/looks');
  const look = page
    .locator('.look')
    .filter({ has: page.getByRole('link', { name: tagName(project, 'Первая') }) });
  await expect(look).toHaveCount(1);
  await look.scrollIntoViewIfNeeded();
  await shot(page, `looks-${page.viewportSize()?.width}`);

  expect(await axeProblems(page, '.looks')).toEqual([]);

  const buyLink = look.getByRole('link', { name: 'Купить образ' });
  const address = await buyLink.getAttribute('href');
  await buyLink.click();
  const dialog = page.getByRole('dialog', { name: 'Купить образ' });
  await expect(dialog).toBeVisible();
  // A real modal dialog: focus moves in.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const first = dialog.getByRole('group', { name: `${partly.name} · ${partly.color}` });
  const second = dialog.getByRole('group', { name: `${other.name} · ${other.color}` });
  // A size that cannot be bought is there and disabled.
  const soldOut = partly.products.find((p) => !buyable(p));
  if (!soldOut) throw new Error('no sold-out size');
  await expect(first.getByRole('radio', { name: new RegExp(`^${soldOut.TheSize}\\b`) })).toBeDisabled();
  // Adding before every item has a size asks for it.
  await dialog.getByRole('button', { name: 'Добавить всё в корзину' }).click();
  await expect(first.getByText('Выберите размер')).toBeVisible();

  const sizeA = partly.products.find(buyable);
  const sizeB = other.products.filter(buyable).at(-1);
  if (!sizeA || !sizeB) throw new Error('no size to buy');
  await first.getByText(sizeA.TheSize, { exact: true }).click();
  await second.getByText(sizeB.TheSize, { exact: true }).click();
  await expect(first.getByRole('radio', { name: new RegExp(`^${sizeA.TheSize}\\b`) })).toBeChecked();
  await shot(page, `buy-look-${page.viewportSize()?.width}`);
  expect(await axeProblems(page, '.buy-look')).toEqual([]);
  if (isPhone(page)) {
    await page.setViewportSize({ width: 360, height: 780 });
    await shot(page, 'buy-look-360');
  }
  await dialog.getByRole('button', { name: 'Добавить всё в корзину' }).click();

  // The cart opens with every item of the look in its chosen size.
  const cart = page.locator('dialog.cart');
  await expect(cart.locator('.cart-line')).toHaveCount(2, { timeout: budget(20_000) });
  await expect(
    cart.locator('.cart-line').filter({ hasText: partly.name }).filter({ hasText: partly.color }),
  ).toContainText(`Размер ${sizeA.TheSize}`);
  await expect(
    cart.locator('.cart-line').filter({ hasText: other.name }).filter({ hasText: other.color }),
  ).toContainText(`Размер ${sizeB.TheSize}`);
  // The dialog belongs to the address: opened from it directly (a press before the scripts load is
  // this link), closed by Escape, which leaves the address.
  expect(address).toMatch(/^\/looks\?look=/);
  await page.goto(address ?? '/looks');
  await expect(dialog).toBeVisible({ timeout: budget(20_000) });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/look=/);
  if (isPhone(page)) {
    await gotoHydrated(page, '/looks');
    await page.locator('.look').first().scrollIntoViewIfNeeded();
    await shot(page, 'looks-360');
  }
});
