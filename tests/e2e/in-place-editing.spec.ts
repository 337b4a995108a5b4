import { expect, type Page, test } from '@playwright/test';
import { buildMp4 } from '../factories/media.ts';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { signInStaff } from './support/staff-accounts.ts';

// In-place editing on the storefront (catalogue.md §4-§6, docs/decisions/0037-in-place-editing.md):
// an editor adds a photo tag by shift-click, drags it and finds it after a reload; edits a tab's
// text and a menu item where they stand (Escape undoes); uploads a video and deletes it. A shopper's
// page loads no editing code, and a forged marker cookie gives a shopper nothing.

/** A demo product the other journeys do not touch, one per project. */
async function freeProduct(page: Page, project: string): Promise<string> {
  await gotoHydrated(page, '/catalog');
  const ids = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const unique = [...new Set(ids)].filter(Boolean);
  return unique[project === 'desktop' ? 3 : 4] as string;
}

async function editorOn(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page.locator('.staff-bar')).toBeVisible({ timeout: budget(20_000) });
}

test(
  'an editor tags a photo, edits a tab text and a menu item, uploads and deletes a video on the live pages',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(180_000));
    const project = testInfo.project.name;
    const id = await freeProduct(page, project);
    await signInStaff(page, `inplace-editor-${project}@e2e.test`);
    await editorOn(page, `/products/${id}`);

    // Photo tags: shift-click adds one where the pointer is, it opens for editing; each change saves itself.
    const layer = page.locator('[data-staff-tags]').first();
    await layer.scrollIntoViewIfNeeded();
    const box = await layer.boundingBox();
    if (!box) throw new Error('no photo layer');
    const saved = () => page.waitForResponse((r) => r.url().includes('/api/tags-save') && r.ok());
    let save = saved();
    await layer.click({ modifiers: ['Shift'], position: { x: box.width * 0.3, y: box.height * 0.4 } });
    await save;
    const tag = layer.getByRole('button', { name: 'Тег «Новый тег»' });
    await expect(tag).toBeVisible();
    const form = layer.getByRole('dialog');
    save = saved();
    await form.getByLabel('Текст', { exact: true }).fill('Пояс из кожи');
    await form.getByLabel('Ширина, до 300').click();
    await save;
    // Its English text, for the English edition.
    save = saved();
    await form.getByLabel('Текст по-английски').fill('Leather belt');
    await form.getByLabel('Ширина, до 300').click();
    const english = await (await save).json();
    expect(english.data).toContainEqual(
      expect.objectContaining({ name: 'Пояс из кожи', nameEn: 'Leather belt' }),
    );
    // A width off the step is refused with the spec's rule and the tag keeps its width.
    save = page.waitForResponse((r) => r.url().includes('/api/tags-save'));
    await form.getByLabel('Ширина, до 300').fill('305');
    await form.getByLabel('Текст', { exact: true }).click();
    expect((await save).status()).toBe(400);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ширина тега: от 0 до 300 с шагом 10' }),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Закрыть' }).click();

    // Dragged to a new place, then found there after a reload.
    const moved = layer.getByRole('button', { name: 'Тег «Пояс из кожи»' });
    await moved.scrollIntoViewIfNeeded();
    const from = await moved.boundingBox();
    const area = await layer.boundingBox();
    if (!from || !area) throw new Error('no tag');
    save = saved();
    await page.mouse.move(from.x + 8, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.6, { steps: 8 });
    await page.mouse.up();
    const afterDrag = await (await save).json();
    const stored = afterDrag.data.find((t: { name: string }) => t.name === 'Пояс из кожи');
    expect(stored.left).toBeGreaterThan(40);
    expect(stored.top).toBeGreaterThan(50);
    await page.screenshot({ path: testInfo.outputPath('tags.png') });
    await editorOn(page, `/products/${id}`);
    const again = page
      .locator('[data-staff-tags]')
      .first()
      .getByRole('button', { name: 'Тег «Пояс из кожи»' });
    await expect(again).toHaveAttribute('style', new RegExp(`left: ${stored.left}%; top: ${stored.top}%`));

    // A tab's title edited where it stands: saved on leaving, Escape puts the saved text back.
    const tab = page.locator('.accordion').getByRole('textbox', { name: 'product.delivery', exact: true });
    const builtIn = (await tab.textContent())?.trim() ?? '';
    await tab.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Доставка и примерка');
    const text = page.waitForResponse(
      (r) => r.url().includes('/api/admin/texts') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('Tab');
    expect((await text).status()).toBe(200);
    await tab.click();
    await page.keyboard.type(' черновик');
    await page.keyboard.press('Escape');
    await expect(tab).toHaveText('Доставка и примерка');
    await editorOn(page, `/products/${id}`);
    await expect(page.locator('.accordion summary').nth(2)).toHaveText('Доставка и примерка');

    // A video: a file that is not an mp4 is refused in the page; an mp4 uploads and the page reloads.
    const picker = page.locator('.staff-video input[type=file]');
    await picker.setInputFiles({
      name: 'clip.mov',
      mimeType: 'video/quicktime',
      buffer: Buffer.from('moov'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Неверный формат файла' })).toBeVisible();
    const videos = await page.locator('video.gallery__video').count();
    const reloaded = page.waitForEvent('load');
    await picker.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: buildMp4(4000) });
    await reloaded;
    await expect(page.locator('.staff-bar')).toBeVisible({ timeout: budget(20_000) });
    await expect(page.locator('video.gallery__video')).toHaveCount(videos + 1);
    const reloadedAgain = page.waitForEvent('load');
    await page
      .getByRole('button', { name: /^Удалить видео/ })
      .last()
      .click();
    // The shop's own modal asks first (no window.confirm).
    const sureVideo = page.getByRole('dialog', { name: 'Удалить видео?' });
    await expect(sureVideo).toBeVisible();
    await sureVideo.getByRole('button', { name: 'Удалить видео' }).click();
    await reloadedAgain;
    await expect(page.locator('.staff-bar')).toBeVisible({ timeout: budget(20_000) });
    await expect(page.locator('video.gallery__video')).toHaveCount(videos);

    // The tag goes after 'Точно удалить тег?'.
    const last = page
      .locator('[data-staff-tags]')
      .first()
      .getByRole('button', { name: 'Тег «Пояс из кожи»' });
    await last.click();
    await page.getByRole('button', { name: 'Удалить тег' }).click();
    const sureTag = page.getByRole('dialog', { name: 'Точно удалить тег?' });
    await expect(sureTag).toBeVisible();
    // «Отмена» keeps the tag; the modal's own «Удалить тег» removes it.
    await sureTag.getByRole('button', { name: 'Отмена' }).click();
    await expect(last).toHaveCount(1);
    await page.getByRole('button', { name: 'Удалить тег' }).click();
    save = saved();
    await sureTag.getByRole('button', { name: 'Удалить тег' }).click();
    await save;
    await expect(last).toHaveCount(0);

    // A menu item of the global menu renamed in place, seen after a reload; then named back.
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Меню' }).first().click();
      await expect(page.locator('dialog.global-menu')).toBeVisible();
    };
    await openMenu();
    const item = page.locator('dialog.global-menu [data-staff-menu-item]').first();
    const field = item.getByRole('textbox');
    const name = (await field.textContent())?.trim() ?? '';
    await field.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`${name} плюс`);
    let menus = page.waitForResponse(
      (r) => r.url().includes('/api/admin/in-place/menus') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('Enter');
    expect((await menus).status()).toBe(200);
    await page.screenshot({ path: testInfo.outputPath('menu.png') });
    await editorOn(page, `/products/${id}`);
    await openMenu();
    const renamed = page.locator('dialog.global-menu [data-staff-menu-item]').first().getByRole('textbox');
    await expect(renamed).toHaveText(`${name} плюс`);
    await renamed.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(name);
    menus = page.waitForResponse(
      (r) => r.url().includes('/api/admin/in-place/menus') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('Enter');
    expect((await menus).status()).toBe(200);

    // Reordered: the first item goes one place down, then back up (each move saved and shown).
    const items = page.locator('dialog.global-menu [data-staff-menu-item]');
    const second = (await items.nth(1).getByRole('textbox').textContent())?.trim() ?? '';
    menus = page.waitForResponse(
      (r) => r.url().includes('/api/admin/in-place/menus') && r.request().method() === 'PUT',
    );
    await items.first().getByRole('button', { name: 'Ниже' }).click();
    expect((await menus).status()).toBe(200);
    await expect(items.first().getByRole('textbox')).toHaveText(second);
    menus = page.waitForResponse(
      (r) => r.url().includes('/api/admin/in-place/menus') && r.request().method() === 'PUT',
    );
    await items.nth(1).getByRole('button', { name: 'Выше' }).click();
    expect((await menus).status()).toBe(200);
    await expect(items.first().getByRole('textbox')).toHaveText(name);

    // The header's items (shown on wide screens) reorder by dragging one onto another's place.
    if (project === 'desktop') {
      await page.keyboard.press('Escape');
      const header = page.locator('.header__nav [data-staff-menu-item]');
      const firstName = (await header.first().getByRole('textbox').textContent())?.trim() ?? '';
      menus = page.waitForResponse(
        (r) => r.url().includes('/api/admin/in-place/menus') && r.request().method() === 'PUT',
      );
      await header.first().locator('.staff-menu-item__handle').dragTo(header.nth(1));
      expect((await menus).status()).toBe(200);
      await expect(header.nth(1).getByRole('textbox')).toHaveText(firstName);
      menus = page.waitForResponse(
        (r) => r.url().includes('/api/admin/in-place/menus') && r.request().method() === 'PUT',
      );
      await header.nth(1).getByRole('button', { name: 'Выше' }).click();
      expect((await menus).status()).toBe(200);
      await expect(header.first().getByRole('textbox')).toHaveText(firstName);
    }

    // The tab's title back to the built-in one, so the other journeys read the shop as seeded.
    await page.keyboard.press('Escape');
    await editorOn(page, `/products/${id}`);
    const tabBack = page
      .locator('.accordion')
      .getByRole('textbox', { name: 'product.delivery', exact: true });
    await tabBack.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(builtIn);
    const back = page.waitForResponse(
      (r) => r.url().includes('/api/admin/texts') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('Tab');
    expect((await back).status()).toBe(200);
  },
);

test(
  'a shopper’s pages load no editing code; a forged marker cookie gives nothing',
  anyWidth,
  async ({ page, context }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await gotoHydrated(page, '/');
    await gotoHydrated(page, '/catalog');
    const product = await page.locator('a[href^="/products/"]').first().getAttribute('href');
    await gotoHydrated(page, product ?? '/');
    await expect(page.locator('.staff-bar')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /\/kit-[\w-]+\.js/.test(url))).toEqual([]);

    // The marker only says "try": the chunk asks who is signed in, gets nobody, and the marker goes.
    await context.addCookies([{ name: 'shi_staff_ui', value: '1', domain: '127.0.0.1', path: '/' }]);
    const me = page.waitForResponse((r) => r.url().includes('/api/admin/auth/me'));
    await gotoHydrated(page, product ?? '/');
    expect((await (await me).json()).signedIn).toBe(false);
    await expect(page.locator('.staff-bar')).toHaveCount(0);
    await expect(page.locator('[data-staff-tags]')).toHaveCount(0);
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === 'shi_staff_ui'))
      .toBe(false);
  },
);
