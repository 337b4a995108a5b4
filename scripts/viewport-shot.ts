// One viewport-sized screenshot of a running shop's page at 1440 and 390 px, optionally after clicking
// a button by its accessible name: `node scripts/viewport-shot.ts URL OUT-PREFIX [button-name]`.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const [url = 'http://localhost:3000/', out = '/tmp/shot', button] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({
    viewport,
    isMobile: name === 'phone',
    hasTouch: name === 'phone',
  });
  await context.addCookies(
    ['cookieNotice', 'marketingDismissed', 'appBannerDismissed'].map((n) => ({
      name: n,
      value: '1',
      url: new URL(url).origin,
    })),
  );
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  if (button) {
    await page.getByRole('button', { name: button }).first().click();
    await page.waitForTimeout(800);
  }
  await page.screenshot({ path: `${out}-${name}.png` });
  await context.close();
}
await browser.close();
