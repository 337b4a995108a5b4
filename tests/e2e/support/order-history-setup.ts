// Runs before the journeys' shop starts (playwright.config.ts), after the staff accounts: 90 days of
// paid orders, so the dashboard journey (tests/e2e/admin-dashboard.spec.ts) has days to draw and a span
// before to compare with. Orders cannot be placed in the past through the shop, so they go straight
// into the journeys' own fresh data folder, one buyer for all of them, delivered (nothing left for
// another journey to act on). Never part of the shop: only the journeys' server runs it.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../core/config/env.ts';
import { openDatabase } from '../../../core/db/client.ts';
import { orderEvents, orderLines, orders } from '../../../core/db/schema/index.ts';
import { orderRowDefaults } from '../../factories/orders.ts';

/** The one buyer of the history: a reused data folder (E2E_DATA_DIR) is seeded once. */
export const HISTORY_EMAIL = 'history-buyer@e2e.test';

const DAY_MS = 86_400_000;
const garments = [
  { groupId: 'history-wool-coat', name: 'Пальто из шерсти', size: 'M', price: 24_900_00 },
  { groupId: 'history-linen-dress', name: 'Льняное платье', size: 'S', price: 8_900_00 },
  { groupId: 'history-knit-sweater', name: 'Свитер крупной вязки', size: 'L', price: 6_500_00 },
] as const;

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  const db = database.db;
  const [seeded] = await db
    .select({ n: orders.number })
    .from(orders)
    .where(eq(orders.email, HISTORY_EMAIL))
    .limit(1);
  if (!seeded) {
    const now = Date.now();
    let made = 0;
    // 180 days: the 90 the dashboard shows and the 90 it compares them with; one to three a day.
    for (let day = 1; day <= 180; day += 1) {
      const perDay = 1 + (day % 3);
      for (let k = 0; k < perDay; k += 1) {
        const garment = garments[(day + k) % garments.length] ?? garments[0];
        const count = 1 + ((day + k) % 2);
        const goods = garment.price * count;
        const createdAt = new Date(now - day * DAY_MS + k * 3_600_000);
        const [order] = await db
          .insert(orders)
          .values({
            ...orderRowDefaults(createdAt, goods),
            status: 'delivered',
            fullName: 'Соколова Мария',
            phone: '79990009090',
            email: HISTORY_EMAIL,
          })
          .returning({ number: orders.number });
        if (!order) throw new Error('insert returned nothing');
        await db.insert(orderLines).values({
          orderNumber: order.number,
          variantId: `${garment.groupId}-${garment.size}`,
          groupId: garment.groupId,
          name: garment.name,
          size: garment.size,
          barcode: '000',
          category: 'history',
          price: garment.price,
          count,
          reserved: count,
        });
        const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
        await db.insert(orderEvents).values([
          { orderNumber: order.number, fromStatus: null, toStatus: 'new', cause: 'order created', at: at(0) },
          {
            orderNumber: order.number,
            fromStatus: 'awaiting_payment',
            toStatus: 'paid',
            cause: 'payment confirmed by the provider',
            at: at(5),
          },
          {
            orderNumber: order.number,
            fromStatus: 'paid',
            toStatus: 'delivered',
            cause: 'delivered',
            at: at(2 * 24 * 60),
          },
        ]);
        made += 1;
      }
    }
    console.log(`order history for the dashboard journey: ${made} delivered orders over 180 days`);
  }
} finally {
  await database.close();
}
