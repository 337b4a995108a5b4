import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { signedInEmailOptional } from '../checkout/checkout.rules.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import {
  idempotencyKeys,
  orderEvents,
  orderLines,
  orders,
  paymentNotifications,
  productGroups,
  promoCodes,
  variantProducts,
} from '../db/schema/index.ts';
import { addDays, earliestDeliveryDate, isIsoDate, moscowDate } from '../delivery/dates.rules.ts';
import { deliveryMessages } from '../delivery/delivery.messages.ts';
import {
  availableGetWays,
  cartTotals,
  deliveryCharge,
  isMoscowWay,
  isPickupWay,
  MOSCOW,
  parcelWeight,
  pickupCarrier,
} from '../delivery/delivery.rules.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { AppError } from '../errors.ts';
import { type Locale, pick } from '../i18n.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import { messageEventOf } from '../messages/order-messages.rules.ts';
import { enqueueOrderMessages, enqueueRestockCheck } from '../messages/order-messages.service.ts';
import type { Currency } from '../money.ts';
import { availablePaymentMethods, instalmentTerms, paymentKindOf } from '../payments/payment.rules.ts';
import type { Providers } from '../providers/index.ts';
import type { PaymentKind, PaymentReceipt } from '../providers/payments/payment-provider.ts';
import type { RatesService } from '../rates/rates.service.ts';
import { applyBuyoutPaymentNotice } from './buyout.service.ts';
import { displayTotals } from './display-totals.rules.ts';
import {
  canTransition,
  DEFAULT_HOLD_MINUTES,
  type HeldOrder,
  HOLD_CAPS,
  type Holder,
  type HoldRefusal,
  holdMinutes,
  holdRefusal,
  type OrderStatus,
  releasesStock,
} from './order.rules.ts';
import type { OrderAccess, PaymentState } from './order-cookies.rules.ts';
import type { OrderPayload } from './orders.schemas.ts';
import type { OrderStatusView, OrderView } from './orders.types.ts';
import { buildPaymentReceipt, DEFAULT_RECEIPT_SETTINGS } from './payment-receipt.rules.ts';
import {
  checkPromoCode,
  normalizePromoCode,
  type PromoCustomerHistory,
  promoDiscount,
} from './promo.rules.ts';

/** Orders one IP address may place in an hour. */
const ORDER_LIMIT = { limit: 60, windowSeconds: 3600 };

/**
 * Promo-code checks one address may make (docs/decisions/0018): a shopper tries a code or two; 30 in
 * ten minutes leaves room for an office behind one address and stops guessing.
 */
export const PROMO_CHECK_LIMIT = { limit: 30, windowSeconds: 600 };

/** The consent text version recorded with each order (DECISIONS 20). */
export const CONSENT_VERSION = 'personal-data-2026-11';

export type { OrderAccess } from './order-cookies.rules.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The payer's capability (pay-by-another-person): a key derived from the order's access key, put in
 * the provider's return addresses. It lets the browser that comes back from the payment read the
 * order's status only, never its lines or personal data; it does not reveal the access key.
 */
export function orderStatusKey(accessKey: string): string {
  return createHash('sha256').update(`order-status:${accessKey}`).digest('base64url').slice(0, 32);
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One neutral refusal for every invalid code, unknown, expired, used up or bound to another phone
 * (docs/decisions/0018): the answer must not tell a guesser that a code exists.
 */
const promoMessages: Record<'ok' | 'refused', Record<Locale, string>> = {
  ok: { ru: 'Промокод успешно применен', en: 'The promo code is applied' },
  refused: { ru: 'Промокод недействителен', en: 'The promo code is not valid' },
};

function holdMessage(refusal: HoldRefusal, name: string, locale: Locale): string {
  const who = {
    device: t(locale, 'с этого устройства', 'from this device'),
    phone: t(locale, 'на этот телефон', 'for this phone'),
    address: t(locale, 'с этого адреса', 'from this address'),
  }[refusal.by];
  if (refusal.kind === 'orders') {
    return t(
      locale,
      `Уже есть ${refusal.cap} неоплаченных заказа ${who}. Оплатите или отмените один из них, чтобы оформить новый`,
      `There are already ${refusal.cap} unpaid orders ${who}. Pay or cancel one of them to place a new one`,
    );
  }
  return t(
    locale,
    `«${name}»: в неоплаченных заказах ${who} можно держать не больше ${refusal.cap} шт. одного размера, осталось ${refusal.left}`,
    `«${name}»: unpaid orders ${who} may hold at most ${refusal.cap} of one size; ${refusal.left} left`,
  );
}

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Orders: creation with the server's own figures, stock reservation, payment and its outcome. */
export function createOrdersService({
  db,
  providers,
  settings,
  delivery,
  limits,
  clock,
  cache = noReadCache,
  rates,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  delivery: DeliveryService;
  limits: RateLimitService;
  clock: () => Date;
  cache?: ReadCache;
  /** The stored currency rates, for the total an English order showed (DECISIONS 7). */
  rates: RatesService;
}) {
  const payments = providers.payments.provider;

  /**
   * A transaction that may change stock: `changed` collects the cache tags of what it changed;
   * other instances hear of them at commit, this one right after.
   */
  async function withStockChanges<T>(work: (tx: Tx, changed: Set<string>) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, changed);
      await cache.announce(tx, [...changed]);
      return value;
    });
    cache.invalidate([...changed]);
    return result;
  }

  /** `GET /api/promocodes/check`: limited per address, one neutral refusal (docs/decisions/0018). */
  async function checkPromo(code: string, phone: string, locale: Locale, client: { ip: string }) {
    await limits.hit(
      `promo-check:${client.ip}`,
      PROMO_CHECK_LIMIT,
      t(
        locale,
        'Слишком много попыток ввести промокод. Попробуйте позже',
        'Too many promo code attempts. Please try later',
      ),
    );
    const normalized = normalizePromoCode(code);
    if (!normalized) return { result: false as const, message: promoMessages.refused[locale] };
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalized));
    const digits = phone.replace(/\D/g, '');
    // With a phone the customer's own limits are judged too; the order judges them again under lock.
    const history = row && digits ? await promoHistory(db, row.code, digits, null) : undefined;
    const refusal = checkPromoCode(row ?? null, digits, clock(), history);
    if (refusal || !row) return { result: false as const, message: promoMessages.refused[locale] };
    return { result: true as const, message: promoMessages.ok[locale], data: { percent: row.percent } };
  }

  /** Everything the order will hold, computed by the server from the payload's choices only. */
  async function priceOrder(input: OrderPayload, locale: Locale) {
    const shop = await settings.getShopSettings();
    const deliverySettings = await delivery.deliverySettings();
    if (!availableGetWays(deliverySettings, locale).includes(input.getWay)) {
      throw new AppError(
        'invalid_data',
        t(locale, 'Этот способ доставки недоступен', 'This delivery method is not available'),
        {
          field: 'getWay',
        },
      );
    }
    const methods = availablePaymentMethods({
      locale,
      getWay: input.getWay,
      switches: shop.main.payments,
      kinds: payments.kinds,
    });
    const payment = input.payment === 'other_pay' ? 'online' : input.payment;
    // A method whose provider is not configured (T-Bank takes cards only) is refused before anything
    // is stored (docs/decisions/0020-tbank-card-payments.md).
    const takes = payments.kinds;
    if (
      !methods.includes(payment) ||
      (takes && !takes.includes(paymentKindOf(input.payment, Boolean(input.hePayMode))))
    ) {
      throw new AppError(
        'invalid_data',
        t(locale, 'Этот способ оплаты недоступен', 'This payment method is not available'),
        {
          field: 'payment',
        },
      );
    }
    if (input.payment === 'other_pay' && !input.payerPhone) {
      throw new AppError(
        'invalid_data',
        t(locale, 'Укажите телефон плательщика', "Enter the payer's phone"),
        {
          field: 'payerPhone',
        },
      );
    }

    // Lines: merge repeated variants, refuse unknown ones, check the counts against stock.
    const counts = new Map<string, number>();
    for (const p of input.products) counts.set(p._id, Math.min(100, (counts.get(p._id) ?? 0) + p.count));
    const rows = await db
      .select({ variant: variantProducts, group: productGroups })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(inArray(variantProducts.id, [...counts.keys()]));
    const byId = new Map(rows.map((r) => [r.variant.id, r]));
    const lines = [...counts].map(([id, count], i) => {
      const row = byId.get(id);
      if (!row) {
        throw new AppError(
          'invalid_data',
          t(locale, 'Товар не найден: обновите корзину', 'A product was not found: refresh the cart'),
          {
            field: `products.${i}._id`,
          },
        );
      }
      const { variant, group } = row;
      const name = pick(group.name, locale);
      if (!variant.preorder && variant.stock < count) {
        throw new AppError('conflict', soldOutMessage(name, variant.size, variant.stock, locale), {
          field: `products.${i}.count`,
        });
      }
      return {
        variantId: variant.id,
        groupId: group.id,
        name,
        size: variant.size,
        barcode: variant.barcode,
        category: group.categorySlug,
        price: group.price,
        oldPrice: group.oldPrice,
        count,
        preorder: variant.preorder,
      };
    });
    const goods = lines.reduce((sum, l) => sum + l.price * l.count, 0);
    const items = lines.reduce((n, l) => n + l.count, 0);
    // DECISIONS 32: a try-on order brings at most 10 items to the door (a setting).
    const tryOnItems = (shop.main.holdCaps ?? HOLD_CAPS).tryOnItems;
    if (input.getWay === 'moscow-try' && items > tryOnItems) {
      throw new AppError(
        'invalid_data',
        t(
          locale,
          `В заказ с примеркой можно положить не больше ${tryOnItems} вещей`,
          `A try-on order may hold at most ${tryOnItems} items`,
        ),
        { field: 'products' },
      );
    }

    // Delivery: the server's own quote for the chosen address.
    const place = await resolveDelivery(input, locale, goods, items);
    const charge = deliveryCharge({
      way: input.getWay,
      goods,
      quoted: place.quoted,
      settings: deliverySettings,
      locale,
    });
    if (!charge)
      throw new AppError('invalid_data', deliveryMessages.impossible[locale], { field: 'address' });

    // Promo code: never with fitting (checkout.md §2).
    let promo: { code: string; percent: number } | null = null;
    if (input.promocode && input.getWay !== 'moscow-try') {
      const code = normalizePromoCode(input.promocode);
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
      const refusal = checkPromoCode(row ?? null, input.phone, clock());
      if (refusal || !row) {
        throw new AppError('conflict', promoMessages.refused[locale], { field: 'promocode' });
      }
      promo = { code, percent: row.percent };
    }
    const discount = promo ? promoDiscount(lines, promo.percent) : 0;
    const totals = cartTotals({ way: input.getWay, goods, charge, promoDiscount: discount });
    return { lines, totals, place, promo, payment };
  }

  async function resolveDelivery(input: OrderPayload, locale: Locale, goods: number, items: number) {
    const weight = parcelWeight(items);
    const none = {
      quoted: null as number | null,
      city: input.city,
      cityID: input.cityID ?? null,
      countryCode: 'RU',
      pvzID: null as string | null,
      pvz: null as string | null,
      outMKAD: null as boolean | null,
      maxDate: null as string | null,
      address: input.address,
    };
    const refuse = (field: string, message: string = deliveryMessages.impossible[locale]) => {
      throw new AppError('invalid_data', message, { field });
    };
    if (input.getWay === 'self') {
      return { ...none, quoted: 0, city: MOSCOW.name, cityID: MOSCOW.cityID, address: '' };
    }
    if (isMoscowWay(input.getWay)) {
      if (!input.address) refuse('address', t(locale, 'Укажите адрес', 'Enter the address'));
      if (!input.room) refuse('room', t(locale, 'Укажите квартиру', 'Enter the apartment'));
      const earliest = earliestDeliveryDate(clock());
      const date = input.deliveryDate ?? '';
      if (!isIsoDate(date) || date < earliest || date > addDays(earliest, 30)) {
        refuse(
          'deliveryDate',
          t(locale, 'Выберите дату не раньше завтрашнего дня', 'Choose a date from tomorrow on'),
        );
      }
      if (!input.deliveryTime) refuse('deliveryTime', t(locale, 'Выберите время', 'Choose a time'));
      const outcome = await delivery.moscowPrice({ address: input.address, getWay: input.getWay });
      if (!outcome.ok) return refuse('address', deliveryMessages[outcome.reason][locale]);
      return {
        ...none,
        quoted: outcome.value.price,
        city: MOSCOW.name,
        cityID: MOSCOW.cityID,
        outMKAD: outcome.value.outMKAD,
        maxDate: date,
      };
    }
    if (isPickupWay(input.getWay)) {
      const carrier = pickupCarrier(input.getWay);
      if (!input.cityID || !input.pvzID)
        return refuse('pvzID', t(locale, 'Выберите пункт выдачи', 'Choose a pickup point'));
      const points = await delivery.listPickupPoints(carrier, { code: input.cityID });
      const point = points.ok ? points.value.find((p) => p.code === input.pvzID) : undefined;
      if (!point)
        return refuse('pvzID', t(locale, 'Пункт выдачи не найден', 'The pickup point was not found'));
      const quote = await delivery.quoteCarrier({
        carrier,
        mode: 'pickup',
        cityCode: input.cityID,
        weight,
        summ: goods,
      });
      if (!quote.ok) return refuse('pvzID', deliveryMessages[quote.reason][locale]);
      return {
        ...none,
        quoted: quote.value.price,
        city: point.location.city,
        cityID: point.location.cityCode,
        pvzID: point.code,
        pvz: `${point.location.city}, ${point.location.address}, ${point.code}`,
        maxDate: quote.value.deliveryMaxDate,
        address: point.location.address,
      };
    }
    // Courier: by the first carrier in Russia, by the international carrier from the English edition.
    if (!input.address) refuse('address', t(locale, 'Укажите адрес', 'Enter the address'));
    if (locale === 'en' && input.countryCode && input.countryCode.toUpperCase() !== 'RU') {
      const quote = await delivery.quoteInternational({
        country: input.countryCode,
        city: input.city,
        postalCode: input.postal,
        weight,
        summ: goods,
      });
      if (!quote.ok) return refuse('city');
      return {
        ...none,
        quoted: quote.value.price,
        countryCode: input.countryCode.toUpperCase(),
        maxDate: quote.value.deliveryMaxDate,
      };
    }
    if (!input.cityID)
      return refuse('cityID', t(locale, 'Город нужно выбрать из списка', 'Choose the city from the list'));
    const city = await delivery.getCity(input.cityID);
    if (!city) return refuse('cityID', deliveryMessages.unknownCity[locale]);
    const quote = await delivery.quoteCarrier({
      carrier: 'sdek',
      mode: 'door',
      cityCode: city.code,
      weight,
      summ: goods,
    });
    if (!quote.ok) return refuse('cityID', deliveryMessages[quote.reason][locale]);
    return {
      ...none,
      quoted: quote.value.price,
      city: city.name,
      cityID: city.code,
      maxDate: quote.value.deliveryMaxDate,
    };
  }

  /**
   * `POST /api/payment[?draft=true]`: recomputes every figure, reserves stock, stores the order and,
   * unless it is a draft or an instalment/BNPL/phone payment, starts the payment. A retry with the
   * same idempotency key returns the first order's answer.
   */
  async function createOrder(
    input: OrderPayload,
    ctx: {
      ip: string;
      /**
       * The browser's `shi-device` id, and whether the request came with it (false: the route has
       * just made it). A client of the caps and of the idempotency key (docs/decisions/0018); absent
       * for orders placed without a browser.
       */
      device?: { id: string; sent: boolean };
      locale: Locale;
      draft: boolean;
      idempotencyKey: string | null;
      /** The signed-in shopper, whose cabinet lists the order. */
      userId?: string | null;
      /** The signed-in shopper's e-mail, used when the form leaves it empty. */
      userEmail?: string | null;
    },
  ): Promise<{ access: OrderAccess; body: OrderAnswer }> {
    if (!input.email) {
      if (ctx.userEmail) input = { ...input, email: ctx.userEmail };
      else if (!(ctx.userId && signedInEmailOptional(input.getWay))) {
        throw new AppError(
          'invalid_data',
          ctx.locale === 'en' ? 'Invalid value of email: required' : 'Неверное значение поля «email»',
          { field: 'email' },
        );
      }
    }
    const key = ctx.idempotencyKey;
    const hash = key ? requestHash(input, ctx) : null;
    if (key) {
      const replay = await answerForKey(key, hash, ctx);
      if (replay) return replay;
    }
    // Unpaid orders hold stock for up to an hour: one address may not hoard it.
    await limits.hit(
      `order:${ctx.ip}`,
      ORDER_LIMIT,
      t(
        ctx.locale,
        'Слишком много заказов подряд. Попробуйте позже',
        'Too many orders in a row. Please try later',
      ),
    );
    const priced = await priceOrder(input, ctx.locale);
    const shown = await shownTotal(input.currency, priced);
    // Drafts, instalments and BNPL start their payment in a second call.
    const startKind =
      !ctx.draft && !['dolyame', 'tinkoff'].includes(input.payment)
        ? paymentKindOf(input.payment, Boolean(input.hePayMode))
        : null;
    const shop = await settings.getShopSettings();
    const holdFor = holdMinutes(input.payment, shop.main.orderHoldMinutes ?? DEFAULT_HOLD_MINUTES);
    const client: Holder = { phone: input.phone, ip: ctx.ip, deviceId: ctx.device?.id ?? null };
    const now = clock();
    const accessKey = randomBytes(16).toString('base64url');
    let number: number;
    try {
      number = await withStockChanges(async (tx, changed) => {
        if (key) {
          await tx.insert(idempotencyKeys).values({
            key,
            scope: 'order',
            status: 200,
            response: {},
            requestHash: hash,
            clientDevice: ctx.device?.sent ? ctx.device.id : null,
            clientIp: ctx.ip,
          });
        }
        // DECISIONS 32: what one client's unpaid orders may hold, counted under the client's locks,
        // so concurrent orders (on any instance) cannot pass the caps together.
        await lockHolder(tx, client);
        const refusal = holdRefusal(
          await heldBy(tx, client),
          client,
          priced.lines.map((l) => ({ variantId: l.variantId, count: l.preorder ? 0 : l.count })),
          shop.main.holdCaps ?? HOLD_CAPS,
        );
        if (refusal) {
          const line = priced.lines.find(
            (l) => refusal.kind === 'units' && l.variantId === refusal.variantId,
          );
          throw new AppError('conflict', holdMessage(refusal, line?.name ?? '', ctx.locale), {
            field: 'products',
          });
        }
        // DECISIONS 13: a conditional decrement that can never go below zero.
        const reserved = new Map<string, number>();
        // Rows are locked in one order (by id) so concurrent orders cannot deadlock.
        const byVariant = [...priced.lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
        for (const line of byVariant) {
          if (line.preorder) {
            reserved.set(line.variantId, 0);
            continue;
          }
          const [ok] = await tx
            .update(variantProducts)
            .set({ stock: sql`${variantProducts.stock} - ${line.count}` })
            .where(
              and(eq(variantProducts.id, line.variantId), sql`${variantProducts.stock} >= ${line.count}`),
            )
            .returning({ stock: variantProducts.stock });
          if (!ok) {
            const [left] = await tx
              .select({ stock: variantProducts.stock })
              .from(variantProducts)
              .where(eq(variantProducts.id, line.variantId));
            throw new AppError(
              'conflict',
              soldOutMessage(line.name, line.size, left?.stock ?? 0, ctx.locale),
              {
                field: 'products',
              },
            );
          }
          reserved.set(line.variantId, line.count);
          changed.add(cacheTags.group(line.groupId));
          // The last unit gone: listings stop showing the group as available.
          if (ok.stock === 0) changed.add(cacheTags.listings);
        }
        if (priced.promo) {
          // Per customer and first order only: judged under the customer's phone lock (lockHolder
          // above), so two orders of one customer cannot both pass; the row lock serialises the count.
          const [rule] = await tx
            .select()
            .from(promoCodes)
            .where(eq(promoCodes.code, priced.promo.code))
            .for('update');
          const history = rule
            ? await promoHistory(tx, rule.code, input.phone, ctx.userId ?? null)
            : undefined;
          if (checkPromoCode(rule ?? null, input.phone, now, history)) {
            throw new AppError('conflict', promoMessages.refused[ctx.locale], { field: 'promocode' });
          }
          const [used] = await tx
            .update(promoCodes)
            .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
            .where(
              and(
                eq(promoCodes.code, priced.promo.code),
                sql`(${promoCodes.usageLimit} is null or ${promoCodes.usedCount} < ${promoCodes.usageLimit})`,
              ),
            )
            .returning({ code: promoCodes.code });
          if (!used)
            throw new AppError('conflict', promoMessages.refused[ctx.locale], { field: 'promocode' });
        }
        const { totals, place } = priced;
        const [order] = await tx
          .insert(orders)
          .values({
            status: 'new',
            userId: ctx.userId ?? null,
            locale: ctx.locale,
            displayCurrency: input.currency,
            displayTotal: shown.total,
            displayRate4: shown.rate4,
            getWay: input.getWay,
            payment: input.payment,
            fullName: input.fullName,
            phone: input.phone,
            email: input.email,
            comment: input.comment,
            delivery: {
              city: place.city,
              cityID: place.cityID,
              country: input.country || (place.countryCode === 'RU' ? MOSCOW.country : place.countryCode),
              countryId: input.countryId,
              countryCode: place.countryCode,
              address: place.address,
              room: input.room,
              postal: input.postal,
              pvzID: place.pvzID,
              pvz: place.pvz,
              deliveryDate: isMoscowWay(input.getWay) ? (input.deliveryDate ?? null) : null,
              deliveryTime: isMoscowWay(input.getWay) ? (input.deliveryTime ?? null) : null,
              deliveryMaxDate: place.maxDate,
              outMKAD: place.outMKAD,
            },
            goodsTotal: totals.goods,
            goodsPayable: totals.goodsPayable,
            deliveryPrice: totals.delivery ?? 0,
            promoCode: priced.promo?.code ?? null,
            promoPercent: priced.promo?.percent ?? 0,
            promoDiscount: totals.promoDiscount,
            total: totals.total,
            payerPhone:
              input.payment === 'other_pay'
                ? (input.payerPhone ?? null)
                : input.hePayMode
                  ? (input.hePayPhone ?? null)
                  : null,
            instalmentMonths: input.payment === 'tinkoff' ? (input.instalmentMonths ?? 3) : null,
            consentVersion: CONSENT_VERSION,
            consentAt: now,
            consentIp: ctx.ip,
            deviceId: client.deviceId,
            accessKey,
            createdAt: now,
            updatedAt: now,
            expiresAt: new Date(now.getTime() + holdFor * 60_000),
          })
          .returning({ number: orders.number });
        if (!order) throw new Error('The order was not stored');
        await tx.insert(orderLines).values(
          priced.lines.map((l) => ({
            orderNumber: order.number,
            variantId: l.variantId,
            groupId: l.groupId,
            name: l.name,
            size: l.size,
            barcode: l.barcode,
            category: l.category,
            price: l.price,
            oldPrice: l.oldPrice,
            count: l.count,
            reserved: reserved.get(l.variantId) ?? 0,
          })),
        );
        await tx.insert(orderEvents).values({
          orderNumber: order.number,
          fromStatus: null,
          toStatus: 'new',
          cause: 'created',
          at: now,
        });
        // The confirmation goes out exactly when the order exists (docs/decisions/0021-durable-jobs-and-messages.md).
        await enqueueOrderMessages(tx, order.number, 'created', now);
        if (key)
          await tx
            .update(idempotencyKeys)
            .set({ response: { orderNumber: order.number, startKind } })
            .where(eq(idempotencyKeys.key, key));
        return order.number;
      });
    } catch (error) {
      // A concurrent request with the same key won: answer as it did.
      if (key && isUniqueViolation(error)) {
        const replay = await answerForKey(key, hash, ctx);
        if (replay) return replay;
      }
      throw error;
    }

    if (startKind) await startPayment(number, startKind);
    return answerForOrder(number, startKind);
  }

  /** The total the shopper saw in their currency, by the stored rate (DECISIONS 7). */
  async function shownTotal(
    currency: Currency,
    priced: Awaited<ReturnType<typeof priceOrder>>,
  ): Promise<{ total: number | null; rate4: number | null }> {
    if (currency === 'RUB') return { total: priced.totals.total, rate4: null };
    const latest = await rates.getLatestRates();
    if (!latest) return { total: null, rate4: null };
    const shown = displayTotals({ lines: priced.lines, totals: priced.totals }, currency, latest.rates);
    return { total: shown.total, rate4: latest.rates[currency] };
  }

  async function answerForKey(
    key: string,
    hash: string | null,
    ctx: { locale: Locale; ip: string; device?: { id: string; sent: boolean } },
  ) {
    const { locale } = ctx;
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    // DECISIONS 19: a retry repeats the first request; another order under the same key is a
    // client bug, refused rather than answered with an order the shopper did not ask for.
    // A replay from another client is refused the same way (docs/decisions/0018): the first answer
    // carries the order's access key and its payment page, which belong to the browser that made it,
    // and a 409 tells the other client nothing, not even that the key was used. A true retry comes
    // from the same browser: the same `shi-device` cookie, or the same address when the first
    // request came without one.
    const sameClient =
      !row ||
      (row.clientDevice
        ? ctx.device?.sent === true && row.clientDevice === ctx.device.id
        : row.clientIp === null || row.clientIp === ctx.ip);
    if ((row?.requestHash && hash && row.requestHash !== hash) || !sameClient) {
      throw new AppError(
        'conflict',
        t(
          locale,
          'Этот Idempotency-Key уже использован для другого заказа. Для нового заказа нужен новый ключ',
          'This Idempotency-Key was already used for a different order. A new order needs a new key',
        ),
        { field: 'Idempotency-Key' },
      );
    }
    const stored = row?.response as { orderNumber?: number; startKind?: PaymentKind | null } | undefined;
    if (!stored?.orderNumber) return null;
    // The first request may still be opening the payment: answer with the same page.
    if (stored.startKind) await startPayment(stored.orderNumber, stored.startKind);
    return answerForOrder(stored.orderNumber, stored.startKind ?? null);
  }

  async function answerForOrder(
    number: number,
    startKind: PaymentKind | null,
  ): Promise<{ access: OrderAccess; body: OrderAnswer }> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new Error(`Order ${number} vanished`);
    const access = { n: order.number, k: order.accessKey };
    const ids = { order: { orderID: order.number }, data: { orderID: order.number } };
    // checkout.md §4: drafts, dolyame, tinkoff and hePayMode (the provider reaches the phone
    // itself) answer the order id only; split and yaPay the url, which the storefront shows as a
    // link; the rest the url the storefront follows.
    const idOnly =
      ['dolyame', 'tinkoff'].includes(order.payment) || startKind === 'phone' || order.paymentUrl === null;
    return {
      access,
      body: idOnly ? { result: true, ...ids } : { result: true, url: order.paymentUrl ?? undefined, ...ids },
    };
  }

  /**
   * Starts the provider's session for an order and moves it to awaiting payment. One request claims
   * the start; concurrent ones (retries with the same key) wait for its page instead of opening a
   * second session.
   */
  async function startPayment(number: number, kind: PaymentKind, months?: number): Promise<string> {
    const claim = `claim-${randomBytes(8).toString('hex')}`;
    const [order] = await db
      .update(orders)
      .set({ paymentId: claim })
      .where(and(eq(orders.number, number), isNull(orders.paymentId), eq(orders.status, 'new')))
      .returning();
    if (!order) return waitForPaymentUrl(number);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    const prefix = order.locale === 'en' ? '/en' : '';
    const receipt = await receiptOf(order, lines);
    let session: Awaited<ReturnType<typeof payments.startPayment>>;
    try {
      session = await payments.startPayment({
        orderNumber: number,
        kind,
        amount: order.total,
        lines: lines.map((l) => ({ name: l.name, count: l.count, price: l.price })),
        months,
        // The key lets whichever browser returns (the payer's, too) see the order's status.
        successUrl: `${prefix}/?success=true&orderID=${number}&key=${orderStatusKey(order.accessKey)}`,
        failUrl: `${prefix}/?success=false&orderID=${number}&key=${orderStatusKey(order.accessKey)}`,
        locale: order.locale === 'en' ? 'en' : 'ru',
        receipt,
      });
    } catch (error) {
      await db
        .update(orders)
        .set({ paymentId: null })
        .where(and(eq(orders.number, number), eq(orders.paymentId, claim)));
      throw error;
    }
    await withStockChanges(async (tx, changed) => {
      await tx
        .update(orders)
        .set({
          paymentProvider: session.provider ?? payments.name,
          paymentId: session.paymentId,
          paymentUrl: session.url,
        })
        .where(and(eq(orders.number, number), eq(orders.paymentId, claim)));
      await transition(tx, number, 'awaiting_payment', `payment started (${kind})`, changed);
    });
    return session.url;
  }

  /** The order's 54-FZ receipt (DECISIONS 36), taxation and VAT from the settings. */
  async function receiptOf(
    order: typeof orders.$inferSelect,
    lines: (typeof orderLines.$inferSelect)[],
  ): Promise<PaymentReceipt> {
    const shop = await settings.getShopSettings();
    return buildPaymentReceipt({ ...order, lines }, shop.main.receipt ?? DEFAULT_RECEIPT_SETTINGS);
  }

  /** The receipt of an order's payment, for its refund receipt; null for an unknown order. */
  async function paymentReceipt(number: number): Promise<PaymentReceipt | null> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) return null;
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    return receiptOf(order, lines);
  }

  /**
   * Orders awaiting payment whose notification has not come after `afterMinutes`: the provider is
   * asked for the payment's state and a final one is applied as its notification would have been
   * (same id, so the late notification is a duplicate). Returns how many changed.
   */
  async function checkAwaitingPayments(afterMinutes = 3): Promise<number> {
    const getState = payments.getPaymentState;
    if (!getState) return 0;
    const before = new Date(clock().getTime() - afterMinutes * 60_000);
    const awaiting = await db
      .select({ paymentId: orders.paymentId })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'awaiting_payment'),
          inArray(orders.paymentProvider, [...(payments.names ?? [payments.name])]),
          lt(orders.updatedAt, before),
        ),
      )
      .orderBy(orders.updatedAt)
      .limit(50);
    let changed = 0;
    for (const { paymentId } of awaiting) {
      if (!paymentId || paymentId.startsWith('claim-')) continue;
      // One payment the provider cannot answer for does not hold up the others.
      const notice = await getState.call(payments, paymentId).catch(() => null);
      if (notice && (await applyPaymentNotice(notice)) === 'applied') changed += 1;
    }
    return changed;
  }

  async function waitForPaymentUrl(number: number): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const [order] = await db.select().from(orders).where(eq(orders.number, number));
      if (!order) throw new AppError('not_found', { key: 'order.not_found' });
      if (order.paymentUrl) return order.paymentUrl;
      if (order.status !== 'new' || order.paymentId === null) {
        throw new AppError(
          'conflict',
          t(
            order.locale as Locale,
            'Заказ уже оплачивается или закрыт',
            'The order is already being paid or closed',
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new AppError('unavailable', { key: 'payment.starting' });
  }

  /** Takes the client's locks (device, phone, address) in one order, so two orders cannot deadlock. */
  /** The customer's counting orders (not cancelled, not failed), by phone or by their account. */
  async function promoHistory(
    runner: Pick<Db, 'select'>,
    code: string,
    phone: string,
    userId: string | null,
  ): Promise<PromoCustomerHistory> {
    const [row] = await runner
      .select({
        orders: sql<number>`count(*)::int`,
        withCode: sql<number>`(count(*) filter (where ${orders.promoCode} = ${code}))::int`,
      })
      .from(orders)
      .where(
        and(
          userId ? or(eq(orders.phone, phone), eq(orders.userId, userId)) : eq(orders.phone, phone),
          notInArray(orders.status, ['cancelled', 'payment_failed']),
        ),
      );
    return { orders: row?.orders ?? 0, ordersWithCode: row?.withCode ?? 0 };
  }

  async function lockHolder(tx: Tx, client: Holder) {
    const keys = [`phone:${client.phone}`, `ip:${client.ip}`];
    if (client.deviceId) keys.push(`device:${client.deviceId}`);
    for (const k of keys.sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-hold:${k}`}, 0))`);
    }
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

  /** Reads an order the browser may see, or throws not_found. */
  async function requireOrder(number: number, access: OrderAccess[]) {
    const grant = access.find((a) => a.n === number);
    const [order] = grant ? await db.select().from(orders).where(eq(orders.number, number)) : [];
    if (!order || !grant || order.accessKey !== grant.k)
      throw new AppError('not_found', { key: 'order.not_found' });
    return order;
  }

  /**
   * The payment result page (DECISIONS 12): the state of the order's payment as the server knows it,
   * for the browser that made the order or the one holding the return address's key. Any other
   * number is `not_found`, whether or not it exists, and nothing personal is given.
   */
  async function getPaymentState(
    number: number,
    access: OrderAccess[],
    statusKey?: string,
  ): Promise<PaymentState> {
    const [row] = await db
      .select({ status: orders.status, accessKey: orders.accessKey })
      .from(orders)
      .where(eq(orders.number, number));
    if (!row) return 'not_found';
    const grant = access.find((a) => a.n === number);
    const allowed =
      (grant !== undefined && sameKey(grant.k, row.accessKey)) ||
      (statusKey !== undefined && sameKey(orderStatusKey(row.accessKey), statusKey));
    if (!allowed) return 'not_found';
    if (isPaidStatus(row.status)) return 'paid';
    return row.status === 'new' || row.status === 'awaiting_payment' ? 'pending' : 'failed';
  }

  /** The payment an order was started with (provider webhooks that name only the order). */
  async function paymentIdOf(number: number): Promise<string | null> {
    const [row] = await db
      .select({ paymentId: orders.paymentId })
      .from(orders)
      .where(eq(orders.number, number));
    return row?.paymentId ?? null;
  }

  /**
   * The parcel went to the carrier (or the goods to the shopper): a two-stage payment takes the
   * money held (Dolyame's commit, with the order's receipt lines). A failure is recorded on the order
   * for the staff and does not undo the step.
   */
  async function capturePayment(number: number): Promise<void> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order?.paymentId || order.paymentId.startsWith('claim-') || !payments.capturePayment) return;
    try {
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
      await payments.capturePayment(order.paymentId, order.total, await receiptOf(order, lines));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `the payment could not be committed: ${reason}`.slice(0, 500),
      });
    }
  }

  /** `POST /api/dolyame/create`: the BNPL page for a drafted order. */
  async function startDolyame(number: number, access: OrderAccess[]) {
    const order = await requireOrder(number, access);
    if (order.payment !== 'dolyame')
      throw new AppError('conflict', { key: 'order.not_paid_by_dolyame' }, { field: 'orderID' });
    return { result: true, data: await startPayment(number, 'bnpl') };
  }

  /** `POST /api/payment/create-tinkoff-order`: the instalment form for a drafted order. */
  async function startInstalment(number: number, promoCode: string, access: OrderAccess[]) {
    const order = await requireOrder(number, access);
    if (order.payment !== 'tinkoff')
      throw new AppError('conflict', { key: 'order.not_paid_by_instalment' }, { field: 'orderNumber' });
    const term = instalmentTerms.find((x) => x.promoCode === promoCode);
    return { result: true, data: await startPayment(number, 'instalment', term?.months ?? 3) };
  }

  /**
   * A verified provider notification (DECISIONS 12): paid or declined, once. Returns what changed.
   */
  async function applyPaymentNotice(notice: {
    notificationId: string;
    paymentId: string;
    orderNumber: number;
    outcome: 'paid' | 'declined';
    amount: number;
  }): Promise<'applied' | 'duplicate' | 'ignored'> {
    return withStockChanges(async (tx, changed) => {
      const inserted = await tx
        .insert(paymentNotifications)
        .values({
          id: notice.notificationId,
          provider:
            (payments.names ?? []).find((name) => notice.paymentId.startsWith(`${name}-`)) ?? payments.name,
          orderNumber: notice.orderNumber,
          outcome: notice.outcome,
        })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id });
      if (inserted.length === 0) return 'duplicate';
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.number, notice.orderNumber))
        .for('update');
      if (!order) return 'ignored';
      // Not the order's own payment: a try-on buyout's payment of the kept goods, or nothing.
      if (order.paymentId !== notice.paymentId) {
        return applyBuyoutPaymentNotice(tx, notice, {
          deliver: (cause) => transition(tx, order.number, 'delivered', cause, changed),
          clock,
        });
      }
      if (notice.outcome === 'paid') {
        if (notice.amount !== order.total) {
          await tx.insert(orderEvents).values({
            orderNumber: order.number,
            fromStatus: order.status,
            toStatus: order.status,
            cause: `payment of ${notice.amount} does not match the total ${order.total}`,
          });
          return 'ignored';
        }
        if (await transition(tx, order.number, 'paid', 'payment confirmed by the provider', changed)) {
          return 'applied';
        }
        // Money arrived for an order that already failed or was cancelled (its stock is gone back):
        // never silently dropped, an operator must refund it.
        if (order.status === 'payment_failed' || order.status === 'cancelled') {
          await tx.insert(orderEvents).values({
            orderNumber: order.number,
            fromStatus: order.status,
            toStatus: order.status,
            cause: `paid after ${order.status === 'cancelled' ? 'cancellation' : 'expiry'}: refund needed (${notice.amount} kopecks, ${notice.paymentId})`,
            at: clock(),
          });
        }
        return 'ignored';
      }
      return (await transition(tx, order.number, 'payment_failed', 'payment declined', changed))
        ? 'applied'
        : 'ignored';
    });
  }

  /**
   * Moves an order through the declared transition table; the update is conditional on the state
   * read, so two concurrent changes cannot both apply. Stock returns on failure or cancellation.
   */
  async function transition(
    tx: Tx,
    number: number,
    to: OrderStatus,
    cause: string,
    stockTags: Set<string>,
  ): Promise<boolean> {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.number, number));
    if (!current || !canTransition(current.status, to)) return false;
    const now = clock();
    const [changed] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now })
      .where(and(eq(orders.number, number), eq(orders.status, current.status)))
      .returning({ number: orders.number, promoCode: orders.promoCode });
    if (!changed) return false;
    await tx
      .insert(orderEvents)
      .values({ orderNumber: number, fromStatus: current.status, toStatus: to, cause, at: now });
    // The buyer's message about this step commits with it, once (docs/decisions/0021-durable-jobs-and-messages.md).
    const event = messageEventOf(to);
    if (event) await enqueueOrderMessages(tx, number, event, now);
    if (releasesStock(to)) {
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
          stockTags.add(cacheTags.group(line.groupId));
          // Back from zero: listings show the group as available again, and its restock sign-ups are told.
          if (back?.stock === line.reserved) {
            stockTags.add(cacheTags.listings);
            await enqueueRestockCheck(tx, line.variantId, now);
          }
        }
      }
      if (changed.promoCode) {
        await tx
          .update(promoCodes)
          .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
          .where(eq(promoCodes.code, changed.promoCode));
      }
    }
    return true;
  }

  /**
   * Cancels an order (an operator's decision, DECISIONS 14): allowed from new, awaiting payment and
   * paid by the transition table; its stock and promo-code use go back. False when the table
   * forbids it (shipped, delivered, already closed).
   */
  async function cancelOrder(number: number, cause: string): Promise<boolean> {
    return withStockChanges((tx, changed) => transition(tx, number, 'cancelled', cause, changed));
  }

  /** Unpaid orders past their time fail and give their stock back. Returns how many expired. */
  async function expireOverdue(): Promise<number> {
    const overdue = await db
      .select({ number: orders.number, status: orders.status, paymentId: orders.paymentId })
      .from(orders)
      .where(and(inArray(orders.status, ['new', 'awaiting_payment']), lt(orders.expiresAt, clock())))
      .limit(200);
    let expired = 0;
    for (const { number, status, paymentId } of overdue) {
      // The provider's page closes first, so nobody pays an order whose stock is going back.
      if (paymentId && !paymentId.startsWith('claim-')) await payments.expirePayment(paymentId);
      // A draft or an instalment order whose payment never started is cancelled (DECISIONS 14 has no
      // new -> payment_failed); both give the stock back.
      const to = status === 'new' ? 'cancelled' : 'payment_failed';
      const done = await withStockChanges((tx, changed) =>
        transition(tx, number, to, 'not paid in time', changed),
      );
      if (done) expired += 1;
    }
    return expired;
  }

  /**
   * `GET /api/orders/for-analytics`: the order as the result screen and analytics need it, for the
   * browser that made it; with the status key of the return address (the payer's browser), only
   * its status.
   */
  async function getOrderView(
    number: number,
    access: OrderAccess[],
    statusKey?: string,
  ): Promise<OrderView | OrderStatusView> {
    if (statusKey && !access.some((a) => a.n === number)) {
      const [row] = await db
        .select({ status: orders.status, accessKey: orders.accessKey })
        .from(orders)
        .where(eq(orders.number, number));
      if (!row || !sameKey(orderStatusKey(row.accessKey), statusKey)) {
        throw new AppError('not_found', { key: 'order.not_found' });
      }
      return { orderID: number, status: row.status, paid: isPaidStatus(row.status) };
    }
    const order = await requireOrder(number, access);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    return {
      orderID: order.number,
      status: order.status,
      paid: isPaidStatus(order.status),
      getWay: order.getWay,
      payment: order.payment,
      currency: 'RUB',
      summ: order.goodsPayable,
      deliveryPrice: order.deliveryPrice,
      promocodeDiscountPrice: order.promoDiscount,
      total: order.total,
      products: lines.map((l) => ({
        _id: l.variantId,
        groupId: l.groupId,
        name: l.name,
        size: l.size,
        barcode: l.barcode,
        price: l.price,
        oldPrice: l.oldPrice,
        count: l.count,
        category: l.category,
      })),
    };
  }

  return {
    checkPromo,
    createOrder,
    startDolyame,
    startInstalment,
    applyPaymentNotice,
    paymentIdOf,
    capturePayment,
    checkAwaitingPayments,
    paymentReceipt,
    cancelOrder,
    expireOverdue,
    /** The stock-returning transition and its transaction, for the back office (orders-admin.service.ts). */
    withStockChanges,
    transition,
    getOrderView,
    getPaymentState,
    /** For tests and operators: the stored order with its lines and events. */
    async getOrderRecord(number: number) {
      const [order] = await db.select().from(orders).where(eq(orders.number, number));
      if (!order) return null;
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
      return { order, lines, events };
    },
    today: () => moscowDate(clock()),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export type OrderAnswer = {
  result: true;
  url?: string;
  order: { orderID: number };
  data: { orderID: number };
};

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
function requestHash(
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

function isPaidStatus(status: OrderStatus): boolean {
  return (
    status === 'paid' ||
    status === 'confirmed' ||
    status === 'shipped' ||
    status === 'ready_for_pickup' ||
    status === 'delivered'
  );
}

function soldOutMessage(name: string, size: string, left: number, locale: Locale): string {
  const what = size ? `«${name}», ${t(locale, 'размер', 'size')} ${size}` : `«${name}»`;
  if (left <= 0)
    return t(
      locale,
      `${what} закончился. Удалите его из корзины`,
      `${what} has sold out. Remove it from the cart`,
    );
  return t(locale, `${what}: осталось ${left} шт.`, `${what}: only ${left} left`);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
