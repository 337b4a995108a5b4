import { randomBytes } from 'node:crypto';
import type { Db } from '../../core/db/client.ts';
import { orderEvents, orderLines, orders, users } from '../../core/db/schema/index.ts';
import type { OrderStatus } from '../../core/orders/order.rules.ts';
import { orderRowDefaults } from './orders.ts';

let seq = 0;

/** A shopper's account; contacts proven unless told otherwise. */
export async function insertCustomer(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  seq += 1;
  const digits = String(1_000_000 + seq * 7919 + Math.floor(Math.random() * 1000)).slice(-7);
  const [row] = await db
    .insert(users)
    .values({
      name: `Анна${seq}`,
      secondName: 'Иванова',
      email: `anna${seq}-${randomBytes(3).toString('hex')}@example.ru`,
      emailVerified: true,
      phone: `7900${digits}`,
      phoneVerified: true,
      birthDate: '1990-05-01',
      consentVersion: '2026-01',
      consentAt: new Date('2026-11-01T10:00:00Z'),
      consentIp: '203.0.113.7',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/**
 * An order as checkout leaves it (its lines and a first event), straight in the database: for staff
 * screens that read orders, not for checkout rules. `paidAt` adds the provider's `paid` event.
 */
export async function insertOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> & {
    lines?: {
      variantId?: string;
      groupId?: string;
      name?: string;
      size?: string;
      price?: number;
      count?: number;
      reserved?: number;
    }[];
    paidAt?: Date;
  } = {},
) {
  const { lines = [{}], paidAt, ...row } = overrides;
  const goods = lines.reduce((s, l) => s + (l.price ?? 5_000_00) * (l.count ?? 1), 0);
  const createdAt = row.createdAt ?? new Date('2026-11-20T08:00:00Z');
  const [order] = await db
    .insert(orders)
    .values({
      ...orderRowDefaults(createdAt, goods),
      status: 'awaiting_payment' as OrderStatus,
      comment: 'позвонить за час',
      ...row,
    })
    .returning();
  if (!order) throw new Error('insert returned nothing');
  await db.insert(orderLines).values(
    lines.map((l, i) => ({
      orderNumber: order.number,
      variantId: l.variantId ?? `variant-${i}`,
      groupId: l.groupId ?? 'group',
      name: l.name ?? 'Платье',
      size: l.size ?? 'S',
      barcode: '000',
      category: 'dresses',
      price: l.price ?? 5_000_00,
      count: l.count ?? 1,
      reserved: l.reserved ?? l.count ?? 1,
    })),
  );
  await db.insert(orderEvents).values({
    orderNumber: order.number,
    fromStatus: null,
    toStatus: 'new',
    cause: 'order created',
    at: createdAt,
  });
  if (paidAt) {
    await db.insert(orderEvents).values({
      orderNumber: order.number,
      fromStatus: 'awaiting_payment',
      toStatus: 'paid',
      cause: 'payment confirmed by the provider',
      at: paidAt,
    });
  }
  return order;
}
