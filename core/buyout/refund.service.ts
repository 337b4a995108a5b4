import { and, eq } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { orderRefunds } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { type BuyoutContext, t } from './buyout.context.ts';

/**
 * The refund of the goods handed back when they were paid ahead, through the one refund model
 * (core/refunds/): recorded with the buyout, sent after commit under a key fixed per order, so a
 * retry never refunds twice; its outcome moves the buyout to `refunded` or `refund_failed`.
 */
export function createBuyoutRefund({ db, refunds, view, readBuyout, get }: BuyoutContext) {
  async function sendRefund(refundId: number, actor: Actor) {
    await refunds.send(refundId, actor);
  }

  /** Tries a refund again that the provider did not confirm. */
  async function retryRefund(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const row = await readBuyout(db, number);
    if (!row) throw new AppError('not_found', t(locale, 'Выкуп ещё не отмечен', 'No buyout is recorded yet'));
    if (row.version !== input.version) {
      throw new StaleError(
        t(locale, 'Выкуп изменился. Обновите страницу', 'The buyout changed. Reload the page'),
        view(row),
      );
    }
    const [refund] = await db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderNumber, number), eq(orderRefunds.source, 'buyout')));
    if (!refund || (refund.state !== 'failed' && refund.state !== 'started' && refund.state !== 'needed')) {
      throw new AppError('conflict', t(locale, 'Возвращать нечего', 'There is nothing to refund'));
    }
    await refunds.retry(number, refund.id, actor, locale);
    return get(number, locale);
  }

  return { sendRefund, retryRefund };
}
