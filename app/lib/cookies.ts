import { readCookie } from '../../core/cart/cookies.rules.ts';

export const DAY_S = 24 * 60 * 60;

export function getCookie(name: string): string | null {
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; the server reads these cookies
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}
