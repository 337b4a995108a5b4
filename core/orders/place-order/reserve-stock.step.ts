import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import { orderLines, orders, variantProducts } from '../../db/schema/index.ts';
import { AppError, type MessageRef } from '../../errors.ts';
import { enqueueRestockCheck } from '../../messages/order-messages.service.ts';
import {
  type HeldOrder,
  type HoldCaps,
  type Holder,
  type HoldRefusal,
  holdRefusal,
  NETWORK_CAPS,
  type NetworkCaps,
  type NetworkRefusal,
  networkOf,
  networkRefusal,
} from '../order.rules.ts';
import type { Tx } from '../order-access.ts';

/**
 * Placement step 2: reserve stock. Under the client's locks, the caps on what one client's unpaid
 * orders may hold (DECISIONS 32) are judged first; each line's stock is decremented conditionally
 * as the placing transaction's last statement (every order of a popular product updates the same
 * row, whose lock is then held only to the commit: docs/decisions/0039-order-placement-throughput.md).
 * Undo: `releaseStock`, when the order fails or is cancelled (inside the placing transaction a
 * refusal rolls the decrements back with everything else).
 */

/** A line to reserve: preorder lines take no stock. */
export interface StockLine {
  variantId: string;
  groupId: string;
  name: string;
  size: string;
  count: number;
  preorder: boolean;
}

/** The shopper's message about a line short of stock. */
export function soldOutMessage(name: string, size: string, left: number): MessageRef {
  if (left <= 0) {
    return size
      ? { key: 'order.sold_out_size', params: { name, size } }
      : { key: 'order.sold_out', params: { name } };
  }
  return size
    ? { key: 'order.only_left_size', params: { name, size, left } }
    : { key: 'order.only_left', params: { name, left } };
}

function holdMessage(refusal: HoldRefusal, name: string): MessageRef {
  if (refusal.kind === 'orders') {
    return { key: `order.hold_orders_${refusal.by}`, params: { cap: refusal.cap } };
  }
  return { key: `order.hold_units_${refusal.by}`, params: { name, cap: refusal.cap, left: refusal.left } };
}

function networkMessage(refusal: NetworkRefusal, name: string): MessageRef {
  if (refusal.kind === 'catalogue') {
    return { key: 'order.hold_total_network', params: { cap: refusal.cap, left: refusal.left } };
  }
  return { key: 'order.hold_units_network', params: { name, cap: refusal.cap, left: refusal.left } };
}

/**
 * Judges the hold caps of the client's unpaid orders with this order's lines, under the client's
 * locks (device, phone, address, network), so concurrent orders (on any instance) cannot pass the
 * caps together. The locks are held to the end of the transaction. Returns how many unpaid orders
 * holding stock the client's network has (0 for an uncounted network), which shortens the new
 * order's hold (`networkHoldMinutes`).
 */
export async function checkHoldCaps(
  tx: Tx,
  client: Holder,
  lines: StockLine[],
  caps: HoldCaps,
  networkCaps: NetworkCaps = NETWORK_CAPS,
): Promise<{ networkOrders: number }> {
  const network = networkOf(client.ip);
  await lockHolder(tx, client, network);
  const wanted = lines.map((l) => ({ variantId: l.variantId, count: l.preorder ? 0 : l.count }));
  const refusal = holdRefusal(await heldBy(tx, client), client, wanted, caps);
  if (refusal) {
    const line = lines.find((l) => refusal.kind === 'units' && l.variantId === refusal.variantId);
    throw new AppError('conflict', holdMessage(refusal, line?.name ?? ''), { field: 'products' });
  }
  if (!network || wanted.every((w) => w.count === 0)) return { networkOrders: 0 };
  const { holding, orders: networkOrders } = await networkHolding(tx, network, wanted);
  const over = networkRefusal(holding, wanted, networkCaps);
  if (over) {
    const line = lines.find((l) => over.kind === 'units' && l.variantId === over.variantId);
    throw new AppError('conflict', networkMessage(over, line?.name ?? ''), { field: 'products' });
  }
  return { networkOrders };
}

/** What a network's unpaid orders hold, the shelf of the wanted variants and of the catalogue. */
async function networkHolding(tx: Tx, network: string, wanted: { variantId: string }[]) {
  const rows = await tx
    .select({ number: orders.number, variantId: orderLines.variantId, reserved: orderLines.reserved })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderNumber, orders.number))
    .where(
      and(
        eq(orders.holdNetwork, network),
        inArray(orders.status, ['new', 'awaiting_payment']),
        sql`${orderLines.reserved} > 0`,
      ),
    );
  const held = new Map<string, number>();
  for (const r of rows) held.set(r.variantId, (held.get(r.variantId) ?? 0) + r.reserved);
  const shelfRows = await tx
    .select({ id: variantProducts.id, stock: variantProducts.stock })
    .from(variantProducts)
    .where(
      inArray(
        variantProducts.id,
        wanted.map((w) => w.variantId),
      ),
    );
  const [catalogue] = await tx
    .select({ units: sql<number>`coalesce(sum(${variantProducts.stock}), 0)::bigint` })
    .from(variantProducts)
    .where(sql`${variantProducts.stock} > 0`);
  return {
    holding: {
      held,
      shelf: new Map(shelfRows.map((r) => [r.id, r.stock])),
      catalogueShelf: Number(catalogue?.units ?? 0),
    },
    orders: new Set(rows.map((r) => r.number)).size,
  };
}

/** What each variant of the order reserves when `reserveStock` succeeds: its count, 0 for a preorder. */
export function reservationOf(lines: StockLine[]): Map<string, number> {
  return new Map(lines.map((l) => [l.variantId, l.preorder ? 0 : l.count]));
}

/** The cache tags every successful reservation of `lines` changes (not the listings' tag: that one only when a variant runs out). */
export function reservationTags(lines: StockLine[]): string[] {
  return [...new Set(lines.filter((l) => !l.preorder).map((l) => cacheTags.group(l.groupId)))];
}

/**
 * DECISIONS 13: a conditional decrement that can never go below zero, per line; a line short of
 * stock is refused (`conflict`). Returns what each variant reserved (as `reservationOf`);
 * `changed` collects the cache tags of the stock it changed.
 */
export async function reserveStock(
  tx: Tx,
  lines: StockLine[],
  changed: Set<string>,
): Promise<Map<string, number>> {
  const reserved = new Map<string, number>();
  // Rows are locked in one order (by id) so concurrent orders cannot deadlock.
  const byVariant = [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  for (const line of byVariant) {
    if (line.preorder) {
      reserved.set(line.variantId, 0);
      continue;
    }
    const [ok] = await tx
      .update(variantProducts)
      .set({ stock: sql`${variantProducts.stock} - ${line.count}` })
      .where(and(eq(variantProducts.id, line.variantId), sql`${variantProducts.stock} >= ${line.count}`))
      .returning({ stock: variantProducts.stock });
    if (!ok) {
      const [left] = await tx
        .select({ stock: variantProducts.stock })
        .from(variantProducts)
        .where(eq(variantProducts.id, line.variantId));
      throw new AppError('conflict', soldOutMessage(line.name, line.size, left?.stock ?? 0), {
        field: 'products',
      });
    }
    reserved.set(line.variantId, line.count);
    changed.add(cacheTags.group(line.groupId));
    // The last unit gone: listings stop showing the group as available.
    if (ok.stock === 0) changed.add(cacheTags.listings);
  }
  return reserved;
}

/**
 * The undo of `reserveStock` for a stored order: every line's reserved units go back (in variant
 * order, like the reservation); a variant back from zero wakes its restock sign-ups.
 */
export async function releaseStock(tx: Tx, number: number, changed: Set<string>, now: Date): Promise<void> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderNumber, number))
    .orderBy(orderLines.variantId);
  for (const line of lines) {
    if (line.reserved > 0) {
      const [back] = await tx
        .update(variantProducts)
        .set({ stock: sql`${variantProducts.stock} + ${line.reserved}` })
        .where(eq(variantProducts.id, line.variantId))
        .returning({ stock: variantProducts.stock });
      changed.add(cacheTags.group(line.groupId));
      // Back from zero: listings show the group as available again, and its restock sign-ups are told.
      if (back?.stock === line.reserved) {
        changed.add(cacheTags.listings);
        await enqueueRestockCheck(tx, line.variantId, now);
      }
    }
  }
}

/**
 * Takes the client's locks (device, phone, address, network) in one order, so two orders cannot
 * deadlock: one statement, the keys sorted and taken in the array's order.
 */
async function lockHolder(tx: Tx, client: Holder, network: string | null) {
  const keys = [`phone:${client.phone}`, `ip:${client.ip}`];
  if (client.deviceId) keys.push(`device:${client.deviceId}`);
  if (network) keys.push(`net:${network}`);
  const names = keys.sort().map((k) => sql`${`order-hold:${k}`}`);
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from unnest(array[${sql.join(names, sql`, `)}]::text[]) as k`,
  );
}

/** The unpaid orders of a client (any of its device, phone, address) that hold stock. */
async function heldBy(tx: Tx, client: Holder): Promise<HeldOrder[]> {
  const rows = await tx
    .select({
      number: orders.number,
      phone: orders.phone,
      ip: orders.consentIp,
      deviceId: orders.deviceId,
      variantId: orderLines.variantId,
      reserved: orderLines.reserved,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderNumber, orders.number))
    .where(
      and(
        inArray(orders.status, ['new', 'awaiting_payment']),
        sql`${orderLines.reserved} > 0`,
        or(
          eq(orders.phone, client.phone),
          eq(orders.consentIp, client.ip),
          client.deviceId ? eq(orders.deviceId, client.deviceId) : sql`false`,
        ),
      ),
    );
  const byNumber = new Map<number, HeldOrder>();
  for (const r of rows) {
    const held = byNumber.get(r.number) ?? { phone: r.phone, ip: r.ip, deviceId: r.deviceId, lines: [] };
    held.lines.push({ variantId: r.variantId, reserved: r.reserved });
    byNumber.set(r.number, held);
  }
  return [...byNumber.values()];
}
