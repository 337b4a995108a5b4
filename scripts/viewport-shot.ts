// One viewport-sized screenshot of a running shop's page at 1440 and 390 px, optionally after clicking
// a button by its accessible name: `node scripts/viewport-shot.ts URL OUT-PREFIX [button-name]`.
import { atReviewWidths } from './review-widths.ts';

const [url = 'http://localhost:3000/', out = '/tmp/shot', button] = process.argv.slice(2);
await atReviewWidths(async (name, context) => {
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
});
