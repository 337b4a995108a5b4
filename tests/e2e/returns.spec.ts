import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated, isPhone } from './helpers.ts';
import { codeFromOutbox, freshLocalPhone, freshPhone } from './support/shop-orders.ts';
import { signInStaff, staffEmail } from './support/staff-accounts.ts';

// Issue 23 (docs/product/returns.md): a shopper asks from /status to return one of the two lines of a
// received order, staff receive the parcel and accept it, the refund goes out and the unit is back
// on the shelf; the shopper sees the refund.

interface Variant {
  id: string;
  name: string;
  stock: number;
}

/** Two variants of different products with stock to spare, from the demo catalogue. */
async function twoVariants(request: APIRequestContext, page: Page): Promise<[Variant, Variant]> {
  await gotoHydrated(page, '/catalog');
  const ids = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const found: Variant[] = [];
  for (const id of [...new Set(ids)].reverse()) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    const group = (await res.json()) as {
      name?: string;
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    const v = group.products?.find((x) => !x.preorder && x.WarehouseQuantity >= 3);
    if (v) found.push({ id: v._id, name: group.name ?? '', stock: v.WarehouseQuantity });
    if (found.length === 2) break;
  }
  const [a, b] = found;
  if (!a || !b) throw new Error('the demo catalogue has no two variants to order');
  return [a, b];
}

async function stockOf(request: APIRequestContext, variantId: string): Promise<number> {
  const groupId = variantId.slice(0, variantId.lastIndexOf('-'));
  const res = await request.post('/api/group-by-id', { data: { _id: groupId } });
  const group = (await res.json()) as { products?: { _id: string; WarehouseQuantity: number }[] };
  return group.products?.find((p) => p._id === variantId)?.WarehouseQuantity ?? -1;
}

test(
  'a shopper returns one of two lines from /status; staff receive and accept it; the refund and the stock show',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(150_000));
    const baseURL = String(testInfo.project.use.baseURL);
    const shopper = await browser.newContext({ baseURL });
    const [first, second] = await twoVariants(shopper.request, page);
    const phone = freshPhone();
    const placed = await shopper.request.post('/api/payment', {
      data: {
        payment: 'online',
        fullName: 'Орлова Вера',
        phone,
        email: `returns.${phone}@example.ru`,
        consent: true,
        getWay: 'self',
        products: [
          { _id: first.id, count: 1 },
          { _id: second.id, count: 1 },
        ],
      },
    });
    expect(placed.ok()).toBe(true);
    const answer = (await placed.json()) as { url: string; order: { orderID: number } };
    const number = answer.order.orderID;
    const paid = await shopper.request.post(`/api/sandbox/payments/${answer.url.split('/').pop()}`, {
      data: { decision: 'pay' },
    });
    expect(paid.ok()).toBe(true);
    const stockAfterOrder = await stockOf(shopper.request, first.id);

    // The manager hands the order over at the showroom: ready, then received by the buyer.
    await signInStaff(page, staffEmail('manager', testInfo.project.name), undefined, '/admin/returns');
    for (const [from, to] of [
      ['paid', 'ready_for_pickup'],
      ['ready_for_pickup', 'delivered'],
    ] as const) {
      const order = (await (await page.request.get(`/api/admin/orders/${number}`)).json()) as {
        order: { version: number };
      };
      const step = await page.request.post(`/api/admin/orders/${number}/steps`, {
        headers: { origin: new URL(baseURL).origin },
        data: { version: order.order.version, from, to },
      });
      expect(step.ok()).toBe(true);
    }

    // The shopper finds the order on /status and asks to return the first line.
    const shopperPage = await shopper.newPage();
    await gotoHydrated(shopperPage, '/status');
    await shopperPage.getByLabel('Номер заказа').fill(String(number));
    await shopperPage.getByLabel('Телефон или e-mail').fill(phone);
    await shopperPage.getByRole('button', { name: 'Узнать статус' }).click();
    const result = shopperPage.locator('.status-page__result');
    await expect(result.locator('.status-page__state')).toHaveText('Получен');
    await result.getByRole('button', { name: 'Вернуть или обменять' }).click();
    const form = result.locator('.returns__form');
    await expect(form).toBeVisible({ timeout: budget(15_000) });
    await expect(form.getByRole('checkbox')).toHaveCount(2);
    await form.getByRole('checkbox').first().check();
    await form.getByLabel('Причина').selectOption('size');
    await form.getByRole('radio', { name: /пункт выдачи СДЭК/ }).check();
    const axe = await new AxeBuilder({ page: shopperPage }).include('.returns').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    for (const width of [1440, 390, 360]) {
      await shopperPage.setViewportSize({ width, height: 900 });
      await result.scrollIntoViewIfNeeded();
      await shopperPage.screenshot({ path: testInfo.outputPath(`return-form-${width}.png`), fullPage: true });
    }
    const asked = shopperPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/returns');
    await form.getByRole('button', { name: 'Оформить возврат' }).click();
    expect((await asked).ok()).toBe(true);
    const done = result.locator('.returns__done');
    await expect(done).toHaveText(/^Возврат R\d+ оформлен$/);
    const label = ((await done.textContent()) ?? '').match(/R\d+/)?.[0] ?? '';
    const item = result.locator(`.returns__item[data-return="${label}"]`);
    await expect(item).toContainText('Ждём посылку');
    await expect(item.locator('.returns__code-value')).toHaveText(/^19\d{8}$/);
    await expect(item).toContainText(label);
    // The returned line cannot be asked twice; the other one still can.
    await expect(form.getByRole('checkbox').first()).toBeDisabled();
    await expect(form.getByRole('checkbox').nth(1)).toBeEnabled();
    for (const width of [1440, 390, 360]) {
      await shopperPage.setViewportSize({ width, height: 900 });
      await shopperPage.screenshot({ path: testInfo.outputPath(`return-done-${width}.png`), fullPage: true });
    }

    // Staff: the queue, the parcel received, the line accepted and the refund sent.
    await page.goto('/admin/returns');
    await page.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Возврат ${label}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Посылка получена' }).click();
    await expect(page.getByText('Получен, ждёт решения', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Сохранить решение и вернуть деньги' }).click();
    await expect(page.getByText('Деньги возвращены', { exact: true })).toBeVisible();
    await expect(page.getByText('Принят, на склад', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('admin-return.png'), fullPage: true });
    expect(await stockOf(shopper.request, first.id)).toBe(stockAfterOrder + 1);

    // The shopper sees the refund.
    await shopperPage.getByRole('button', { name: 'Узнать статус' }).click();
    await result.getByRole('button', { name: 'Вернуть или обменять' }).click();
    await expect(result.locator(`.returns__item[data-return="${label}"]`)).toContainText('Завершён');
    await expect(result.locator(`.returns__item[data-return="${label}"] .returns__refund`)).toContainText(
      'Возвращено',
    );

    // The English edition speaks English, and the second line may still be returned.
    await gotoHydrated(shopperPage, '/en/status');
    await shopperPage.getByLabel('Order number').fill(String(number));
    await shopperPage.getByLabel('Phone or e-mail').fill(phone);
    await shopperPage.getByRole('button', { name: 'Check status' }).click();
    const en = shopperPage.locator('.status-page__result');
    await en.getByRole('button', { name: 'Return or exchange' }).click();
    await expect(en.locator(`.returns__item[data-return="${label}"]`)).toContainText('Completed');
    await expect(en.getByRole('button', { name: 'Ask for the return' })).toBeVisible();
    await expect(en.getByRole('checkbox').nth(1)).toBeEnabled();
    await shopperPage.setViewportSize({ width: 360, height: 900 });
    await shopperPage.screenshot({ path: testInfo.outputPath('return-en-360.png'), fullPage: true });
    await shopper.close();
  },
);

async function openCabinet(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Меню' }).click();
    await page
      .locator('dialog.global-menu')
      .getByRole('button', { name: /Личный кабинет|Вера/ })
      .click();
  } else {
    await page.getByRole('button', { name: /^Личный кабинет/ }).click();
  }
}

test(
  'a signed-in shopper asks from the cabinet to exchange a size; the new size is held at once',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(150_000));
    const baseURL = String(testInfo.project.use.baseURL);
    // Signed in through the cabinet with a code from the development outbox.
    await gotoHydrated(page, '/');
    const phone = freshLocalPhone();
    await openCabinet(page);
    const cabinet = page.locator('dialog.cabinet');
    await cabinet.getByLabel(/^Телефон/).fill(phone);
    await cabinet.getByRole('button', { name: 'Получить код' }).click();
    await cabinet.getByLabel('Код', { exact: true }).fill(await codeFromOutbox(page, phone));
    await cabinet.getByLabel(/^Имя/).fill('Вера');
    await cabinet.getByLabel(/^Email/).fill(`cabinet.${phone}@example.ru`);
    await cabinet.getByRole('button', { name: 'Сохранить' }).click();
    await expect(cabinet.getByRole('heading', { name: 'Персональные данные' })).toBeVisible();
    await cabinet.getByRole('button', { name: 'Закрыть' }).click();

    // A product with another size in stock, ordered while signed in (the order is the account's).
    await gotoHydrated(page, '/catalog');
    const ids = await page
      .locator('a[href^="/products/"]')
      .evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
      );
    let pick: { id: string; other: string; otherSize: string } | null = null;
    for (const id of [...new Set(ids)]) {
      const res = await page.request.post('/api/group-by-id', { data: { _id: id } });
      const group = (await res.json()) as {
        products?: { _id: string; TheSize: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
      };
      const sizes = (group.products ?? []).filter((x) => !x.preorder && x.WarehouseQuantity >= 2);
      if (sizes.length >= 2 && sizes[0] && sizes[1]) {
        pick = { id: sizes[0]._id, other: sizes[1]._id, otherSize: sizes[1].TheSize };
        break;
      }
    }
    if (!pick) throw new Error('the demo catalogue has no product with two sizes in stock');
    const placed = await page.request.post('/api/payment', {
      data: {
        payment: 'online',
        fullName: 'Вера Орлова',
        phone: `7${phone}`,
        email: `cabinet.${phone}@example.ru`,
        consent: true,
        getWay: 'self',
        products: [{ _id: pick.id, count: 1 }],
      },
    });
    expect(placed.ok()).toBe(true);
    const answer = (await placed.json()) as { url: string; order: { orderID: number } };
    const number = answer.order.orderID;
    expect(
      (
        await page.request.post(`/api/sandbox/payments/${answer.url.split('/').pop()}`, {
          data: { decision: 'pay' },
        })
      ).ok(),
    ).toBe(true);

    // The manager hands it over at the showroom.
    const staffContext = await browser.newContext({ baseURL });
    const staffPage = await staffContext.newPage();
    await signInStaff(staffPage, staffEmail('manager', testInfo.project.name), undefined, '/admin/returns');
    for (const [from, to] of [
      ['paid', 'ready_for_pickup'],
      ['ready_for_pickup', 'delivered'],
    ] as const) {
      const order = (await (await staffPage.request.get(`/api/admin/orders/${number}`)).json()) as {
        order: { version: number };
      };
      const step = await staffPage.request.post(`/api/admin/orders/${number}/steps`, {
        headers: { origin: new URL(baseURL).origin },
        data: { version: order.order.version, from, to },
      });
      expect(step.ok()).toBe(true);
    }
    const otherBefore = await stockOf(page.request, pick.other);

    await gotoHydrated(page, '/');
    await openCabinet(page);
    const orderCard = cabinet.locator('.cabinet-order').filter({ hasText: String(number) });
    await orderCard.getByRole('button', { name: 'Вернуть или обменять' }).click();
    const form = orderCard.locator('.returns__form');
    await expect(form).toBeVisible({ timeout: budget(15_000) });
    await form.getByRole('checkbox').first().check();
    await form.getByLabel('Вместо денег').selectOption(pick.otherSize);
    await form.getByRole('radio', { name: 'Принесу в шоурум' }).check();
    await page.screenshot({ path: testInfo.outputPath('cabinet-return-form.png') });
    await form.getByRole('button', { name: 'Оформить возврат' }).click();
    await expect(orderCard.locator('.returns__done')).toHaveText(/^Возврат R\d+ оформлен$/);
    await expect(orderCard.locator('.returns__item').first()).toContainText(`→ ${pick.otherSize}`);
    await expect(orderCard.locator('.returns__item').first()).toContainText('шоурум');
    await page.screenshot({ path: testInfo.outputPath('cabinet-return-done.png') });
    // The new size left the shelf at once.
    expect(await stockOf(page.request, pick.other)).toBe(otherBefore - 1);
    await staffContext.close();
  },
);
