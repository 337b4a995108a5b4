import { expect, test } from '@playwright/test';
import { anyWidth, budget } from './helpers.ts';
import { freshPhone, placePaidOrder, variantsInStock } from './support/shop-orders.ts';
import { journeyManager, signInStaff } from './support/staff-accounts.ts';

// The shipping desk (docs/product/shipping-desk.md): a manager selects three paid orders in the list,
// hands them to their carriers in one action, sees the one that cannot go explained, prints the
// packing slips of the selection and the carrier's label of a parcel just registered.

test(
  'a manager hands three paid orders to their carriers at once, sees the refusal explained and prints the slips and a label',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(180_000));
    const width = testInfo.project.name === 'phone' ? 390 : 1440;
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const variants = await variantsInStock(page, shopper.request, { min: 6, count: 3, fromEnd: true });
    const pick = (i: number) => variants[(i + (width === 390 ? 1 : 0)) % variants.length] as string;
    if (variants.length === 0) throw new Error('the demo catalogue has no variant with stock to order');
    const phone = freshPhone();
    const name = `Складова Инна ${phone.slice(-4)}`;
    const courier = await placePaidOrder(shopper.request, {
      phone,
      fullName: name,
      variant: pick(0),
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 10',
    });
    const second = await placePaidOrder(shopper.request, {
      phone,
      fullName: name,
      variant: pick(1),
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Литейный проспект, 2',
    });
    // Collected in the showroom: no carrier takes it, and the desk says so.
    const showroom = await placePaidOrder(shopper.request, {
      phone,
      fullName: name,
      variant: pick(2),
      getWay: 'self',
    });
    await shopper.close();

    await signInStaff(page, journeyManager('desk', testInfo.project.name), undefined, '/admin/orders');
    await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();
    await page.getByLabel('Поиск', { exact: true }).fill(`+7 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page.getByText('Найдено: 3')).toBeVisible();

    for (const number of [courier, second, showroom])
      await page.getByLabel(`Выбрать заказ ${number}`).check();
    const bulk = page.getByRole('region', { name: 'Действие с выбранными' });
    await expect(bulk.getByText('Выбрано: 3')).toBeVisible();
    // The selection's packing slips, one printable page in Russian.
    const slipsHref = await bulk.getByRole('link', { name: 'Упаковочные листы' }).getAttribute('href');
    const slips = await page.request.get(slipsHref ?? '');
    expect(slips.ok()).toBe(true);
    const slipsHtml = await slips.text();
    for (const number of [courier, second, showroom]) expect(slipsHtml).toContain(`Заказ № ${number} от`);
    expect(slipsHtml).toContain('Курьер СДЭК');

    await bulk.getByRole('button', { name: 'Передать перевозчикам' }).click();
    const dialog = page.getByRole('dialog', { name: 'Передать перевозчикам выбранные заказы: 3?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    const report = page.getByRole('status').filter({ hasText: 'Готово: 2 из 3.' });
    await expect(report).toBeVisible();
    await expect(report).toContainText(`Заказ ${showroom}: Самовывоз из магазина не передаётся перевозчику`);
    // The refused order stays selected; the two handed over are shipped with their tracking numbers.
    await expect(page.getByLabel(`Выбрать заказ ${showroom}`)).toBeChecked();
    const table = page.getByRole('table', { name: 'Заказы' });
    await expect(table.getByRole('row').filter({ hasText: String(courier) })).toContainText(
      'Передан перевозчику',
    );
    await expect(table.getByRole('row').filter({ hasText: String(second) })).toContainText(
      'Передан перевозчику',
    );
    await page.screenshot({ path: `/tmp/shipping-desk-${width}.png`, fullPage: true });

    // The carrier's label of a parcel just registered opens as a PDF.
    const docs = report.getByRole('navigation', { name: `Заказ ${courier}:` });
    const label = docs.getByRole('link', { name: 'Этикетка' });
    await expect(label).toBeVisible();
    const pdf = await page.request.get((await label.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect((await pdf.body()).toString('latin1')).toContain(
      `(Tracking 10${String(courier).padStart(8, '0')})`,
    );
  },
);
