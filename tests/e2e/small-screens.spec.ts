import { expect, type Page, test } from '@playwright/test';
import { budget, gotoHydrated, setCart } from './helpers.ts';

// Issue 21, small screens: at 320, 360, 390 (phone project) and 768, 1440 px (desktop project) no
// page scrolls sideways, the header keeps every control on screen, and the floating chat button,
// the app banner and the header cover none of the controls the shopper needs. Screenshots of every
// page at every width land in test-results/small-screens/ for a look.

// Each test loads one or two full pages at one width; a busy machine needs room for their images.
test.describe.configure({ timeout: budget(90_000) });

const phoneWidths = [320, 360, 390];
const desktopWidths = [768, 1440];

/**
 * The page scrolls no wider than its viewport. A phone's browser widens its layout (and
 * `innerWidth`) to fit wide content, so the width the page was given is the viewport set here.
 */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const given = page.viewportSize()?.width ?? 0;
  const { scrollWidth, innerWidth, wide } = await page.evaluate((given) => {
    const root = document.scrollingElement ?? document.documentElement;
    // The widest offenders, to name in the failure.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > given + 0.5)
      .filter((el) => getComputedStyle(el).position !== 'fixed' && el.getClientRects().length > 0)
      .filter((el) => !el.closest('dialog:not([open]), [hidden], .category-tiles, .scroller, .gallery'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, wide };
  }, given);
  expect(scrollWidth, `${what} scrolls sideways: ${wide.join(', ')}`).toBeLessThanOrEqual(given);
  expect(innerWidth, `${what} widened the phone's layout: ${wide.join(', ')}`).toBe(given);
}

/**
 * The control is on screen and nothing covers it: the element at its centre is the control or
 * inside it. Checked where the page shows it first and again with the control at the bottom edge
 * of the screen, where the floating buttons sit.
 */
async function expectReachable(page: Page, selector: string, what: string, { atBottom = true } = {}) {
  const control = page.locator(selector).first();
  await expect(control, `${what} is missing`).toBeVisible();
  const positions = atBottom ? (['as-is', 'end'] as const) : (['as-is'] as const);
  for (const position of positions) {
    const result = await control.evaluate((el, position) => {
      if (position === 'end') el.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const inView = x >= 0 && x <= window.innerWidth && y >= 0 && y <= window.innerHeight;
      if (!inView) return { inView, ok: position === 'as-is', on: '' };
      const hit = document.elementFromPoint(x, y);
      const ok = hit !== null && (hit === el || el.contains(hit));
      const on = hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing';
      return { inView, ok, on, x: Math.round(x), y: Math.round(y) };
    }, position);
    expect(result.ok, `${what} (${position}) is covered by ${result.on}`).toBe(true);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/**
 * Issue 35: at the end of the page (nothing left to scroll from under them) the floating buttons
 * cover no text and no control: the page keeps room for them below its last line.
 */
async function expectEndUncovered(page: Page, what: string) {
  // Lazy images grow the page as it scrolls: go to the end until it stops growing, each time after
  // the images in view have loaded (or failed) and two frames have been laid out.
  await page.evaluate(async () => {
    const settled = async () => {
      const inView = [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return !img.complete && r.bottom > 0 && r.top < window.innerHeight;
      });
      await Promise.all(
        inView.map(
          (img) =>
            new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
        ),
      );
      await document.fonts.ready;
      for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
    };
    let height = -1;
    while (height !== document.documentElement.scrollHeight) {
      height = document.documentElement.scrollHeight;
      window.scrollTo({ top: height, behavior: 'instant' });
      await settled();
    }
  });
  await expect(page.locator('.floating .to-top')).toBeVisible();
  await expect(page.locator('.floating .messenger:not(.messenger--waiting)')).toBeVisible();
  // The buttons fade and slide in: measure once their transitions have finished.
  await page
    .locator('.floating')
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const covered = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('.floating > *')]
      .filter((el) => getComputedStyle(el).visibility !== 'hidden')
      .map((el) => el.getBoundingClientRect());
    const overlaps = (r: DOMRect) =>
      r.width > 2 &&
      r.height > 2 &&
      buttons.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.closest('.floating, dialog:not([open])')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => overlaps(r as DOMRect)))
        found.push(
          `«${node.textContent.trim().slice(0, 30)}» in ${parent.tagName.toLowerCase()}.${parent.className}`,
        );
    }
    for (const el of document.querySelectorAll('a, button, input, select, textarea')) {
      if (el.closest('.floating')) continue;
      if (overlaps(el.getBoundingClientRect())) found.push(`${el.tagName.toLowerCase()}.${el.className}`);
    }
    return found;
  });
  expect(covered, `the floating buttons cover the end of ${what}`).toEqual([]);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

async function shoot(page: Page, name: string, width: number) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: `test-results/small-screens/${name}-${width}.png` });
}

/** What every storefront page keeps in reach: the menu, the logo and the cart. */
async function expectHeader(page: Page, width: number) {
  await expectReachable(page, '.header__menu-button', `menu at ${width}`, { atBottom: false });
  await expectReachable(page, '.header .logo', `logo at ${width}`, { atBottom: false });
  await expectReachable(page, '.header [aria-label^="Корзина"]', `cart at ${width}`, { atBottom: false });
  await expectReachable(page, '.header [aria-label^="Избранное"]', `favourites at ${width}`, {
    atBottom: false,
  });
}

/** Scrolls the page through once, so lazy sections and the scroll-to-top button are as a shopper sees them. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

for (const width of [...phoneWidths, ...desktopWidths]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }, info) => {
      const phone = info.project.name === 'phone';
      test.skip(
        phone !== phoneWidths.includes(width),
        'phone widths on the phone project, the rest on desktop',
      );
      await page.setViewportSize({ width, height: phone ? 740 : 900 });
    });

    test('home', async ({ page }) => {
      await gotoHydrated(page, '/');
      await expectNoSidewaysScroll(page, 'home');
      await expectHeader(page, width);
      await expectReachable(page, '.section__more', "'Весь каталог'");
      await expectReachable(page, '.card__favourite', 'a card’s favourite heart');
      await scrollThrough(page);
      await expectNoSidewaysScroll(page, 'home, scrolled');
      await shoot(page, 'home', width);
    });

    test('catalogue', async ({ page }) => {
      await gotoHydrated(page, '/catalog');
      await expectNoSidewaysScroll(page, 'catalogue');
      await expectHeader(page, width);
      await expectReachable(page, '.card__favourite', 'a card’s favourite heart');
      await expectReachable(page, '.card a, a.card', 'a product card');
      if (width < 768) await expectEndUncovered(page, 'the catalogue');
      await shoot(page, 'catalogue', width);
    });

    test('product', async ({ page }) => {
      await gotoHydrated(page, '/products/linen-shirt-dress-sand');
      await expectNoSidewaysScroll(page, 'product');
      await expectHeader(page, width);
      await expectReachable(page, '.product__title-row .favourite', 'the product’s favourite heart');
      await expectReachable(page, '.sizes button, .size', 'a size');
      if (width < 768) await expectEndUncovered(page, 'the product page');
      await shoot(page, 'product', width);
    });

    test('cart and checkout', async ({ page, context }) => {
      await setCart(context, [{ _id: 'cashmere-scarf-camel', count: 1 }]);
      await gotoHydrated(page, '/?cart');
      const cart = page.locator('dialog.cart');
      await expect(cart.locator('.cart-line')).toHaveCount(1, { timeout: budget(20_000) });
      await expectNoSidewaysScroll(page, 'cart');
      await shoot(page, 'cart', width);
      await cart.getByRole('button', { name: 'Перейти к оформлению' }).click();
      await expect(cart.locator('.way').first()).toBeVisible();
      // The step indicator names the step the shopper is on.
      await expect(cart.locator('.checkout-steps [aria-current="step"]')).toHaveText(/Способ получения/);
      if (width >= 768) await expect(cart.locator('.checkout-steps__name').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'checkout');
      await shoot(page, 'checkout', width);
    });

    test('a generic page', async ({ page }) => {
      await gotoHydrated(page, '/about');
      await expectNoSidewaysScroll(page, 'the about page');
      await expectHeader(page, width);
      await shoot(page, 'page', width);
    });

    test('order status and the app page', async ({ page }) => {
      await gotoHydrated(page, '/status');
      await expectNoSidewaysScroll(page, 'status');
      await expectReachable(page, '.status-page__form button[type="submit"]', 'the status button');
      await shoot(page, 'status', width);
      await gotoHydrated(page, '/app');
      await expectNoSidewaysScroll(page, 'app');
      await expectReachable(page, '.app-page__store', 'a store link');
      await expect(page.locator('.app-page__qr')).toBeVisible({ visible: width >= 768 });
      await shoot(page, 'app', width);
    });

    test('the app banner shows at the bottom, moving nothing and covering no control', async ({
      page,
      context,
    }) => {
      test.skip(width >= 768, 'the app banner shows on phones only');
      await context.clearCookies({ name: 'appBannerDismissed' });
      // Without web fonts, whose late arrival on a busy machine moves text on its own: what moves
      // here is what the banner moved.
      await page.route(/\.woff2?$/, (route) => route.abort());
      // Layout shifts the page made on its own (not after an input) since it loaded, with what moved.
      const shifts = () =>
        page.evaluate(
          () =>
            new Promise<{ total: number; moved: string[] }>((resolve) => {
              const seen = { total: 0, moved: [] as string[] };
              new PerformanceObserver((list) => {
                for (const e of list.getEntries() as (PerformanceEntry & {
                  value: number;
                  hadRecentInput: boolean;
                  sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
                })[]) {
                  if (e.hadRecentInput) continue;
                  seen.total += e.value;
                  for (const s of e.sources)
                    seen.moved.push(
                      `${Math.round(e.startTime)} ms ${s.node?.nodeName}.${(s.node as Element | undefined)?.className} y ${s.previousRect.y}→${s.currentRect.y} h ${s.previousRect.height}→${s.currentRect.height}`,
                    );
                }
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(seen), 200);
            }),
        );
      const expectStill = async (what: string) => {
        const { total, moved } = await shifts();
        expect(total, `${what} moved: ${moved.join('; ')}`).toBeLessThan(0.001);
      };
      const viewport = page.viewportSize()?.height ?? 0;

      await gotoHydrated(page, '/catalog');
      const banner = page.locator('.app-banner');
      await expect(banner).toBeVisible();
      const [b, h] = await Promise.all([banner.boundingBox(), page.locator('.header').boundingBox()]);
      expect(b && Math.abs(b.y + b.height - viewport) <= 1, 'the banner sits on the bottom edge').toBe(true);
      expect(b && h && b.y >= h.y + h.height, 'the banner overlaps the header').toBe(true);
      await expectStill('the catalogue');
      await expectNoSidewaysScroll(page, 'catalogue with the app banner');
      await expectHeader(page, width);
      await expectReachable(page, '.app-banner__open', 'the banner’s store link', { atBottom: false });
      await page.screenshot({ path: `test-results/small-screens/app-banner-${width}.png` });

      // On a product the banner sits on the sticky buy bar, which stays where it was and uncovered.
      await gotoHydrated(page, '/products/linen-shirt-dress-sand');
      await expect(banner).toBeVisible();
      const bar = page.locator('.sticky-bar');
      const [pb, sb] = await Promise.all([banner.boundingBox(), bar.boundingBox()]);
      expect(pb && sb && pb.y + pb.height <= sb.y + 1, 'the banner covers the buy bar').toBe(true);
      await expectStill('the product page');
      await expectReachable(page, '.sticky-bar .button', 'the buy button', { atBottom: false });
      await page.screenshot({ path: `test-results/small-screens/app-banner-product-${width}.png` });
    });

    test('the English header with its currency', async ({ page }) => {
      await gotoHydrated(page, '/en');
      await expectNoSidewaysScroll(page, 'English home');
      await expectReachable(page, '.header [aria-label^="Cart"]', `cart at ${width}`, { atBottom: false });
      await expectReachable(page, '.currency__select', `currency at ${width}`, { atBottom: false });
      await shoot(page, 'home-en', width);
    });
  });
}
