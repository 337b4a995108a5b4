import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { gotoHydrated } from '../helpers.ts';

// Orders made as a shopper makes them, for the journeys: a phone no run has used and the sign-in code
// texted to it, the catalogue's variants with stock to spare, an order placed through the public API
// and paid in the sandbox. One home for what the journeys used to write each for themselves.

/** Products other journeys count on (their stock and reviews): these helpers leave them alone. */
export const TAKEN_PRODUCTS = [
  'linen-shirt-dress-sand',
  'cashmere-scarf-camel',
  'ribbed-tank-top-black',
  'men-s-double-breasted-coat-navy',
];

/** A phone no other run has used: per-phone limits hold across runs on a reused data folder. */
export function freshPhone(): string {
  return `79${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** {@link freshPhone} without the country code, as a shopper types it (the cabinet's field adds +7). */
export function freshLocalPhone(): string {
  return freshPhone().slice(1);
}

/** The sign-in code the shop texted to a local phone (+7 added), read from the development outbox. */
export async function codeFromOutbox(page: Page, localPhone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?channel=sms&recipient=7${localPhone}`);
      const body = (await res.json()) as { data: { payload: { code?: string } }[] };
      code = body.data[0]?.payload.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/**
 * Up to `count` variants with at least `min` in stock and not on preorder, from the catalogue page's
 * products (from its end when `fromEnd`, so two journeys seldom share one).
 */
export async function variantsInStock(
  page: Page,
  request: APIRequestContext,
  { min = 5, count = 4, fromEnd = false }: { min?: number; count?: number; fromEnd?: boolean } = {},
): Promise<string[]> {
  await gotoHydrated(page, '/catalog');
  const hrefs = await page
    .locator('a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[2] ?? ''),
    );
  const ids = [...new Set(hrefs)].filter((id) => id && !TAKEN_PRODUCTS.includes(id));
  const found: string[] = [];
  for (const id of (fromEnd ? ids.reverse() : ids).slice(0, 20)) {
    const res = await request.post('/api/group-by-id', { data: { _id: id } });
    if (!res.ok()) continue;
    const group = (await res.json()) as {
      products?: { _id: string; WarehouseQuantity: number; preorder: 0 | 1 }[];
    };
    for (const p of group.products ?? [])
      if (p.preorder === 0 && p.WarehouseQuantity >= min) found.push(p._id);
    if (found.length >= count) break;
  }
  return found.slice(0, count);
}

/**
 * An order placed through `POST /api/payment` (the payload's `products` one unit of `variant` unless
 * given) and paid in the sandbox; its number.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  order: { phone: string; fullName: string; variant: string; count?: number } & Record<string, unknown>,
): Promise<number> {
  const { phone, fullName, variant, count = 1, ...rest } = order;
  const res = await request.post('/api/payment', {
    data: {
      getWay: 'self',
      payment: 'online',
      fullName,
      phone,
      email: `shopper.${phone}@example.ru`,
      products: [{ _id: variant, count }],
      consent: true,
      ...rest,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const answer = (await res.json()) as { url?: string; order?: { orderID?: number } };
  const number = Number(answer.order?.orderID);
  expect(number).toBeGreaterThan(0);
  const paid = await request.post(`/api/sandbox/payments/${answer.url?.split('/').pop()}`, {
    data: { decision: 'pay' },
  });
  expect(paid.ok()).toBe(true);
  return number;
}
