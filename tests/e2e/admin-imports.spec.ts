import { expect as baseExpect, test } from '@playwright/test';
import { budget } from './helpers.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Catalogue exchange in the back office (docs/decisions/0031-catalogue-exchange.md): an editor
// uploads a products CSV, sees what it will change line by line (and the refused line with its
// number), applies it, and finds the import with its report in the history.

// Room for a loaded machine: the back office's pages share two cores with other journeys.
const expect = baseExpect.configure({ timeout: budget(30_000) });

test('an editor uploads a CSV, sees the preview, applies it and finds the report in the history', async ({
  page,
}, testInfo) => {
  test.setTimeout(budget(240_000));
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`.toUpperCase();
  const csv = [
    'Артикул;Цвет;Размер;Штрихкод;Название;Категория;Цена;Старая цена;Остаток;Показан',
    `IMP-${tag};Графит;S;${tag}S;Пальто «Импорт»;outerwear;24 990,00;;2;нет`,
    `IMP-${tag};Графит;M;${tag}M;Пальто «Импорт»;outerwear;24 990,00;;3;нет`,
    `IMP-${tag};Графит;L;${tag}L;Пальто «Импорт»;outerwear;двадцать;;1;нет`,
  ].join('\r\n');

  await signInStaff(page, staffEmail('editor', testInfo.project.name), undefined, '/admin/imports');
  await expect(page.getByRole('heading', { name: 'Импорт и выгрузка', level: 1 })).toBeVisible({
    timeout: budget(60_000),
  });
  // The section is in the back office's menu (on a phone the menu is folded behind its button).
  await expect(
    page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Импорт и выгрузка', includeHidden: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Обмен с 1С' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Скачать шаблон' })).toHaveAttribute(
    'href',
    '/api/admin/imports/csv/template?kind=products',
  );

  await page.getByLabel('Файл CSV').setInputFiles({
    name: `goods-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  const preview = page.getByTestId('csv-preview');
  await expect(preview.getByRole('table', { name: 'Что изменится' })).toBeVisible();
  await expect(preview.getByRole('row')).toContainText([/2\s*создать/, /2\s*создать/, /3\s*создать/]);
  const refused = preview.getByRole('table', { name: 'Отклонённые строки' });
  await expect(refused.getByRole('row').nth(1)).toContainText('4');
  await expect(refused).toContainText('цена «двадцать» — не цена');
  await page.screenshot({ path: testInfo.outputPath('imports-preview.png'), fullPage: true });

  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByRole('status')).toContainText('Применено: импорт №');
  const history = page.getByRole('region', { name: 'История импорта' });
  const latest = history.getByRole('listitem').filter({ hasText: `goods-${tag}.csv` });
  await expect(latest).toContainText('CSV: товары');
  await expect(latest).toContainText('применён');
  await latest.locator('summary').click();
  await expect(latest.getByRole('table', { name: 'Отклонённые строки' })).toContainText(
    'цена «двадцать» — не цена',
  );
  await expect(latest).toContainText('размеров: 2');
  await page.screenshot({ path: testInfo.outputPath('imports-history.png'), fullPage: true });
  // Fifty newer imports (refused files, sent straight to the API) push it off the first page of the
  // history; «Показать более ранние» brings it back.
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < 50; i += 1) {
    const res = await page.request.post('/api/admin/imports/csv/apply?kind=stock', {
      headers: { origin },
      multipart: {
        file: {
          name: `empty-${tag}-${i}.csv`,
          mimeType: 'text/csv',
          buffer: Buffer.from('Остаток\r\n1\r\n'),
        },
      },
    });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  await expect(history.getByRole('listitem').filter({ hasText: `empty-${tag}-49.csv` })).toBeVisible({
    timeout: budget(60_000),
  });
  await expect(latest).toHaveCount(0);
  await history.getByRole('button', { name: 'Показать более ранние' }).click();
  await expect(latest).toContainText('применён');

  if (testInfo.project.name === 'phone') {
    // The narrowest phones the shop supports: nothing may run off the side.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(latest).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('imports-history-360.png'), fullPage: true });
  }
});
