import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { startTbankFake, type TbankFake } from '../fakes/tbank-fake.ts';
import { isFree, type ServerProcess, startServer } from '../reliability/support/server-process.ts';
import { anyWidth, budget } from './helpers.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Marking at packing and the settlement receipt (docs/product/marking.md, docs/product/receipts.md):
// a shop of its own with T-Bank behind its protocol fake. An editor flags a category as marked goods;
// a buyer pays two units of one of its products by card; a manager opens the order, scans the two
// units' DataMatrix codes into the field (a scanner types and presses Enter), sees a wrong and a
// repeated code refused, hands the order to the carrier, and the bank's fake receives the closing
// receipt with one item per unit carrying its code; then refunds one unit from the order page's
// refunds panel, and the bank's refund carries that unit's code.

const GS = '\u001d';
const SIGN = 'Zk9QmLpX2cVbN4rT6yU8iO0pAsDfGhJkLzXcVbNmQwEr';

/** A full clothing mark code of `gtin` with a 13-character serial. */
function markCode(gtin: string, serial: string): string {
  return `01${gtin}21${serial.padEnd(13, 'x').slice(0, 13)}${GS}91EE10${GS}92${SIGN}`;
}

async function shopPort(): Promise<number> {
  const base = Number(process.env.E2E_SECOND_PORT_BASE ?? 3160);
  const last = process.env.E2E_SECOND_PORT_BASE ? base + 19 : 3199;
  for (let port = last; port >= base; port--) if (await isFree(port)) return port;
  throw new Error(`no free port in ${base}-${last}`);
}

/** A staff member's requests on the shop (the signed-in page's cookies, the shop's own origin). */
function staffCalls(request: APIRequestContext, origin: string) {
  return {
    get: async <T>(url: string) => {
      const res = await request.get(`${origin}${url}`);
      expect(res.ok(), url).toBe(true);
      return (await res.json()) as T;
    },
    put: async (url: string, data: unknown) => {
      const res = await request.put(`${origin}${url}`, { data: data as object, headers: { origin } });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    },
  };
}

test.describe('marking at packing and the settlement receipt', () => {
  test.describe.configure({ mode: 'serial' });
  let fake: TbankFake;
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(budget(180_000));
    fake = await startTbankFake();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-marking-'));
    const port = await shopPort();
    const env = {
      NODE_ENV: 'production',
      SHOP_MODE: 'development',
      DATA_DIR: dataDir,
      SEED_DEMO: 'auto',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: fake.terminalKey,
      TBANK_PASSWORD: fake.password,
      TBANK_API_URL: fake.apiUrl,
    };
    // The journeys' staff accounts in this shop's own data folder, before it starts.
    execFileSync(process.execPath, ['tests/e2e/support/staff-setup.ts'], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: 'ignore',
    });
    server = await startServer(port, env, 150_000);
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await fake?.close();
  });

  test(
    'a manager scans two mark codes at packing, hands the order over, the bank gets them on the settlement receipt, and a refunded unit’s code on its refund receipt',
    anyWidth,
    async ({ browser }, testInfo) => {
      test.setTimeout(budget(180_000));
      const origin = server.url;
      const project = testInfo.project.name;
      const context = () => browser.newContext({ ...testInfo.project.use, baseURL: origin });

      // An editor flags the category of a product in stock as marked goods.
      const editorContext = await context();
      const editor = await editorContext.newPage();
      await signInStaff(editor, staffEmail('editor', project), undefined, '/admin/products');
      const calls = staffCalls(editor.request, origin);
      const shopper = await context();
      let found: { variant: string; barcode: string; categorySlug: string } | null = null;
      const catalogue = await calls.get<{ rows: { id: string }[] }>(
        '/api/admin/catalogue/products?limit=50&inStock=1',
      );
      for (const row of catalogue.rows) {
        const record = await calls.get<{
          product: { categorySlug: string };
          variants: { id: string; barcode: string; stock: number; preorder: boolean }[];
        }>(`/api/admin/catalogue/products/${row.id}`);
        const v = record.variants.find((x) => x.stock >= 4 && !x.preorder && /^\d{13}$/.test(x.barcode));
        if (v) {
          found = { variant: v.id, barcode: v.barcode, categorySlug: record.product.categorySlug };
          break;
        }
      }
      if (!found) throw new Error('the demo catalogue has no product in stock with an EAN-13 barcode');
      const { rows: cats } = await calls.get<{ rows: Record<string, unknown>[] }>(
        '/api/admin/catalogue/categories',
      );
      const cat = cats.find((c) => c.slug === found.categorySlug);
      if (!cat) throw new Error('no category');
      await calls.put(`/api/admin/catalogue/categories/${found.categorySlug}`, {
        version: cat.version,
        name: cat.name,
        parentSlug: cat.parentSlug,
        position: cat.position,
        ageGroup: cat.ageGroup ?? '',
        gender: cat.gender ?? '',
        vatRate: cat.vatRate ?? '',
        marked: true,
      });
      await editorContext.close();

      // The buyer pays two units by card on the bank's page (the fake notifies the shop).
      const phone = `79${String(Date.now()).slice(-6)}${project === 'phone' ? '901' : '902'}`;
      const placed = await shopper.request.post(`${origin}/api/payment`, {
        data: {
          payment: 'online',
          fullName: 'Соколова Мария',
          phone,
          email: `m.${phone}@example.ru`,
          consent: true,
          getWay: 'delivery-sdek',
          cityID: 137,
          city: 'Санкт-Петербург',
          address: 'Невский проспект, 10',
          products: [{ _id: found.variant, count: 2 }],
        },
      });
      expect(placed.ok(), await placed.text()).toBe(true);
      const answer = (await placed.json()) as { url: string; order: { orderID: number } };
      const number = answer.order.orderID;
      const paymentId = answer.url.split('/').pop() ?? '';
      await fake.decide(paymentId, 'pay');
      await shopper.close();

      // The manager packs: two codes scanned, a wrong and a repeated one refused.
      const managerContext = await context();
      const page: Page = await managerContext.newPage();
      await signInStaff(page, staffEmail('manager', project), undefined, `/admin/orders/${number}`);
      await expect(page.getByRole('heading', { name: `Заказ ${number}`, level: 1 })).toBeVisible();
      const panel = page.getByRole('region', { name: 'Маркировка «Честный ЗНАК»' });
      await expect(panel.getByTestId('marking-progress')).toHaveText('Отсканировано 0 из 2');
      // Handing over before packing is refused, naming what is missing.
      await page.getByRole('button', { name: 'Передать в СДЭК' }).click();
      await expect(page.getByRole('alert').first()).toContainText('не отсканированы коды маркировки');

      const gtin = `0${found.barcode}`;
      const tag = `${project[0]}${Date.now().toString(36)}`;
      const codes = [markCode(gtin, `A${tag}`), markCode(gtin, `B${tag}`)];
      const field = panel.getByLabel('Код маркировки');
      await field.fill('0460000000000');
      await field.press('Enter');
      await expect(panel.getByRole('alert')).toContainText('Это не код маркировки');
      await field.fill(codes[0] as string);
      await field.press('Enter');
      await expect(panel.getByTestId('marking-progress')).toHaveText('Отсканировано 1 из 2');
      await panel.screenshot({ path: `/tmp/marking-field-${project}.png` });
      // The same unit again, as a scanner that drops the separators types it.
      await field.fill((codes[0] as string).replaceAll(GS, ''));
      await field.press('Enter');
      await expect(panel.getByRole('alert')).toContainText('уже отсканирован в этом заказе');
      await field.fill(codes[1] as string);
      await field.press('Enter');
      await expect(panel.getByTestId('marking-progress')).toHaveText('Отсканировано 2 из 2');
      await expect(panel.getByLabel('Код маркировки')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/marking-packed-${project}.png`, fullPage: true });

      // Handed over: the settlement receipt goes to the bank after commit, by the job queue.
      await page.getByRole('button', { name: 'Передать в СДЭК' }).click();
      await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Передан перевозчику');
      await expect
        .poll(() => fake.payments.get(paymentId)?.closings.length ?? 0, { timeout: budget(30_000) })
        .toBe(1);
      const closing = fake.payments.get(paymentId)?.closings[0] as {
        Receipt: {
          Items: {
            PaymentMethod: string;
            Quantity: number;
            MarkCode?: { MarkCodeType: string; Value: string };
          }[];
          Payments: { Electronic: number; AdvancePayment: number };
        };
      };
      const marked = closing.Receipt.Items.filter((i) => i.MarkCode);
      expect(marked.map((i) => i.MarkCode?.Value)).toEqual(codes);
      expect(marked.every((i) => i.Quantity === 1 && i.MarkCode?.MarkCodeType === 'GS1M')).toBe(true);
      expect(closing.Receipt.Items.every((i) => i.PaymentMethod === 'full_payment')).toBe(true);
      expect(closing.Receipt.Payments.Electronic).toBe(0);
      expect(closing.Receipt.Payments.AdvancePayment).toBe(fake.payments.get(paymentId)?.amount);

      // The order page shows the receipt as the bank got it.
      await page.reload();
      const receipt = page.getByTestId('settlement-receipt');
      await expect(receipt).toContainText('отправлен');
      await receipt.getByText('Позиции чека').click();
      await expect(receipt.locator('code')).toHaveCount(2);
      await page.screenshot({ path: `/tmp/marking-settled-${project}.png`, fullPage: true });

      // A unit comes back: the manager refunds one from the refunds panel, and the bank's refund
      // (Cancel) carries its receipt with that unit's code, the one scanned last.
      const refunds = page.getByRole('region', { name: 'Возвраты денег' });
      const form = refunds.locator('form').filter({ hasText: 'Вернуть часть денег' });
      await form.getByLabel(/Сколько вернуть, шт\. \(из 2\)/).fill('1');
      await form.getByLabel('Причина').fill('Возврат одной вещи');
      await form.getByRole('button', { name: 'Вернуть деньги' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Вернуть деньги' }).click();
      await expect(refunds.getByRole('status')).toHaveText('Готово');
      await expect(refunds.locator('tbody tr').first()).toContainText('Проведён');
      type RefundBody = {
        PaymentId: string;
        Amount: number;
        Receipt: {
          Items: {
            Quantity: number;
            Amount: number;
            PaymentObject: string;
            PaymentMethod: string;
            MarkCode?: { Value: string };
          }[];
        };
      };
      const refundsOf = () =>
        fake.calls
          .filter((c) => c.method === 'Cancel' && String(c.body.PaymentId) === paymentId)
          .map((c) => c.body as unknown as RefundBody);
      await expect.poll(() => refundsOf().length, { timeout: budget(30_000) }).toBe(1);
      const [refund] = refundsOf();
      expect(refund?.Receipt.Items).toHaveLength(1);
      expect(refund?.Receipt.Items[0]).toMatchObject({
        Quantity: 1,
        Amount: refund?.Amount,
        PaymentObject: 'goods_with_marking_code',
        PaymentMethod: 'full_payment',
        MarkCode: { Value: codes[1] },
      });
      // The order page shows the refund's receipt with that unit's code.
      const refundRow = refunds.locator('tbody tr').first();
      await refundRow.getByText('Чек возврата').click();
      await expect(refundRow.locator('code')).toHaveCount(1);
      await refunds.screenshot({ path: `/tmp/refund-marks-refunded-${project}.png` });
      await managerContext.close();
    },
  );
});
