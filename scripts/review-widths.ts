// The two widths the shop's pages are reviewed at (scripts/screenshots.ts, scripts/viewport-shot.ts):
// a desktop, and a phone with a touch screen and a mobile viewport.
import { type BrowserContext, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

/** Opens a fresh browser context at each width in turn, runs `work` in it, then closes it. */
export async function atReviewWidths(
  work: (name: 'desktop' | 'phone', context: BrowserContext) => Promise<void>,
) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      isMobile: name === 'phone',
      hasTouch: name === 'phone',
    });
    await work(name, context);
    await context.close();
  }
  await browser.close();
}
