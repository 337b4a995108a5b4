import { useEffect } from 'react';
import type { Locale } from '../../../core/i18n.ts';
import { DAY_S, getCookie, setCookie } from '../../lib/cookies.ts';

const COOKIE = 'notificationCreated';
/** Waits for the typing to settle before the phone is sent. */
const SETTLE_MS = 1500;

/**
 * checkout.md §7, §9: `POST /api/notification/add` with the entered phone, at most once a day
 * (cookie `notificationCreated`, 86400 s, path /), when the cart is not empty. The server may remind
 * the shopper of the cart they left.
 */
export function useCartReminder(phone: string | null, products: string[], locale: Locale) {
  const key = products.join(',');
  useEffect(() => {
    if (!phone || !key || getCookie(COOKIE)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch('/api/notification/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({ phone, products: key.split(',') }),
        signal: controller.signal,
      })
        .then((res) => {
          if (res.ok) setCookie(COOKIE, '1', DAY_S);
        })
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [phone, key, locale]);
}
