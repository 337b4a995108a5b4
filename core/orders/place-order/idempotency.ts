import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import type { PaymentKind } from '../../providers/payments/payment-provider.ts';
import type { Tx } from '../order-access.ts';
import type { OrderPayload } from '../orders.schemas.ts';

/**
 * The order's Idempotency-Key (DECISIONS 19): claimed in the placing transaction, so two requests
 * with one key store one order; the answer stored with it lets a retry repeat the first answer.
 */

/** The client that sent a request: its `shi-device` cookie (and whether it came with it) and address. */
export interface RequestClient {
  ip: string;
  device?: { id: string; sent: boolean };
}

/** What a key's first request stored: its order and the payment kind it started. */
export interface KeyedOrder {
  orderNumber: number;
  startKind: PaymentKind | null;
}

/** Claims the key in the placing transaction; a concurrent claim fails on the unique key. */
export async function claimKey(tx: Tx, key: string, hash: string | null, client: RequestClient) {
  await tx.insert(idempotencyKeys).values({
    key,
    scope: 'order',
    status: 200,
    response: {},
    requestHash: hash,
    // The browser's id, also one the route has just made: its answer sets that cookie, so only the
    // browser that got the answer can repeat it.
    clientDevice: client.device?.id ?? null,
    clientIp: client.ip,
  });
}

/** Stores the key's answer: the order it made and the payment it starts. */
export async function storeKeyAnswer(tx: Tx, key: string, answer: KeyedOrder) {
  await tx.update(idempotencyKeys).set({ response: answer }).where(eq(idempotencyKeys.key, key));
}

/**
 * The order a key's first request made, for a retry; null when the key is new or its request is
 * still placing. Another request under the key, or the key from another client, is refused.
 */
export async function keyedOrder(
  db: Db,
  key: string,
  hash: string | null,
  client: RequestClient,
): Promise<KeyedOrder | null> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  // DECISIONS 19: a retry repeats the first request; another order under the same key is a
  // client bug, refused rather than answered with an order the shopper did not ask for.
  // A replay from another client is refused the same way (docs/decisions/0018): the first answer
  // carries the order's access key and its payment page, which belong to the browser that made it,
  // and a 409 tells the other client nothing, not even that the key was used. A true retry comes
  // from the same browser, proven by its `shi-device` cookie (the one the first answer set when the
  // request came without it). An address proves nothing: many clients share one, so a request
  // without the cookie never gets a stored answer. Keys stored without a device (before browsers
  // were bound, or placed without a browser) repeat only to a caller without a browser at all.
  const sameClient =
    !row ||
    (row.clientDevice
      ? client.device?.sent === true && row.clientDevice === client.device.id
      : client.device === undefined && (row.clientIp === null || row.clientIp === client.ip));
  if ((row?.requestHash && hash && row.requestHash !== hash) || !sameClient) {
    throw new AppError('conflict', { key: 'order.idempotency_key_reused' }, { field: 'Idempotency-Key' });
  }
  const stored = row?.response as { orderNumber?: number; startKind?: PaymentKind | null } | undefined;
  if (!stored?.orderNumber) return null;
  return { orderNumber: stored.orderNumber, startKind: stored.startKind ?? null };
}

/** Fields of the order payload that are display values only (DECISIONS 6) or the key itself. */
const NOT_MEANING = new Set([
  'key',
  'summ',
  'deliveryPrice',
  'promocodeDiscount',
  'promocodeDiscountPrice',
  'deliveryMaxDate',
  'outMKAD',
]);

/**
 * DECISIONS 19: what an order request means (its choices, the draft flag, the edition and the
 * shopper), hashed, so a retry is told apart from another order sent under the same key.
 */
export function requestHash(
  input: OrderPayload,
  ctx: { draft: boolean; locale: Locale; userId?: string | null },
): string {
  const meaning = Object.fromEntries(Object.entries(input).filter(([k]) => !NOT_MEANING.has(k)));
  const request = { meaning, draft: ctx.draft, locale: ctx.locale, userId: ctx.userId ?? null };
  return createHash('sha256').update(stableJson(request)).digest('hex');
}

/** JSON with object keys sorted, so equal values hash equally whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether a database error (or one it caused) is a unique violation: a concurrent claim won. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
