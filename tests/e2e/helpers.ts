import { type BrowserContext, expect, type Page } from '@playwright/test';

/** Clicks made before React hydrates are lost (STACK pitfall 10): wait for the root's marker. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1440) < 768;
}

export async function expectUrl(page: Page, pattern: RegExp) {
  await expect(page).toHaveURL(pattern);
}

/** Puts lines into the guest cart cookie (checkout.md §3) before the page loads. */
export async function setCart(context: BrowserContext, items: { _id: string; count: number }[]) {
  await context.addCookies([
    { name: 'cart', value: encodeURIComponent(JSON.stringify(items)), domain: '127.0.0.1', path: '/' },
  ]);
}

/**
 * A journey's own time budget. On CI the journeys share two cores with the unit tests (`npm test`
 * runs them side by side), so every budget a journey names is tripled there, as the configured ones
 * are raised in playwright.config.ts: a step waits on its condition, never races a fixed figure.
 */
export function budget(ms: number): number {
  return process.env.CI ? ms * 3 : ms;
}

/**
 * A journey whose behaviour does not depend on the screen (a back-office task, a payment outcome, a
 * timer): the desktop run covers it and the phone run leaves it out (playwright.config.ts). Journeys
 * with a phone layout, touch or the app in them stay in both. The rule in full: docs/testing.md.
 */
export const anyWidth = { tag: '@any-width' };
