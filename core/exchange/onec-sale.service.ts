import { eq } from 'drizzle-orm';
import { oneCActor } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { canTransition, isPaidStatus, type OrderStatus } from '../orders/order.rules.ts';
import { isCollectedWay, type StaffStep, stepRefusal } from '../orders/orders-admin.rules.ts';
import type { OrdersAdminService } from '../orders/orders-admin.service.ts';
import {
  type OneCOrderReport,
  type OneCOrderState,
  parseSaleDocuments,
  progressOf,
  progressOfState,
} from './commerceml-sale.rules.ts';
import { orderStatusName } from './onec-names.rules.ts';

/** The tracking numbers the back office takes (orders-admin.schemas.ts), the same for 1C. */
const TRACKING = /^[A-Za-z0-9-]{4,40}$/;
/** Problems listed in the answer to 1C, at most. */
const LISTED = 20;

type Outcome = { kind: 'changed' | 'unchanged' } | { kind: 'refused'; reason: string };

/**
 * Applies what 1C says about orders (`type=sale&mode=file`, docs/decisions/0043-1c-orders-exchange.md)
 * through the manager's steps (`ordersAdmin.takeStep`), so stock, the buyer's messages, refunds and
 * the audit log behave as when staff take them; the audit names the 1C exchange. A state the order
 * already has (or is past) changes nothing; an unknown order or a step the order cannot take is
 * reported in the answer, and the rest of the file still applies.
 */
export function createOneCSaleService({ db, ordersAdmin }: { db: Db; ordersAdmin: OrdersAdminService }) {
  async function current(number: number) {
    const [row] = await db
      .select({ status: orders.status, version: orders.version, deliveryMethod: orders.getWay })
      .from(orders)
      .where(eq(orders.number, number));
    return row ?? null;
  }

  /** The steps from `from` to the state 1C reports, in order; a string is why there are none. */
  function plan(
    from: OrderStatus,
    deliveryMethod: string,
    state: OneCOrderState,
    trackingNumber: string | null,
  ): StaffStep[] | 'unchanged' | string {
    const now = orderStatusName(from);
    if (state === 'cancelled') {
      if (from === 'cancelled' || from === 'payment_failed') return 'unchanged';
      if (!canTransition(from, 'cancelled')) {
        return from === 'delivered'
          ? 'заказ уже доставлен, отменить его нельзя: оформите возврат'
          : `в состоянии «${now}» отменить заказ нельзя`;
      }
      return ['cancelled'];
    }
    if (from === 'cancelled' || from === 'payment_failed')
      return `заказ на сайте «${now}», 1С сообщает, что он в работе`;
    if (!isPaidStatus(from)) {
      return `заказ на сайте «${now}»: оплату подтверждает платёжная система сайта, отметка 1С не применена`;
    }
    // A shop pickup is not handed to a carrier: 1C's shipment is the buyer collecting it.
    const target = state === 'shipped' && deliveryMethod === 'self' ? 'delivered' : state;
    const done = progressOf(from) ?? 0;
    if (target === 'paid' || done >= progressOfState(target)) return 'unchanged';
    let steps: StaffStep[] = [target];
    if (target === 'delivered' && (from === 'paid' || from === 'confirmed')) {
      steps = [isCollectedWay(deliveryMethod) ? 'ready_for_pickup' : 'shipped', 'delivered'];
    }
    let at: OrderStatus = from;
    for (const step of steps) {
      const refused = stepRefusal({ status: at, deliveryMethod }, step, trackingNumber);
      if (refused === 'tracking_required') {
        return 'для передачи перевозчику нужен трек-номер: реквизит «Трек-номер» в документе 1С';
      }
      if (refused === 'not_pickup') return 'заказ доставляется курьером, а не в пункт выдачи';
      if (refused) return `из состояния «${orderStatusName(at)}» нельзя перейти в «${orderStatusName(step)}»`;
      at = step;
    }
    return steps;
  }

  async function applyOne(report: OneCOrderReport, ip: string): Promise<Outcome> {
    if (report.number === null) return { kind: 'refused', reason: 'в документе нет номера заказа сайта' };
    const order = await current(report.number);
    if (!order) return { kind: 'refused', reason: 'такого заказа на сайте нет' };
    if (report.state === null) {
      return report.unknownStatus
        ? { kind: 'refused', reason: `статус «${report.unknownStatus}» сайту неизвестен` }
        : { kind: 'unchanged' };
    }
    const tracking = report.trackingNumber;
    if (tracking && !TRACKING.test(tracking)) {
      return { kind: 'refused', reason: `трек-номер «${tracking}» не похож на номер перевозчика` };
    }
    const steps = plan(order.status, order.deliveryMethod, report.state, tracking);
    if (steps === 'unchanged') return { kind: 'unchanged' };
    if (typeof steps === 'string') return { kind: 'refused', reason: steps };
    const reason = report.shipmentNumber ? `по данным 1С, отгрузка ${report.shipmentNumber}` : 'по данным 1С';
    let { status: from, version } = order;
    try {
      for (const to of steps) {
        const after = await ordersAdmin.takeStep(
          report.number,
          {
            version,
            from,
            to,
            trackingNumber: to === 'shipped' ? (tracking ?? undefined) : undefined,
            reason,
          },
          oneCActor(ip),
          'ru',
        );
        from = after.order.status;
        version = after.order.version;
      }
    } catch (error) {
      if (error instanceof AppError) return { kind: 'refused', reason: error.message };
      throw error;
    }
    return { kind: 'changed' };
  }

  /**
   * One documents file from 1C: the answer the protocol gives, `success` with what changed and what
   * was not applied, or `failure` with the reason when the file cannot be read or nothing in it
   * could be applied.
   */
  async function applyFile(xml: string, ip: string): Promise<string> {
    const parsed = parseSaleDocuments(xml);
    if ('error' in parsed) return `failure\n${parsed.error}`;
    let changed = 0;
    let unchanged = 0;
    const refused: string[] = [];
    for (const report of parsed.reports) {
      const outcome = await applyOne(report, ip);
      if (outcome.kind === 'refused') refused.push(`заказ ${report.label}: ${outcome.reason}`);
      else if (outcome.kind === 'changed') changed += 1;
      else unchanged += 1;
    }
    const summary = `заказов в файле ${parsed.reports.length}: изменено ${changed}, без изменений ${unchanged}, не применено ${refused.length}`;
    const listed = refused
      .slice(0, LISTED)
      .map((r) => `\n${r}`)
      .join('');
    const more = refused.length > LISTED ? `\nи ещё ${refused.length - LISTED}` : '';
    const failed = refused.length > 0 && changed === 0 && unchanged === 0;
    return `${failed ? 'failure' : 'success'}\n${summary}${listed}${more}`;
  }

  return { applyFile };
}

export type OneCSaleService = ReturnType<typeof createOneCSaleService>;
