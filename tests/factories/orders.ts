import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import {
  orderEvents,
  orderLines,
  orders,
  sandboxPayments,
  variantProducts,
} from '../../core/db/schema/index.ts';
import { isPaidStatus, type OrderStatus } from '../../core/orders/order.rules.ts';

/**
 * The columns every test order shares: a guest's CDEK courier order in Moscow, paid online, whose
 * goods come to `goods` kopecks with free delivery, placed at `createdAt` and held 20 minutes.
 */
export function orderRowDefaults(createdAt: Date, goods: number) {
  return {
    locale: 'ru',
    getWay: 'delivery-sdek',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone: '79990000001',
    email: 'guest@example.ru',
    delivery: {
      city: 'Москва',
      cityID: 44,
      country: 'Россия',
      countryId: 1,
      countryCode: 'RU',
      address: 'ул. Тверская, д. 1',
      room: '15',
      postal: '125009',
      pvzID: null,
      pvz: null,
      deliveryDate: null,
      deliveryTime: null,
      deliveryMaxDate: null,
      outMKAD: false,
    },
    goodsTotal: goods,
    goodsPayable: goods,
    deliveryPrice: 0,
    total: goods,
    consentVersion: '2026-01',
    consentAt: createdAt,
    consentIp: '198.51.100.23',
    accessKey: randomBytes(16).toString('hex'),
    createdAt,
    updatedAt: createdAt,
    expiresAt: new Date(createdAt.getTime() + 20 * 60_000),
  };
}

/**
 * An order as checkout and the sandbox provider leave it, straight in the database: its lines take
 * their units from the variants' stock, and unless `paymentId: null` it has a sandbox payment session
 * (paid for a paid state, pending otherwise), so a cancel can close or refund it like a real one.
 */
export async function insertPlacedOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> & {
    lines: { variantId: string; groupId: string; price?: number; count?: number }[];
  },
) {
  const { lines, ...row } = overrides;
  const status: OrderStatus = row.status ?? 'paid';
  const goods = lines.reduce((s, l) => s + (l.price ?? 5_000_00) * (l.count ?? 1), 0);
  const createdAt = row.createdAt ?? new Date('2026-11-20T08:00:00Z');
  const token = randomBytes(12).toString('base64url');
  const withPayment = row.paymentId !== null;
  const [order] = await db
    .insert(orders)
    .values({
      ...orderRowDefaults(createdAt, goods),
      consentVersion: 'test',
      paymentProvider: withPayment ? 'sandbox' : null,
      ...row,
      paymentId: withPayment ? (row.paymentId ?? `sandbox-${token}`) : null,
      status,
    })
    .returning();
  if (!order) throw new Error('insert returned nothing');
  if (withPayment && order.paymentId === `sandbox-${token}`) {
    await db.insert(sandboxPayments).values({
      token,
      orderNumber: order.number,
      kind: 'card',
      amount: order.total,
      schedule: [order.total],
      lines: [],
      status: isPaidStatus(status) ? 'paid' : 'pending',
      successUrl: `/?success=true&orderID=${order.number}`,
      failUrl: `/?success=false&orderID=${order.number}`,
    });
  }
  for (const l of lines) {
    const count = l.count ?? 1;
    await db.insert(orderLines).values({
      orderNumber: order.number,
      variantId: l.variantId,
      groupId: l.groupId,
      name: 'Платье',
      size: 'S',
      barcode: `${l.variantId}-barcode`,
      category: 'dresses',
      price: l.price ?? 5_000_00,
      count,
      reserved: count,
    });
    await db
      .update(variantProducts)
      .set({ stock: sql`${variantProducts.stock} - ${count}` })
      .where(eq(variantProducts.id, l.variantId));
  }
  await db.insert(orderEvents).values({
    orderNumber: order.number,
    fromStatus: null,
    toStatus: status,
    cause: 'order placed (test)',
    at: createdAt,
  });
  return { order, token };
}
