import {
  type CartCookie,
  type CityCookie,
  isCartCookie,
  isCityCookie,
  isFavoritesCookie,
  readJsonCookie,
} from '../../core/cart/cookies.rules.ts';

const MONTH_S = 30 * 24 * 60 * 60;
/** Kept well inside the 4 KB a browser allows one cookie. */
const MAX_CART_LINES = 40;
const MAX_FAVOURITES = 60;

function write(name: string, value: unknown) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; the server reads these cookies
  document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/; max-age=${MONTH_S}; samesite=lax`;
}

export function readCart(): CartCookie {
  return readJsonCookie(document.cookie, 'cart', isCartCookie, []);
}

/** Fired on every change of the cart cookie made on this page (a signed-in cart is sent to the server). */
export const CART_EVENT = 'shop:cart';

export function writeCart(cart: CartCookie, { silent = false }: { silent?: boolean } = {}) {
  write('cart', cart);
  if (!silent) window.dispatchEvent(new Event(CART_EVENT));
}

/** Adds one of a variant to the guest cart cookie (checkout.md §3), never above `max`. */
export function addToCart(variantId: string, max: number): CartCookie {
  const cart = readCart();
  const item = cart.find((i) => i._id === variantId);
  if (item) item.count = Math.min(item.count + 1, max);
  else if (cart.length < MAX_CART_LINES) cart.push({ _id: variantId, count: 1 });
  writeCart(cart);
  return cart;
}

export function readFavourites(): string[] {
  return readJsonCookie(document.cookie, 'favorites', isFavoritesCookie, []);
}

export function writeFavourites(ids: string[]) {
  write('favorites', ids);
}

/** Toggles a product group in the `favorites` cookie; returns whether it is now a favourite. */
export function toggleFavourite(groupId: string): boolean {
  const list = readFavourites();
  const on = !list.includes(groupId);
  // The cookie must stay readable (the server caps the list) and under the browser's 4 KB: the
  // oldest favourites make way.
  write('favorites', on ? [...list, groupId].slice(-MAX_FAVOURITES) : list.filter((id) => id !== groupId));
  return on;
}

export function readCity(): CityCookie | null {
  return readJsonCookie(document.cookie, 'shi-city', isCityCookie, null);
}

/** catalogue.md §8: the chosen (or first detected) city is kept in `shi-city`. */
export function writeCity(city: CityCookie) {
  write('shi-city', { code: city.code, name: city.name });
}
