import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { isCartCookie } from '../../core/cart/cookies.rules.ts';
import type { UserView } from './account.ts';
import { pushUserData } from './account.ts';
import { CART_EVENT, readCart, writeCart } from './shop-cookies.ts';

const SYNC_DEBOUNCE_MS = 500;

/**
 * For a signed-in shopper (DECISIONS 8, checkout.md §6): the cart kept on the server becomes this
 * device's cart on load, every later change of the cart cookie is sent back, and the user's id,
 * e-mail and phone go to analytics once.
 */
export function useAccountSync(
  user: UserView | null,
  serverCart: { _id: string; count: number }[] | null,
  onCartReplaced: () => void,
) {
  const userId = user?._id ?? null;
  const userRef = useRef(user);
  userRef.current = user;
  const replacedRef = useRef(onCartReplaced);
  replacedRef.current = onCartReplaced;
  const serverCartRef = useRef(serverCart);
  serverCartRef.current = serverCart;

  // One push per page load and sign-in.
  useEffect(() => {
    if (userId && userRef.current) pushUserData(userRef.current);
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    // The server cart is read once per signed-in page load.
    const serverCart = serverCartRef.current;
    if (serverCart && isCartCookie(serverCart) && JSON.stringify(readCart()) !== JSON.stringify(serverCart)) {
      writeCart(serverCart, { silent: true });
      replacedRef.current();
    }
    let timer: number | undefined;
    const flush = () => {
      if (timer === undefined) return;
      window.clearTimeout(timer);
      timer = undefined;
      void fetch('/api/user/cart', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: readCart().slice(0, 40) }),
        keepalive: true,
      }).catch(() => {
        // Offline: the cookie still holds the cart; the next change sends it again.
      });
    };
    const send = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(flush, SYNC_DEBOUNCE_MS);
    };
    // A change made just before the page goes (a payment redirect, a reload) is sent at once.
    const onHide = () => flush();
    window.addEventListener(CART_EVENT, send);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener(CART_EVENT, send);
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [userId]);
}

/**
 * The sync as a part of the page that draws nothing: app/root.tsx loads it after the first load
 * (docs/decisions/0049-first-load-split.md); a cart replaced from the server reloads the page's data.
 */
export function AccountSync({
  user,
  serverCart,
}: {
  user: UserView | null;
  serverCart: { _id: string; count: number }[] | null;
}) {
  const revalidator = useRevalidator();
  useAccountSync(user, serverCart, () => void revalidator.revalidate());
  return null;
}
