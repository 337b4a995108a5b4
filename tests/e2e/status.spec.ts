import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { anyWidth, budget, gotoHydrated, isPhone, setCart } from './helpers.ts';
import { freshPhone } from './support/shop-orders.ts';
import { signInStaff } from './support/staff-accounts.ts';

// DECISIONS 29: /status shows an order's state, delivery and tracking from its number with the phone or
// e-mail; /app gives the store links by device and a QR code on desktop. Issue 21: the public offer
// behind the pay step's consent, the seller's requisites in the footer, and the analytics counters
// set in settings starting under the page's nonce and reading the shop's dataLayer.

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectSocialTags(page: Page, title: RegExp, url: RegExp) {
  await expect(page).toHaveTitle(title);
  // The shared title is the page's own, without the shop's name after it.
  const social = await page.locator('meta[property="og:title"]').getAttribute('content');
  expect((await page.title()).startsWith(`${social} |`), `${social}`).toBe(true);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{20}/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^https?:\/\/.+\/media\//,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
}

/** A paid CDEK courier order placed through the shop's own API, as the checkout places it. */
async function placePaidOrder(request: APIRequestContext, page: Page) {
  await gotoHydrated(page, '/catalog');
  const ids = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  let variant: string | null = null;
  for (const id of [...new Set(ids)].reverse()) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    const v = group.products?.find((x) => !x.preorder && x.WarehouseQuantity >= 3);
    if (v) {
      variant = v._id;
      break;
    }
  }
  if (!variant) throw new Error('the demo catalogue has no variant to order');
  const phone = freshPhone();
  const email = `status.${phone}@example.ru`;
  const placed = await request.post('/api/payment', {
    data: {
      payment: 'online',
      fullName: 'Орлова Вера',
      phone,
      email,
      consent: true,
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 12',
      products: [{ _id: variant, count: 1 }],
    },
  });
  expect(placed.ok()).toBe(true);
  const answer = (await placed.json()) as { url: string; order: { orderID: number } };
  const paid = await request.post(`/api/sandbox/payments/${answer.url.split('/').pop()}`, {
    data: { decision: 'pay' },
  });
  expect(paid.ok()).toBe(true);
  return { number: answer.order.orderID, phone, email };
}

test('a shopper finds the order`s state by its number and phone, and a wrong phone learns nothing', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(budget(90_000));
  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const order = await placePaidOrder(shopper.request, page);
  await shopper.close();

  await gotoHydrated(page, '/status');
  await expectSocialTags(page, /^Статус заказа \|/, /\/status$/);
  await expect(page.getByRole('heading', { name: 'Статус заказа', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Empty fields are named before anything is sent.
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  await expect(page.getByText('Укажите номер заказа цифрами')).toBeVisible();

  await page.getByLabel('Номер заказа').fill(String(order.number));
  await page.getByLabel('Телефон или e-mail').fill('+7 900 000-00-00');
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText('Заказ с таким номером и телефоном или e-mail не найден');
  // A number that does not exist gets the very same words.
  await page.getByLabel('Номер заказа').fill('1999999999');
  await page.getByLabel('Телефон или e-mail').fill(order.phone);
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  await expect(refusal).toHaveText('Заказ с таким номером и телефоном или e-mail не найден');

  await page.getByLabel('Номер заказа').fill(String(order.number));
  await page.getByLabel('Телефон или e-mail').fill(`8${order.phone.slice(1)}`);
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  const result = page.locator('.status-page__result');
  await expect(result.getByRole('heading', { name: `Заказ № ${order.number}` })).toBeVisible();
  await expect(result.locator('.status-page__state')).toHaveText('Оплачен, готовится к отправке');
  await expect(result).toContainText('Курьером СДЭК');
  await expect(result).toContainText('Санкт-Петербург');
  await expect(result).toContainText('Номер для отслеживания появится');
  // Nothing else: no name, street or sums.
  await expect(result).not.toContainText('Орлова');
  await expect(result).not.toContainText('Невский');
  await expect(result).not.toContainText('₽');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('status.png') });

  // The English page, by e-mail.
  await gotoHydrated(page, '/en/status');
  await expectSocialTags(page, /^Order status \|/, /\/en\/status$/);
  await page.getByLabel('Order number').fill(String(order.number));
  await page.getByLabel('Phone or e-mail').fill(order.email.toUpperCase());
  await page.getByRole('button', { name: 'Check status' }).click();
  await expect(page.locator('.status-page__state')).toHaveText('Paid, being prepared');
  await expectNoSeriousViolations(page);
});

test('the app page links the stores, its own first on a phone, with a QR code on desktop', async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, '/app');
  await expectSocialTags(page, /^Мобильное приложение/, /\/app$/);
  // The page's own store links (the global menu has an app button of its own).
  const stores = page.locator('.app-page__stores a[data-store]');
  await expect(stores).toHaveCount(2);
  await expect(page.locator('.app-page__stores a[data-store="android"]')).toHaveAttribute(
    'href',
    /^https:\/\/play\.google\.com\//,
  );
  await expect(page.locator('.app-page__stores a[data-store="ios"]')).toHaveAttribute(
    'href',
    /^https:\/\/apps\.apple\.com\//,
  );
  if (isPhone(page)) {
    // The phone project is an Android phone: Google Play comes first; no QR code to scan.
    await expect(stores.first()).toHaveAttribute('data-store', 'android');
    await expect(page.locator('.app-page__qr')).toBeHidden();
  } else {
    await expect(page.getByRole('img', { name: 'QR-код страницы приложения' })).toBeVisible();
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('app.png') });
  await gotoHydrated(page, '/en/app');
  await expectSocialTags(page, /^Mobile app/, /\/en\/app$/);
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test(
  'the public offer is a page in both languages and the footer names the seller',
  anyWidth,
  async ({ page }) => {
    await gotoHydrated(page, '/public-offer');
    await expect(page.getByRole('heading', { name: 'Публичная оферта', level: 1 })).toBeVisible();
    const seller = page.locator('.footer__seller');
    await expect(seller).toContainText('ООО «Северная линия»');
    await expect(seller).toContainText('ИНН 7704123456');
    await expect(seller).toContainText('ОГРН 1197746123456');
    await expect(seller).toContainText('Москва');
    await expect(page.locator('.footer').getByRole('link', { name: 'Публичная оферта' })).toHaveAttribute(
      'href',
      '/public-offer',
    );
    await gotoHydrated(page, '/en/public-offer');
    await expect(page.getByRole('heading', { name: 'Public offer', level: 1 })).toBeVisible();
    await expect(page.locator('.footer__seller')).toContainText('INN 7704123456');
  },
);

test('the pay step`s consent links the public offer', anyWidth, async ({ page, context }) => {
  test.setTimeout(budget(90_000));
  await setCart(context, [{ _id: 'cashmere-scarf-camel', count: 1 }]);
  await gotoHydrated(page, '/?cart');
  const cart = page.locator('dialog.cart');
  await expect(cart.locator('.cart-line')).toHaveCount(1, { timeout: budget(20_000) });
  await cart.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await cart.locator('.way').filter({ hasText: 'Самовывоз из шоурума' }).click();
  await cart.getByRole('button', { name: 'Уточнить детали' }).click();
  await cart.getByLabel(/^Фамилия и имя/).fill('Иванова Анна');
  await cart.getByLabel(/^Телефон/).fill('9991234567');
  await cart.getByLabel(/^Ваш email/).fill('anna@example.ru');
  await cart.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(cart.locator('.checkout-steps [aria-current="step"]')).toHaveText(/Оплата/);
  // The pay part's code loads on the step's first showing.
  const consent = cart.locator('.payment__consent');
  await expect(consent).toBeVisible({ timeout: budget(20_000) });
  await expect(consent.getByRole('link', { name: 'публичной оферты' })).toHaveAttribute(
    'href',
    '/public-offer',
  );
  await expect(
    consent.getByRole('link', { name: 'согласие на обработку персональных данных' }),
  ).toHaveAttribute('href', '/policy');
});

test(
  'the counters set in settings start under the page`s nonce and see the shop`s events',
  anyWidth,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(budget(120_000));
    const admin = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
    await signInStaff(admin, `content-admin-${testInfo.project.name}@e2e.test`);
    const save = async (analytics: object) => {
      const list = (await (await admin.request.get('/api/admin/settings')).json()) as {
        documents: { id: string; updatedAt: string }[];
      };
      const main = list.documents.find((d) => d.id === 'main');
      // Staff changes must come from the shop's own pages (their Origin).
      const res = await admin.request.put('/api/admin/settings/main', {
        headers: { origin: String(testInfo.project.use.baseURL) },
        data: { updatedAt: main?.updatedAt, values: { analytics } },
      });
      expect(res.ok(), await res.text()).toBe(true);
    };
    // No counter: no start script and no counter host in the policy.
    await save({});
    const plain = await page.request.get('/');
    expect(await plain.text()).not.toContain('data-counter');
    expect(plain.headers()['content-security-policy']).not.toContain('googletagmanager');

    await save({ gtmId: 'GTM-E2E1234', metrikaId: '12345678' });
    try {
      const res = await page.request.get('/');
      const html = await res.text();
      const policy = res.headers()['content-security-policy'] ?? '';
      const nonce = policy.match(/script-src[^;]*'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toMatch(new RegExp(`<script nonce="${nonce}" data-counter="gtm">`));
      expect(html).toMatch(new RegExp(`<script nonce="${nonce}" data-counter="metrika">`));
      expect(policy).toMatch(/script-src[^;]*https:\/\/www\.googletagmanager\.com/);
      expect(policy).toMatch(/script-src[^;]*https:\/\/mc\.yandex\.ru/);

      // The counters' own code stays outside the test; their starts run and the shop's events reach
      // the one dataLayer both read.
      await page.route(/googletagmanager\.com|mc\.yandex\.ru/, (route) => route.abort());
      await gotoHydrated(page, '/products/linen-shirt-dress-sand');
      const started = await page.evaluate(() => {
        const w = window as unknown as { dataLayer: { event?: string }[]; ym: { a: unknown[][] } };
        return {
          gtm: w.dataLayer.some((e) => e.event === 'gtm.js'),
          ym: JSON.stringify([...(w.ym.a[0] ?? [])]),
        };
      });
      expect(started.gtm).toBe(true);
      expect(started.ym).toContain('"ecommerce":"dataLayer"');
      await page.locator('.size:not(.size--sold_out):not(.size--preorder)').first().click();
      await expect(page.locator('.size--selected').first()).toBeVisible();
      await page
        .getByRole('button', { name: /^В корзину/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some(
              (e) => e.event === 'add_to_cart',
            ),
          ),
        )
        .toBe(true);
    } finally {
      await save({});
      await admin.close();
    }
  },
);
