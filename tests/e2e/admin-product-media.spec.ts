import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { buildMp4 } from '../factories/media.ts';
import { anyWidth, budget, gotoHydrated } from './helpers.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// A product's photos and video in the back office (docs/decisions/0026-media-store.md): an editor
// uploads two photos from the file picker (the phone's way; drag and drop uses the same call),
// moves one, makes it the first, deletes the other; a wrong video is refused with the spec's
// message, a real one is kept and removed. The storefront shows the new first photo at once, in
// AVIF and WebP.

/** Demo products other journeys count on: this one leaves them alone. */
const TAKEN = [
  'linen-shirt-dress-sand',
  'cashmere-scarf-camel',
  'ribbed-tank-top-black',
  'men-s-double-breasted-coat-navy',
];

const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 1500, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();

test(
  'an editor uploads, orders and deletes product photos and a video; the storefront shows them at once',
  anyWidth,
  async ({ page }, testInfo) => {
    test.setTimeout(budget(120_000));
    // A product of the demo catalogue no other journey uses, one per project.
    await gotoHydrated(page, '/catalog');
    const ids = await page
      .locator('a[href^="/products/"]')
      .evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
      );
    const free = [...new Set(ids)].filter((id) => id && !TAKEN.includes(id));
    const id = free[testInfo.project.name === 'desktop' ? free.length - 1 : free.length - 2] as string;

    await signInStaff(
      page,
      staffEmail('editor', testInfo.project.name),
      undefined,
      `/admin/products/${id}/media`,
    );
    await expect(page.getByRole('heading', { name: 'Фото и видео', level: 1 })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Порядок фото' });
    const before = await grid.getByRole('listitem').count();

    await page.getByLabel('Выбрать фото').setInputFiles([
      { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: await photo('#a03a2a') },
      { name: 'IMG_0002.JPG', mimeType: 'image/jpeg', buffer: await photo('#2a5aa0') },
    ]);
    // Encoding two photos in two formats at three widths takes seconds on a busy machine.
    await expect(page.getByRole('status')).toHaveText('Загружено фото: 2', { timeout: budget(60_000) });
    await expect(grid.getByRole('listitem')).toHaveCount(before + 2);
    await page.screenshot({ path: testInfo.outputPath('product-media.png'), fullPage: true });

    // The last photo moves one place earlier, then becomes the first.
    const last = before + 2;
    await page.getByRole('button', { name: `Фото ${last}: раньше` }).click();
    await expect(page.getByRole('status')).toHaveText('Порядок сохранён');
    await page.getByRole('button', { name: `Фото ${last - 1}: сделать первым` }).click();
    await expect(page.getByRole('status')).toHaveText('Фото стало первым');
    const firstSrc = await grid.getByRole('listitem').first().locator('img').getAttribute('src');
    expect(firstSrc).toMatch(/^\/media\/uploads\/[0-9a-f]+-1200-480\.webp$/);

    // The other upload is deleted (the browser asks first).
    await page.getByRole('button', { name: `Фото ${last}: удалить` }).click();
    await page
      .getByRole('dialog', { name: 'Удалить фото?' })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await expect(page.getByRole('status')).toHaveText('Фото удалено');
    await expect(grid.getByRole('listitem')).toHaveCount(before + 1);

    // Video: a text file named .mp4 is refused with the spec's message; a real mp4 is kept.
    const video = page.getByLabel('Загрузить видео (mp4, до 10 МБ)');
    await video.setInputFiles({
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not a video'),
    });
    await expect(page.getByRole('alert')).toHaveText('Неверный формат файла');
    await video.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: buildMp4(2000) });
    await expect(page.getByRole('status')).toHaveText('Видео загружено', { timeout: budget(15_000) });
    await expect(page.locator('.adm-media__videos video')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('product-media-video.png'), fullPage: true });
    await page.getByRole('button', { name: 'Удалить видео 1' }).click();
    await page
      .getByRole('dialog', { name: 'Удалить видео?' })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await expect(page.getByRole('status')).toHaveText('Видео удалено');
    await expect(page.locator('.adm-media__videos video')).toHaveCount(0);

    // The storefront's product page opens with the new first photo, offered in AVIF and WebP.
    const stem = (firstSrc ?? '').replace(/^\/media\//, '').replace(/-480\.webp$/, '');
    await gotoHydrated(page, `/products/${id}`);
    const picture = page.locator('.gallery picture').first();
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      new RegExp(`${stem}-1200\\.avif 1200w`),
    );
    await expect(picture.locator('img')).toHaveAttribute('src', `/media/${stem}-1200.webp`);
    const avif = await page.request.get(`/media/${stem}-960.avif`);
    expect(avif.headers()['content-type']).toBe('image/avif');
  },
);
