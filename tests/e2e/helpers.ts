import { expect, type Page } from '@playwright/test';

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
