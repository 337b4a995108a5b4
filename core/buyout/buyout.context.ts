import { eq } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { AuditService } from '../audit/audit.service.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { orderBuyouts, orderLines, orders } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { OrderStatus } from '../orders/order.rules.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { DEFAULT_RECEIPT_SETTINGS } from '../orders/payment-receipt.rules.ts';
import type { VatRate } from '../orders/receipt-settings.rules.ts';
import type { Providers } from '../providers/index.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import { orderStatusName } from '../staff-messages.ts';
import { type BuyoutOrder, type BuyoutRefusal, buyoutRefusal, type KeptRefusal } from './buyout.rules.ts';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type BuyoutRow = typeof orderBuyouts.$inferSelect;

/** The job that sends the buyer the payment link of a buyout, once per link and channel. */
export const BUYOUT_PAYMENT_MESSAGE_JOB = 'buyout-payment-message';
/** The recurring job that asks the provider about open buyout links whose notice is late. */
export const BUYOUT_CHECK_JOB = 'buyouts.check-payments';

export const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** The screen's view of a buyout (never the order's access key or the provider's secrets). */
export interface BuyoutView {
  mode: BuyoutRow['mode'];
  status: BuyoutRow['status'];
  kept: { lineId: number; count: number }[];
  keptAmount: number;
  returnedAmount: number;
  amount: number;
  paymentState: BuyoutRow['paymentState'];
  paymentUrl: string | null;
  /** The payment link as a QR code drawn on the server (SVG), while the link is open. */
  qrSvg: string | null;
  version: number;
  createdAt: string;
  paidAt: string | null;
}

export function buyoutOrder(order: OrderRow, lines: (LineRow & { vatRate?: VatRate })[]): BuyoutOrder {
  return {
    email: order.email,
    phone: order.phone,
    goodsTotal: order.goodsTotal,
    goodsPayable: order.goodsPayable,
    promoDiscount: order.promoDiscount,
    lines: lines.map((l) => ({
      id: l.id,
      name: l.name,
      count: l.count,
      price: l.price,
      oldPrice: l.oldPrice,
      reserved: l.reserved,
      ...(l.vatRate ? { vatRate: l.vatRate } : {}),
    })),
  };
}

export function hasProviderPayment(order: OrderRow): order is OrderRow & { paymentId: string } {
  return order.paymentId !== null && !order.paymentId.startsWith('claim-');
}

export interface BuyoutDeps {
  db: Db;
  providers: Providers;
  orders: OrdersService;
  settings: SettingsService;
  audit: AuditService;
  jobs: JobsService;
  clock: () => Date;
  publicUrl: string;
  /** The one refund model (core/refunds/): the refund of goods handed back goes through it. */
  refunds: RefundsService;
}

/**
 * What the parts of the try-on buyout share: their dependencies, the payment provider, the screen's
 * view of a buyout and the screen itself (`get`, what every step answers with), the settings it
 * reads, the locks of an order and of a buyout over its version, and the refusals in words.
 */
export function createBuyoutContext(deps: BuyoutDeps) {
  const { db, providers, settings, publicUrl } = deps;
  const payments = providers.payments.provider;
  const origin = publicUrl.replace(/\/+$/, '');

  function absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  }

  function view(row: BuyoutRow): BuyoutView {
    const url = row.paymentUrl ? absolute(row.paymentUrl) : null;
    return {
      mode: row.mode,
      status: row.status,
      kept: row.kept.map((k) => ({ lineId: k.lineId, count: k.count })),
      keptAmount: row.keptAmount,
      returnedAmount: row.returnedAmount,
      amount: row.amount,
      paymentState: row.paymentState,
      paymentUrl: url,
      qrSvg: url && row.paymentState === 'pending' ? renderSVG(url) : null,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }

  async function payOnDeliveryWays(): Promise<string[]> {
    return (await settings.getShopSettings()).main.payOnDeliveryGetWays ?? [];
  }

  async function receiptSettings() {
    return (await settings.getShopSettings()).main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
  }

  async function readBuyout(runner: Db | Tx, number: number) {
    const [row] = await runner.select().from(orderBuyouts).where(eq(orderBuyouts.orderNumber, number));
    return row ?? null;
  }

  function refusalError(locale: Locale, refusal: BuyoutRefusal, status: OrderStatus): AppError {
    if (refusal === 'not_buyout_way') {
      return new AppError(
        'conflict',
        t(
          locale,
          'Выкуп отмечают только для заказов с примеркой или оплатой при получении',
          'A buyout is recorded only for try-on or pay-on-delivery orders',
        ),
      );
    }
    return new AppError(
      'conflict',
      t(
        locale,
        `Выкуп отмечают, когда заказ у курьера (состояние «${orderStatusName('shipped', locale)}»); сейчас: «${orderStatusName(status, locale)}»`,
        `A buyout is recorded once the courier has the order (state “${orderStatusName('shipped', locale)}”); now: “${orderStatusName(status, locale)}”`,
      ),
    );
  }

  function keptError(locale: Locale, refusal: KeptRefusal): AppError {
    switch (refusal.kind) {
      case 'unknown_line':
        return new AppError(
          'invalid_data',
          t(locale, `В заказе нет строки ${refusal.lineId}`, `The order has no line ${refusal.lineId}`),
          { field: 'kept' },
        );
      case 'duplicate_line':
        return new AppError(
          'invalid_data',
          t(locale, `Строка ${refusal.lineId} указана дважды`, `Line ${refusal.lineId} is listed twice`),
          { field: 'kept' },
        );
      case 'too_many':
        return new AppError(
          'invalid_data',
          t(
            locale,
            `В строке ${refusal.lineId} не больше ${refusal.max} шт.`,
            `Line ${refusal.lineId} holds at most ${refusal.max}`,
          ),
          { field: 'kept' },
        );
    }
  }

  /** The buyout screen: the order's lines, whether a buyout may be recorded, and the buyout itself. */
  async function get(number: number, locale: Locale) {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    const [lines, row, ways] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderNumber, number)).orderBy(orderLines.id),
      readBuyout(db, number),
      payOnDeliveryWays(),
    ]);
    const refusal = buyoutRefusal({ status: order.status, deliveryMethod: order.getWay }, ways);
    return {
      order: {
        number: order.number,
        status: order.status,
        version: order.version,
        getWay: order.getWay,
        fullName: order.fullName,
        phone: order.phone,
        goodsTotal: order.goodsTotal,
        goodsPayable: order.goodsPayable,
        promoDiscount: order.promoDiscount,
        deliveryPrice: order.deliveryPrice,
        prepaid: order.goodsPayable > 0,
      },
      lines: lines.map((l) => ({
        id: l.id,
        name: l.name,
        size: l.size,
        barcode: l.barcode,
        price: l.price,
        oldPrice: l.oldPrice,
        count: l.count,
      })),
      canRecord: row === null && refusal === null,
      refusal: row === null && refusal ? refusalError(locale, refusal, order.status).message : null,
      buyout: row ? view(row) : null,
    };
  }

  async function lockOrder(tx: Tx, number: number, locale: Locale) {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, number))
      .orderBy(orderLines.id);
    return { order, lines };
  }

  async function lockBuyout(tx: Tx, number: number, version: number, locale: Locale) {
    const [row] = await tx
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, number))
      .for('update');
    if (!row) {
      throw new AppError('not_found', t(locale, 'Выкуп ещё не отмечен', 'No buyout is recorded yet'));
    }
    if (row.version !== version) {
      throw new StaleError(
        t(
          locale,
          'Выкуп изменился, пока вы его смотрели. Обновите страницу и повторите',
          'The buyout changed while you were looking at it. Reload the page and try again',
        ),
        view(row),
      );
    }
    return row;
  }

  return {
    ...deps,
    payments,
    absolute,
    view,
    payOnDeliveryWays,
    receiptSettings,
    readBuyout,
    refusalError,
    keptError,
    get,
    lockOrder,
    lockBuyout,
  };
}

export type BuyoutContext = ReturnType<typeof createBuyoutContext>;
