import type { Db, Tx } from '../db/client.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { OrderMessageEvent } from './order-messages.rules.ts';

export const ORDER_MESSAGE_JOB = 'order-message';
export const SHOP_ALERT_JOB = 'shop-alert';
export const RESTOCK_CHECK_JOB = 'restock-check';
export const RESTOCK_MAIL_JOB = 'restock-mail';

/**
 * Queues the buyer's messages about `event` of order `number` (one job per channel, whether that
 * channel applies is decided when it runs), and on payment the shop's alert, inside the transaction
 * that records the event: the messages exist exactly when the event does, and each job's key makes
 * a repeat of the event send nothing more (docs/decisions/0021-durable-jobs-and-messages.md).
 */
export async function enqueueOrderMessages(tx: Tx | Db, number: number, event: OrderMessageEvent, at: Date) {
  for (const channel of ['email', 'sms'] as const) {
    await enqueueJob(tx, {
      kind: ORDER_MESSAGE_JOB,
      key: `order-message:${number}:${event}:${channel}`,
      payload: { orderNumber: number, event, channel },
      runAt: at,
    });
  }
  if (event === 'paid') {
    await enqueueJob(tx, {
      kind: SHOP_ALERT_JOB,
      key: `shop-alert:paid:${number}:email`,
      payload: { orderNumber: number, channel: 'email' },
      runAt: at,
    });
    await enqueueJob(tx, {
      kind: SHOP_ALERT_JOB,
      key: `shop-alert:paid:${number}:telegram`,
      payload: { orderNumber: number, channel: 'telegram' },
      runAt: at,
    });
  }
}

/**
 * A variant came back from zero stock (a cancelled or expired order, the back office, an import):
 * its restock sign-ups are looked at once the change commits, and each is told once.
 */
export async function enqueueRestockCheck(tx: Tx | Db, variantId: string, at: Date) {
  await enqueueJob(tx, {
    kind: RESTOCK_CHECK_JOB,
    key: `restock-check:${variantId}:${at.getTime()}`,
    payload: { variantId },
    runAt: at,
  });
}
