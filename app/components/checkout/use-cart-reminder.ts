import { useEffect } from 'react';
import type { Locale } from '../../../core/i18n.ts';
import { DAY_S, getCookie, setCookie } from '../../lib/cookies.ts';

const COOKIE = 'notificationCreated';
/** Waits for the typing to settle before the phone is sent. */
const SETTLE_MS = 1500;

const SESSION_KEY = 'notificationSession';

function sentThisSession(): boolean {
  try {
    return sessionStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

function markSession() {
  try {
    sessionStorage.setItem(SESSION_KEY, '1');
  } catch {
    // Private mode: the daily cookie still limits it.
  }
}

/**
 * checkout.md §7, §9: `POST /api/notification/add` with the phone when the cart is not empty: for a
 * guest at most once a day (cookie `notificationCreated`, 86400 s, path /), for a signed-in shopper
 * with a phone once per browser session. The server may remind the shopper of the cart they left.
 */
export function useCartReminder(
  phone: string | null,
  products: string[],
  locale: Locale,
  signedInPhone: string | null = null,
) {
  const key = products.join(',');
  useEffect(() => {
    const perSession = signedInPhone !== null;
    const to = signedInPhone ?? phone;
    if (!to || !key || (perSession ? sentThisSession() : getCookie(COOKIE))) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch('/api/notification/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({ phone: to, products: key.split(',') }),
        signal: controller.signal,
      })
        .then((res) => {
          if (!res.ok) return;
          if (perSession) markSession();
          else setCookie(COOKIE, '1', DAY_S);
        })
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [phone, key, locale, signedInPhone]);
}
