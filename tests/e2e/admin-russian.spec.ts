import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget } from './helpers.ts';
import { signInStaff } from './support/staff-accounts.ts';

/**
 * Issue 34: the Russian back office shows staff words, never the shop's code values. An admin walks
 * the main pages with an order of their own in them and each page's visible text is checked against
 * the codes that used to leak (statuses, delivery and payment codes, env names, audit keys, roles,
 * kopecks, i18n keys).
 */
const CODES: [RegExp, string][] = [
  [/\bawaiting_payment\b/, 'a status code'],
  [/\bpaid\b/, 'a status code'],
  [/\bsucceeded\b/, 'a refund state code'],
  [/delivery-/, 'a delivery code'],
  [/PAYMENTS_/, 'an environment name'],
  [/DECISIONS/, 'a decision record'],
  [/\b(?:admin|manager|editor)\b/, 'a role code'],
  [/коп\./, 'kopecks'],
  [/\b[a-z][a-z_-]*\.[a-z][a-z_-]*(?:\.[a-z][a-z_-]*)*\b/, 'a word.word key'],
  [/\{\w+\}/, 'an unfilled placeholder'],
];

/** The page's visible text without identifiers and addresses (e-mails, links, file names). */
async function visibleText(page: Page): Promise<string> {
  // Identifiers (payment and notice ids, tracking numbers) are set in monospace: they are not words.
  const text = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const id of copy.querySelectorAll('.adm-ord__mono, .adm-id')) id.remove();
    body.after(copy);
    const shown = copy.innerText;
    copy.remove();
    return shown;
  });
  return text
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b[\w-]+\.(?:csv|xml|zip|jpe?g|png|webp)\b/gi, ' ');
}

async function expectNoCodes(page: Page, where: string) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.locator('.adm-page').first()).toBeVisible();
  const text = await visibleText(page);
  for (const [pattern, what] of CODES) {
    const found = text.match(pattern);
    expect(
      found,
      `${where} shows ${what}: «${found?.[0]}» in …${found ? text.slice(Math.max(0, (found.index ?? 0) - 40), (found.index ?? 0) + 40) : ''}…`,
    ).toBeNull();
  }
}

/** A paid order by CDEK courier, placed and paid as a shopper does. */
async function paidOrder(request: APIRequestContext): Promise<number> {
  const catalogue = await request.get('/catalog');
  const ids = [
    ...new Set([...(await catalogue.text()).matchAll(/href="\/products\/([^"/?]+)/g)].map((m) => m[1])),
  ];
  for (const id of ids.reverse()) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    if (!res.ok()) continue;
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    const variant = group.products?.find((p) => p.preorder === 0 && p.WarehouseQuantity >= 5);
    if (!variant) continue;
    const phone = `79${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    const placed = await request.post('/api/payment', {
      data: {
        payment: 'online',
        fullName: 'Журавлёва Ольга',
        phone,
        email: `o.${phone}@example.ru`,
        consent: true,
        getWay: 'delivery-sdek',
        cityID: 137,
        city: 'Санкт-Петербург',
        address: 'Невский проспект, 12',
        products: [{ _id: variant._id, count: 1 }],
      },
    });
    expect(placed.ok()).toBe(true);
    const answer = (await placed.json()) as { url?: string; order?: { orderID?: number } };
    const token = answer.url?.split('/').pop();
    expect((await request.post(`/api/sandbox/payments/${token}`, { data: { decision: 'pay' } })).ok()).toBe(
      true,
    );
    return Number(answer.order?.orderID);
  }
  throw new Error('the demo catalogue has no variant to order');
}

test(
  'the Russian back office shows no code values, keys or kopecks on its main pages',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(120_000));
    const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const number = await paidOrder(shopper.request);
    await shopper.close();

    await signInStaff(page, `content-admin-${testInfo.project.name}@e2e.test`, undefined, '/admin');
    await expectNoCodes(page, 'the dashboard');

    await page.goto('/admin/orders');
    await expectNoCodes(page, 'the orders list');
    await expect(page.getByRole('link', { name: String(number), exact: true })).toBeVisible();

    // A staff step and a comment give the order a history and staff changes to read.
    await page.goto(`/admin/orders/${number}`);
    await expect(page.getByRole('heading', { name: `Заказ ${number}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.locator('.adm-page__head .adm-badge')).toHaveText('Подтверждён');
    await page.reload();
    await expect(page.getByText('Заказ: Подтверждён').first()).toBeVisible();
    await expectNoCodes(page, 'an order');

    await page.goto('/admin/returns');
    await expectNoCodes(page, 'the returns');
    const aReturn = page.locator('a[href^="/admin/returns/"]').first();
    if (await aReturn.count()) {
      await aReturn.click();
      await expect(page).toHaveURL(/\/admin\/returns\/\d+/);
      await expectNoCodes(page, 'a return');
    }

    for (const [path, where] of [
      ['/admin/customers', 'the customers'],
      [`/admin/audit?entityType=order&entityId=${number}`, 'the audit log'],
      ['/admin/audit', 'the audit log'],
      ['/admin/settings', 'the settings'],
      ['/admin/jobs', 'the jobs'],
      ['/admin/imports', 'the imports'],
      ['/admin/promo-codes', 'the promo codes'],
    ] as const) {
      await page.goto(path);
      await expectNoCodes(page, where);
    }
    await page.goto(`/admin/audit?entityType=order&entityId=${number}`);
    await expect(page.getByText('Заказ: Подтверждён').first()).toBeVisible();
  },
);
