import {
  and,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  like,
  lt,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Actor, AuditService, SystemActor } from '../audit/audit.service.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { orderEvents, orderLines, orderRefunds, orders, paymentNotifications } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { assertMarkCodesComplete } from '../marking/marking.service.ts';
import type { Providers } from '../providers/index.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import { deliveryWayName, editionName, orderStatusName, paymentMethodName } from '../staff-messages.ts';
import { isPaidStatus, type OrderStatus } from './order.rules.ts';
import type { OrdersService } from './orders.service.ts';
import {
  availableSteps,
  csvCell,
  csvMoney,
  instalmentPayments,
  parseOrderSearch,
  type StepRefusal,
  stepRefusal,
} from './orders-admin.rules.ts';
import type { OrderListQuery, OrderStepInput } from './orders-admin.schemas.ts';
import { normalizePromoCode } from './promo.rules.ts';
import { settlesAt } from './settlement.service.ts';
import type { HandOverInput } from './shipments.schemas.ts';
import { createShipmentsService } from './shipments.service.ts';
import {
  DEFAULT_TRY_ON_HOLD,
  TRY_ON_KEPT_CAUSE,
  TRY_ON_OVERDUE_CAUSE,
  TRY_ON_WAITING_STATUSES,
  tryOnCancelAt,
  tryOnHoldStep,
} from './try-on-hold.rules.ts';

/** The list's total is counted up to here; beyond it the screen says "10 000+". */
export const COUNT_CAP = 10_000;
/** Rows of one CSV export, at most. */
export const EXPORT_CAP = 50_000;
const EXPORT_BATCH = 1_000;

type OrderRow = typeof orders.$inferSelect;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Midnight of a Moscow calendar day (UTC+3 all year since 2014; DECISIONS 15). */
function moscowMidnight(day: string, plusDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + plusDays * 86_400_000);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What the audit log keeps of an order: the fields staff change. */
function auditView(order: OrderRow) {
  return {
    status: order.status,
    trackingNumber: order.trackingNumber,
    staffComment: order.staffComment,
    version: order.version,
  };
}

/**
 * The back office's orders (docs/decisions/0012-back-office-orders.md): the list with its filters,
 * search and CSV export, the order page, the manager's steps through the transition table with the
 * version check (DECISIONS 31), and refunds through the payment provider, once per order.
 */
export function createOrdersAdminService({
  db,
  providers,
  orders: ordersService,
  audit,
  settings,
  clock,
  refunds,
}: {
  db: Db;
  providers: Providers;
  orders: OrdersService;
  audit: AuditService;
  settings: SettingsService;
  clock: () => Date;
  refunds: RefundsService;
}) {
  const payments = providers.payments.provider;
  const shipments = createShipmentsService({ db, providers, orders: ordersService, clock });

  function listConditions(f: OrderListQuery): SQL[] {
    const where: SQL[] = [];
    if (f.status) where.push(eq(orders.status, f.status));
    if (f.from) where.push(gte(orders.createdAt, moscowMidnight(f.from)));
    if (f.to) where.push(lt(orders.createdAt, moscowMidnight(f.to, 1)));
    if (f.deliveryMethod) where.push(eq(orders.getWay, f.deliveryMethod));
    if (f.payment) where.push(eq(orders.payment, f.payment));
    if (f.promo) where.push(eq(orders.promoCode, normalizePromoCode(f.promo)));
    if (f.locale) where.push(eq(orders.locale, f.locale));
    if (f.currency) where.push(eq(orders.displayCurrency, f.currency));
    const search = f.q ? parseOrderSearch(f.q) : null;
    if (search?.kind === 'number') where.push(eq(orders.number, search.number));
    if (search?.kind === 'phone') {
      where.push(
        search.exact ? eq(orders.phone, search.digits) : like(orders.phone, `%${escapeLike(search.digits)}%`),
      );
    }
    // E-mails are kept as typed: compared lower-cased, by the orders_email_lower_idx index.
    if (search?.kind === 'email') where.push(sql`lower(${orders.email}) = ${search.email}`);
    if (search?.kind === 'name') where.push(ilike(orders.fullName, `%${escapeLike(search.text)}%`));
    return where;
  }

  const listColumns = {
    number: orders.number,
    createdAt: orders.createdAt,
    status: orders.status,
    fullName: orders.fullName,
    phone: orders.phone,
    email: orders.email,
    getWay: orders.getWay,
    payment: orders.payment,
    promoCode: orders.promoCode,
    locale: orders.locale,
    displayCurrency: orders.displayCurrency,
    displayTotal: orders.displayTotal,
    goodsTotal: orders.goodsTotal,
    promoDiscount: orders.promoDiscount,
    deliveryPrice: orders.deliveryPrice,
    total: orders.total,
    trackingNumber: orders.trackingNumber,
    city: sql<string>`${orders.delivery}->>'city'`,
    address: sql<string>`${orders.delivery}->>'address'`,
    items: sql<number>`(select coalesce(sum(${orderLines.count}), 0)::int from ${orderLines} where ${orderLines.orderNumber} = ${orders.number})`,
  };

  async function page(f: OrderListQuery, before: number | undefined, limit: number) {
    const where = listConditions(f);
    if (before) where.push(lt(orders.number, before));
    return db
      .select(listColumns)
      .from(orders)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(orders.number))
      .limit(limit);
  }

  /**
   * One page of the list, newest first, with the filtered total counted up to COUNT_CAP. A search
   * usually finds less than a page: then the first page is the whole answer and needs no count.
   */
  async function list(f: OrderListQuery) {
    const limit = f.limit ?? 50;
    const where = listConditions(f);
    const countCapped = async () => {
      const [counted] = await db.select({ n: count() }).from(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(where.length ? and(...where) : undefined)
          .limit(COUNT_CAP + 1)
          .as('capped'),
      );
      return Number(counted?.n ?? 0);
    };
    let rows: Awaited<ReturnType<typeof page>>;
    let n: number;
    if (f.q && !f.before) {
      rows = await page(f, undefined, limit + 1);
      n = rows.length <= limit ? rows.length : await countCapped();
    } else {
      [rows, n] = await Promise.all([page(f, f.before, limit + 1), countCapped()]);
    }
    return {
      rows: rows.slice(0, limit),
      next: rows.length > limit ? (rows[limit - 1]?.number ?? null) : null,
      total: Math.min(n, COUNT_CAP),
      totalCapped: n > COUNT_CAP,
    };
  }

  /**
   * The filtered list as CSV for Excel: UTF-8 with a BOM and `;` between cells (Russian Excel's list
   * separator, as its decimal mark is a comma), money as `12990,50`, at most EXPORT_CAP rows read in
   * batches. The first batch is read before the answer starts, so a failing query is a clean error.
   */
  async function exportCsv(f: OrderListQuery, locale: Locale): Promise<AsyncIterable<string>> {
    const first = await page(f, undefined, EXPORT_BATCH);
    const header = [
      t(locale, 'Номер', 'Number'),
      t(locale, 'Дата (МСК)', 'Date (Moscow)'),
      t(locale, 'Состояние', 'State'),
      t(locale, 'Покупатель', 'Customer'),
      t(locale, 'Телефон', 'Phone'),
      'E-mail',
      t(locale, 'Способ получения', 'Delivery'),
      t(locale, 'Город', 'City'),
      t(locale, 'Адрес', 'Address'),
      t(locale, 'Оплата', 'Payment'),
      t(locale, 'Промокод', 'Promo code'),
      t(locale, 'Издание', 'Edition'),
      t(locale, 'Валюта', 'Currency'),
      t(locale, 'Товаров, шт.', 'Items'),
      t(locale, 'Товары, ₽', 'Goods, RUB'),
      t(locale, 'Скидка, ₽', 'Discount, RUB'),
      t(locale, 'Доставка, ₽', 'Delivery, RUB'),
      t(locale, 'Итого, ₽', 'Total, RUB'),
      t(locale, 'Итого в валюте', 'Total in currency'),
      t(locale, 'Трек-номер', 'Tracking number'),
    ];
    const line = (r: (typeof first)[number]) =>
      [
        csvCell(r.number),
        csvCell(moscowDateTime(r.createdAt)),
        csvCell(orderStatusName(r.status, locale)),
        csvCell(r.fullName),
        csvCell(r.phone),
        csvCell(r.email),
        csvCell(deliveryWayName(r.getWay, locale)),
        csvCell(r.city),
        csvCell(r.address),
        csvCell(paymentMethodName(r.payment, locale)),
        csvCell(r.promoCode),
        csvCell(editionName(r.locale, locale)),
        csvCell(r.displayCurrency),
        csvCell(r.items),
        csvMoney(r.goodsTotal),
        csvMoney(r.promoDiscount),
        csvMoney(r.deliveryPrice),
        csvMoney(r.total),
        r.displayTotal === null ? '' : csvMoney(r.displayTotal),
        csvCell(r.trackingNumber),
      ].join(';');
    async function* rows() {
      yield `\uFEFF${header.map(csvCell).join(';')}\r\n`;
      let batch = first;
      let sent = 0;
      while (batch.length > 0 && sent < EXPORT_CAP) {
        const take = batch.slice(0, EXPORT_CAP - sent);
        yield `${take.map(line).join('\r\n')}\r\n`;
        sent += take.length;
        if (batch.length < EXPORT_BATCH) break;
        batch = await page(f, batch[batch.length - 1]?.number, EXPORT_BATCH);
      }
    }
    return rows();
  }

  async function requireOrder(number: number, locale: Locale): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    return order;
  }

  /** The order page: everything staff need, never the shopper's access key. */
  async function get(number: number, locale: Locale) {
    const order = await requireOrder(number, locale);
    const [lines, events, notices, orderRefundList, auditPage] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderNumber, number)).orderBy(orderLines.id),
      db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number)).orderBy(orderEvents.id),
      db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNumber, number))
        .orderBy(paymentNotifications.receivedAt),
      refunds.listForOrder(number),
      audit.list({ entityType: 'order', entityId: String(number), limit: 50 }),
    ]);
    const { accessKey: _key, ...shown } = order;
    const tryOnOverdue =
      order.getWay === 'moscow-try' &&
      (TRY_ON_WAITING_STATUSES as readonly OrderStatus[]).includes(order.status) &&
      events.some((e) => e.cause.startsWith(TRY_ON_OVERDUE_CAUSE)) &&
      !events.some((e) => e.cause.startsWith(TRY_ON_KEPT_CAUSE));
    return {
      order: shown,
      lines,
      events,
      notices,
      /** Every refund of the order (core/refunds/), oldest first. */
      refunds: orderRefundList,
      audit: auditPage.rows,
      steps: availableSteps({ status: order.status, deliveryMethod: order.getWay }),
      /** A refund waits to be sent or did not go through: it may be started (or sent again) from here. */
      canRefund: orderRefundList.some(
        (r) => r.state === 'needed' || r.state === 'failed' || r.state === 'started',
      ),
      /** A paid try-on order past its days without hand-over: cancelled at the end of its grace unless kept. */
      canKeepTryOn: tryOnOverdue,
    };
  }

  function stale(locale: Locale, order: OrderRow): AppError {
    return new AppError(
      'conflict',
      t(
        locale,
        `Заказ изменился, пока вы его смотрели (сейчас: ${orderStatusName(order.status, locale)}). Обновите страницу и повторите`,
        `The order changed while you were looking at it (now: ${orderStatusName(order.status, locale)}). Reload the page and try again`,
      ),
    );
  }

  function refusal(locale: Locale, kind: StepRefusal, from: OrderStatus, to: string): AppError {
    switch (kind) {
      case 'transition':
        return new AppError(
          'conflict',
          t(
            locale,
            `Из состояния ${from} нельзя перейти в ${to}`,
            `An order in ${from} cannot move to ${to}`,
          ),
        );
      case 'not_pickup':
        return new AppError(
          'conflict',
          t(
            locale,
            'Заказ доставляется курьером, не в пункт выдачи',
            'The order is not collected by the shopper',
          ),
        );
      case 'not_shipped_way':
        return new AppError(
          'conflict',
          t(
            locale,
            'Самовывоз из магазина не передаётся перевозчику',
            'A shop pickup is not handed to a carrier',
          ),
        );
      case 'tracking_required':
        return new AppError(
          'invalid_data',
          t(locale, 'Укажите трек-номер перевозчика', 'Enter the carrier’s tracking number'),
          { field: 'trackingNumber' },
        );
    }
  }

  /** Locks the order and checks the version and state the screen showed (DECISIONS 31). */
  async function lockCurrent(tx: Tx, number: number, version: number, locale: Locale, from?: OrderStatus) {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    if (order.version !== version || (from !== undefined && order.status !== from))
      throw stale(locale, order);
    return order;
  }

  async function raiseVersion(
    tx: Tx,
    before: OrderRow,
    set: Partial<Pick<OrderRow, 'trackingNumber' | 'staffComment'>>,
  ) {
    const [after] = await tx
      .update(orders)
      .set({ ...set, version: before.version + 1, updatedAt: clock() })
      .where(and(eq(orders.number, before.number), eq(orders.version, before.version)))
      .returning();
    if (!after) throw new Error(`order ${before.number} changed under its lock`);
    return after;
  }

  /** Staff's own note on the order, saved over the version the screen showed. */
  async function saveComment(
    number: number,
    input: { version: number; staffComment: string },
    actor: Actor,
    locale: Locale,
  ) {
    await db.transaction(async (tx) => {
      const before = await lockCurrent(tx, number, input.version, locale);
      const after = await raiseVersion(tx, before, { staffComment: input.staffComment });
      await audit.record(tx, actor, {
        action: 'order.comment',
        entityType: 'order',
        entityId: String(number),
        before: auditView(before),
        after: auditView(after),
      });
    });
    return get(number, locale);
  }

  /**
   * A manager's step through the transition table. The order is locked and must still be in the
   * version and state the screen showed, so of two staff pressing cancel at once, or a cancel and the
   * provider's payment notice, exactly one applies; the stock goes back only through
   * `orders.transition` (the path expiry uses). Cancelling a paid order starts its refund, recorded
   * once per order (the refunds table's unique order number). Without an actor the shop itself takes
   * the step (the try-on expiry); a system actor is the 1C exchange reporting the order's state.
   */
  async function takeStep(
    number: number,
    input: OrderStepInput,
    actor: Actor | SystemActor | null,
    locale: Locale,
    parcel?: { carrier: string; carrierId: string },
  ) {
    // The refund receipt repeats the payment's items when the whole payment returns (DECISIONS 36);
    // read before the transaction (the lines do not change); without receipt settings, none is sent.
    const receipt =
      input.to === 'cancelled' ? await ordersService.paymentReceipt(number).catch(() => null) : null;
    const outcome = await ordersService.withStockChanges(async (tx, changed) => {
      const before = await lockCurrent(tx, number, input.version, locale, input.from);
      const refused = stepRefusal(
        { status: before.status, deliveryMethod: before.getWay },
        input.to,
        input.trackingNumber,
      );
      if (refused) throw refusal(locale, refused, before.status, input.to);
      // Marked goods leave with a code per unit (docs/product/marking.md).
      if (settlesAt(input.to)) await assertMarkCodesComplete(tx, number, locale);
      const by = !actor
        ? 'by the shop'
        : 'system' in actor
          ? `by ${actor.system}`
          : `by staff (${actor.email})`;
      const cause = `${input.to} ${by}${input.reason ? `: ${input.reason}` : ''}`;
      if (!(await ordersService.transition(tx, number, input.to, cause, changed)))
        throw stale(locale, before);
      const after = await raiseVersion(
        tx,
        before,
        input.to === 'shipped' && input.trackingNumber ? { trackingNumber: input.trackingNumber } : {},
      );
      let refund: typeof orderRefunds.$inferSelect | undefined;
      if (input.to === 'cancelled' && isPaidStatus(before.status) && hasProviderPayment(before)) {
        // What is left of the payment after earlier refunds (a partial refund, a removed line).
        const amount = await refunds.remaining(tx, before);
        const whole = receipt && receipt.items.reduce((sum, i) => sum + i.amount, 0) === amount;
        if (amount > 0) {
          refund = await refunds.create(
            tx,
            number,
            {
              source: 'cancellation',
              amount,
              deliveryAmount: whole ? before.deliveryPrice : 0,
              reason: input.reason ? `cancelled: ${input.reason}` : 'cancelled',
              receipt: whole ? receipt : null,
            },
            actor,
            locale,
          );
        }
      }
      await audit.record(tx, actor, {
        action: `order.${input.to}`,
        entityType: 'order',
        entityId: String(number),
        before: auditView(before),
        after: {
          ...auditView(after),
          ...(refund ? { refund: { amount: refund.amount } } : {}),
          ...(parcel ? { parcel } : {}),
        },
      });
      return { before, refund };
    });
    const { before, refund } = outcome;
    // An unpaid order's payment page closes, so nobody pays for stock already back on the shelf; a
    // payment that still arrives is recorded for a refund (the refunds-due queue).
    if (input.to === 'cancelled' && !isPaidStatus(before.status) && hasProviderPayment(before)) {
      await payments.expirePayment(before.paymentId as string).catch(() => {});
    }
    if (refund) await refunds.send(refund.id, actor);
    // A two-stage payment (Dolyame) is committed when the goods leave the shop (docs/decisions/0030).
    if ((input.to === 'shipped' || input.to === 'delivered') && hasProviderPayment(before)) {
      await ordersService.capturePayment(number);
    }
    return get(number, locale);
  }

  /**
   * "Hand to the carrier" (docs/decisions/0025-real-carriers.md): registers the parcel with the
   * order's carrier (CDEK, Boxberry or DHL by its delivery method), then takes the `shipped` step with
   * the carrier's tracking number, audited with the parcel. The screen's version is checked first, so
   * a stale screen registers nothing; a parcel registered earlier is reused, never registered twice.
   */
  async function handOver(number: number, input: HandOverInput, actor: Actor, locale: Locale) {
    const order = await requireOrder(number, locale);
    if (order.version !== input.version) throw stale(locale, order);
    const refused = stepRefusal(
      { status: order.status, deliveryMethod: order.getWay },
      'shipped',
      'registered by the carrier',
    );
    if (refused) throw refusal(locale, refused, order.status, 'shipped');
    await assertMarkCodesComplete(db, number, locale);
    const parcel = await shipments.register(order, locale);
    if (!parcel.trackingNumber) {
      throw new AppError(
        'unavailable',
        t(
          locale,
          'Перевозчик принял отправление, но ещё не присвоил трек-номер. Повторите через минуту',
          'The carrier accepted the parcel but has not given its tracking number yet. Try again in a minute',
        ),
      );
    }
    return takeStep(
      number,
      { version: input.version, from: order.status, to: 'shipped', trackingNumber: parcel.trackingNumber },
      actor,
      locale,
      { carrier: parcel.carrier, carrierId: parcel.carrierId },
    );
  }

  function hasProviderPayment(order: OrderRow): boolean {
    return order.paymentId !== null && !order.paymentId.startsWith('claim-');
  }

  /**
   * Starts (or sends again) the refund an order waits for: money that came after the order closed
   * (the refunds-due queue), or a refund the provider refused or did not answer. Over the screen's
   * version, so of two presses exactly one sends.
   */
  async function startRefund(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const refund = await db.transaction(async (tx) => {
      const before = await lockCurrent(tx, number, input.version, locale);
      const rows = await tx
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderNumber, number))
        .orderBy(orderRefunds.id);
      const waiting = rows.find((r) => r.state === 'needed' || r.state === 'failed' || r.state === 'started');
      if (!waiting) {
        throw new AppError(
          'conflict',
          rows.some((r) => r.state === 'succeeded' || r.state === 'manual')
            ? t(locale, 'Деньги по заказу уже возвращены', 'The order is already refunded')
            : t(locale, 'По заказу нечего возвращать', 'The order has nothing to refund'),
        );
      }
      if (!hasProviderPayment(before)) {
        throw new AppError('conflict', t(locale, 'У заказа нет платежа', 'The order has no payment'));
      }
      const after = await raiseVersion(tx, before, {});
      await audit.record(tx, actor, {
        action: waiting.attempts === 0 ? 'order.refund_start' : 'order.refund_retry',
        entityType: 'order',
        entityId: String(number),
        before: auditView(before),
        after: { ...auditView(after), refund: { amount: waiting.amount } },
      });
      return waiting;
    });
    if (refund.state === 'failed') await refunds.retry(number, refund.id, actor, locale);
    else await refunds.send(refund.id, actor);
    return get(number, locale);
  }

  /** Orders with a refund owed and never sent (money that came after they closed), newest first. */
  async function listRefundsDue() {
    const rows = await db
      .select({
        number: orders.number,
        status: orders.status,
        fullName: orders.fullName,
        phone: orders.phone,
        total: orderRefunds.amount,
        payment: orders.payment,
        paymentId: orders.paymentId,
        version: orders.version,
        paidAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.number, orderRefunds.orderNumber))
      .where(and(eq(orderRefunds.state, 'needed'), eq(orderRefunds.attempts, 0)))
      .orderBy(desc(orders.number))
      .limit(500);
    return { rows: rows.map((r) => ({ ...r, paidAt: r.paidAt.toISOString() })) };
  }

  /**
   * Orders paid by instalment, BNPL or split, with the provider's state: its last notice (approved
   * or declined) or, without one, whether the decision is awaited or the time ran out.
   */
  async function listInstalments(f: { status?: OrderStatus; before?: number; limit?: number }) {
    const limit = f.limit ?? 50;
    const where: SQL[] = [inArray(orders.payment, [...instalmentPayments])];
    if (f.status) where.push(eq(orders.status, f.status));
    if (f.before) where.push(lt(orders.number, f.before));
    const rows = await db
      .select({
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        payment: orders.payment,
        instalmentMonths: orders.instalmentMonths,
        fullName: orders.fullName,
        phone: orders.phone,
        total: orders.total,
        paymentProvider: orders.paymentProvider,
        paymentId: orders.paymentId,
        expiresAt: orders.expiresAt,
        lastNotice: sql<
          string | null
        >`(select ${paymentNotifications.outcome} from ${paymentNotifications} where ${paymentNotifications.orderNumber} = ${orders.number} order by ${paymentNotifications.receivedAt} desc limit 1)`,
        lastNoticeAt: sql<
          string | null
        >`(select max(${paymentNotifications.receivedAt}) from ${paymentNotifications} where ${paymentNotifications.orderNumber} = ${orders.number})`,
      })
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.number))
      .limit(limit + 1);
    return {
      rows: rows.slice(0, limit).map((r) => ({ ...r, decision: instalmentDecision(r) })),
      next: rows.length > limit ? (rows[limit - 1]?.number ?? null) : null,
    };
  }

  const tryOnColumns = {
    number: orders.number,
    version: orders.version,
    status: orders.status,
    fullName: orders.fullName,
    phone: orders.phone,
    total: orders.total,
    paidAt: sql<Date>`coalesce((select min(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderNumber} = ${orders.number} and ${orderEvents.toStatus} = 'paid'), ${orders.createdAt})`,
    noticeAt: sql<Date | null>`(select min(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderNumber} = ${orders.number} and ${orderEvents.cause} like ${`${TRY_ON_OVERDUE_CAUSE}%`})`,
  };
  const keptEvent = db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderNumber, orders.number), like(orderEvents.cause, `${TRY_ON_KEPT_CAUSE}%`)));
  const waitingTryOn = and(
    eq(orders.getWay, 'moscow-try'),
    inArray(orders.status, [...TRY_ON_WAITING_STATUSES]),
    notExists(keptEvent),
  );

  async function tryOnHold() {
    return (await settings.getShopSettings()).main.tryOnHold ?? DEFAULT_TRY_ON_HOLD;
  }

  /**
   * Paid try-on orders not handed to the courier (docs/decisions/0035-try-on-buyout.md): past the
   * setting's days after payment staff are told by an order event (and the dashboard lists the order);
   * past the grace days after that, unless staff kept it, the order is cancelled as a manager's cancel
   * would (stock back, the delivery refunded). A keep raises the order's version, so a keep that comes
   * between the read and the cancel wins. Run by the recurring job `orders.expire-try-on`.
   */
  async function expireTryOnHolds(): Promise<{ noticed: number; cancelled: number }> {
    const hold = await tryOnHold();
    const now = clock();
    const rows = await db
      .select(tryOnColumns)
      .from(orders)
      .where(waitingTryOn)
      .orderBy(orders.number)
      .limit(500);
    let noticed = 0;
    let cancelled = 0;
    for (const row of rows) {
      const noticeAt = row.noticeAt === null ? null : new Date(row.noticeAt);
      const step = tryOnHoldStep({ paidAt: new Date(row.paidAt), noticeAt, kept: false }, hold, now);
      if (step === 'notice') {
        const cancelAt = tryOnCancelAt(now, hold).toISOString();
        const told = await db.transaction(async (tx) => {
          const [order] = await tx
            .select({ status: orders.status })
            .from(orders)
            .where(and(eq(orders.number, row.number), waitingTryOn))
            .for('update');
          if (!order) return false;
          const [already] = await tx
            .select({ id: orderEvents.id })
            .from(orderEvents)
            .where(
              and(
                eq(orderEvents.orderNumber, row.number),
                like(orderEvents.cause, `${TRY_ON_OVERDUE_CAUSE}%`),
              ),
            );
          if (already) return false;
          await tx.insert(orderEvents).values({
            orderNumber: row.number,
            fromStatus: order.status,
            toStatus: order.status,
            cause: `${TRY_ON_OVERDUE_CAUSE} in ${hold.days} days: cancelled with its delivery refunded at ${cancelAt} unless staff keep it`,
            at: now,
          });
          return true;
        });
        if (told) noticed += 1;
      } else if (step === 'cancel') {
        try {
          await takeStep(
            row.number,
            {
              version: row.version,
              from: row.status,
              to: 'cancelled',
              reason: `try-on not handed over in ${hold.days + hold.graceDays} days`,
            },
            null,
            'ru',
          );
          cancelled += 1;
        } catch (e) {
          // Changed since the read (kept, handed over, cancelled by staff): the next run looks again.
          if (!(e instanceof AppError && e.kind === 'conflict')) throw e;
        }
      }
    }
    return { noticed, cancelled };
  }

  /** Paid try-on orders staff were told about and that are cancelled unless kept (oldest first). */
  async function listTryOnOverdue() {
    const hold = await tryOnHold();
    const rows = await db
      .select(tryOnColumns)
      .from(orders)
      .where(
        and(
          waitingTryOn,
          exists(
            db
              .select({ id: orderEvents.id })
              .from(orderEvents)
              .where(
                and(
                  eq(orderEvents.orderNumber, orders.number),
                  like(orderEvents.cause, `${TRY_ON_OVERDUE_CAUSE}%`),
                ),
              ),
          ),
        ),
      )
      .orderBy(orders.number)
      .limit(500);
    return {
      rows: rows.map(({ noticeAt, paidAt, ...r }) => ({
        ...r,
        paidAt: new Date(paidAt).toISOString(),
        cancelAt: noticeAt === null ? null : tryOnCancelAt(new Date(noticeAt), hold).toISOString(),
      })),
    };
  }

  /**
   * Staff's "keep this order": a paid try-on order not handed over yet stays, whatever its age. Recorded
   * as an order event (which stops the expiry for good) and in the audit log, over the screen's version.
   */
  async function keepTryOn(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    await db.transaction(async (tx) => {
      const before = await lockCurrent(tx, number, input.version, locale);
      const waiting = (TRY_ON_WAITING_STATUSES as readonly OrderStatus[]).includes(before.status);
      if (before.getWay !== 'moscow-try' || !waiting) {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Оставить можно только оплаченный заказ с примеркой, ещё не переданный курьеру',
            'Only a paid try-on order not yet with the courier can be kept',
          ),
        );
      }
      const after = await raiseVersion(tx, before, {});
      await tx.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: before.status,
        toStatus: before.status,
        cause: `${TRY_ON_KEPT_CAUSE} (${actor.email})`,
        at: clock(),
      });
      await audit.record(tx, actor, {
        action: 'order.try_on_keep',
        entityType: 'order',
        entityId: String(number),
        before: auditView(before),
        after: auditView(after),
      });
    });
    return get(number, locale);
  }

  return {
    list,
    exportCsv,
    get,
    saveComment,
    takeStep,
    handOver,
    startRefund,
    listRefundsDue,
    listInstalments,
    expireTryOnHolds,
    listTryOnOverdue,
    keepTryOn,
  };
}

/** The lender's or provider's decision as staff read it. */
function instalmentDecision(r: { status: OrderStatus; lastNotice: string | null; paymentId: string | null }) {
  if (r.lastNotice === 'paid') return 'approved' as const;
  if (r.lastNotice === 'declined') return 'declined' as const;
  if (r.status === 'new' && !r.paymentId) return 'not_started' as const;
  if (r.status === 'new' || r.status === 'awaiting_payment') return 'awaiting' as const;
  return 'expired' as const;
}

/** `2026-11-20 12:00` in Moscow time, as Excel reads a date. */
function moscowDateTime(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

export type OrdersAdminService = ReturnType<typeof createOrdersAdminService>;
