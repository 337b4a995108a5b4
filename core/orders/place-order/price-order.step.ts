import { eq, inArray } from 'drizzle-orm';
import type { SettingsService } from '../../content/settings.service.ts';
import type { Db } from '../../db/client.ts';
import { productGroups, promoCodes, variantProducts } from '../../db/schema/index.ts';
import { addDays, earliestDeliveryDate, isIsoDate } from '../../delivery/dates.rules.ts';
import { deliveryMessages } from '../../delivery/delivery.messages.ts';
import {
  availableGetWays,
  cartTotals,
  deliveryCharge,
  isMoscowWay,
  isPickupWay,
  MOSCOW,
  parcelWeight,
  pickupCarrier,
} from '../../delivery/delivery.rules.ts';
import type { DeliveryService } from '../../delivery/delivery.service.ts';
import { AppError, type MessageRef } from '../../errors.ts';
import { type Locale, pick } from '../../i18n.ts';
import type { Currency } from '../../money.ts';
import { availablePaymentMethods, paymentKindOf } from '../../payments/payment.rules.ts';
import type { PaymentKind } from '../../providers/payments/payment-provider.ts';
import type { RatesService } from '../../rates/rates.service.ts';
import { displayTotals } from '../display-totals.rules.ts';
import { HOLD_CAPS } from '../order.rules.ts';
import { type OrderPayload, orderWireFields } from '../orders.schemas.ts';
import { checkPromoCode, normalizePromoCode, promoRefusalMessage } from '../promo.rules.ts';
import { promoOnCart } from './promo-cart.ts';
import { soldOutMessage } from './reserve-stock.step.ts';

/**
 * Placement step 1: price. Everything the order will hold, computed by the server from the
 * payload's choices only (DECISIONS 6): the lines at today's prices against stock, the delivery by
 * the server's own quote, the promo code's discount. Reads only, so it has nothing to undo.
 */
export function createOrderPricing({
  db,
  settings,
  delivery,
  rates,
  clock,
  paymentKinds,
}: {
  db: Db;
  settings: SettingsService;
  delivery: DeliveryService;
  rates: RatesService;
  clock: () => Date;
  /** The payment kinds the configured providers take; absent when every kind is taken. */
  paymentKinds: readonly PaymentKind[] | undefined;
}) {
  /** `provenPhone`: the signed-in shopper's verified phone, the only one a phone-bound code opens for. */
  async function priceOrder(input: OrderPayload, locale: Locale, provenPhone: string | null = null) {
    const shop = await settings.getShopSettings();
    const deliverySettings = await delivery.deliverySettings();
    if (!availableGetWays(deliverySettings, locale).includes(input.deliveryMethod)) {
      throw new AppError(
        'invalid_data',
        { key: 'delivery.way_unavailable' },
        { field: orderWireFields.deliveryMethod },
      );
    }
    const methods = availablePaymentMethods({
      locale,
      deliveryMethod: input.deliveryMethod,
      switches: shop.main.payments,
      kinds: paymentKinds,
    });
    const payment = input.payment === 'other_pay' ? 'online' : input.payment;
    // A method whose provider is not configured (T-Bank takes cards only) is refused before anything
    // is stored (docs/decisions/0020-tbank-card-payments.md).
    if (
      !methods.includes(payment) ||
      (paymentKinds && !paymentKinds.includes(paymentKindOf(input.payment, Boolean(input.hePayMode))))
    ) {
      throw new AppError('invalid_data', { key: 'payment.method_unavailable' }, { field: 'payment' });
    }
    if (input.payment === 'other_pay' && !input.payerPhone) {
      throw new AppError('invalid_data', { key: 'order.payer_phone_required' }, { field: 'payerPhone' });
    }

    // Lines: merge repeated variants, refuse unknown ones, check the counts against stock.
    const counts = new Map<string, number>();
    for (const p of input.products) {
      counts.set(p.variantId, Math.min(100, (counts.get(p.variantId) ?? 0) + p.count));
    }
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
          { key: 'order.product_gone' },
          {
            field: `products.${i}.${orderWireFields.variantId}`,
          },
        );
      }
      const { variant, group } = row;
      const name = pick(group.name, locale);
      if (!variant.preorder && variant.stock < count) {
        throw new AppError('conflict', soldOutMessage(name, variant.size, variant.stock), {
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
    if (input.deliveryMethod === 'moscow-try' && items > tryOnItems) {
      throw new AppError(
        'invalid_data',
        { key: 'order.try_on_items', params: { cap: tryOnItems } },
        { field: 'products' },
      );
    }

    // Delivery: the server's own quote for the chosen address.
    const place = await resolveDelivery(input, locale, goods, items);
    // Promo code: never with fitting (checkout.md §2).
    let promo: { code: string; percent: number; discount: number; freeDelivery: boolean } | null = null;
    if (input.promocode && input.deliveryMethod !== 'moscow-try') {
      const code = normalizePromoCode(input.promocode);
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
      const refusal = checkPromoCode(row ?? null, { phone: input.phone, provenPhone }, clock());
      if (refusal || !row) {
        const key = refusal ? promoRefusalMessage(refusal) : 'promo.refused';
        throw new AppError('conflict', { key }, { field: 'promocode' });
      }
      // The minimum and the limits: on the cart's goods before any discount, its eligible lines.
      const applied = await promoOnCart(db, row, lines, locale);
      if (!applied.ok) throw new AppError('conflict', applied.message, { field: 'promocode' });
      promo = { code, percent: row.percent, discount: applied.discount, freeDelivery: applied.freeDelivery };
    }
    const discount = promo?.discount ?? 0;
    // DECISIONS 33: free delivery is judged on the goods after the promo discount; a free-delivery
    // code makes any delivery free.
    const judged = deliveryCharge({
      way: input.deliveryMethod,
      goods,
      promoDiscount: discount,
      quoted: place.quoted,
      settings: deliverySettings,
      locale,
    });
    if (!judged)
      throw new AppError('invalid_data', deliveryMessages.impossible[locale], { field: 'address' });
    const charge = promo?.freeDelivery ? { price: 0, free: true } : judged;
    const totals = cartTotals({ way: input.deliveryMethod, goods, charge, promoDiscount: discount });
    return { lines, totals, place, promo, payment, shop };
  }

  async function resolveDelivery(input: OrderPayload, locale: Locale, goods: number, items: number) {
    const weight = parcelWeight(items);
    const none = {
      quoted: null as number | null,
      city: input.city,
      cityID: input.cityID ?? null,
      countryCode: 'RU',
      pickupPointId: null as string | null,
      pvz: null as string | null,
      outMKAD: null as boolean | null,
      maxDate: null as string | null,
      address: input.address,
    };
    const refuse = (field: string, message: string | MessageRef = deliveryMessages.impossible[locale]) => {
      throw new AppError('invalid_data', message, { field });
    };
    if (input.deliveryMethod === 'self') {
      return { ...none, quoted: 0, city: MOSCOW.name, cityID: MOSCOW.cityID, address: '' };
    }
    if (isMoscowWay(input.deliveryMethod)) {
      if (!input.address) refuse('address', { key: 'delivery.address_required' });
      if (!input.room) refuse('room', { key: 'delivery.room_required' });
      const earliest = earliestDeliveryDate(clock());
      const date = input.deliveryDate ?? '';
      if (!isIsoDate(date) || date < earliest || date > addDays(earliest, 30)) {
        refuse('deliveryDate', { key: 'delivery.date_from_tomorrow' });
      }
      if (!input.deliveryTime) refuse('deliveryTime', { key: 'delivery.time_required' });
      const outcome = await delivery.moscowPrice({
        address: input.address,
        deliveryMethod: input.deliveryMethod,
      });
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
    if (isPickupWay(input.deliveryMethod)) {
      const carrier = pickupCarrier(input.deliveryMethod);
      if (!input.cityID || !input.pickupPointId)
        return refuse(orderWireFields.pickupPointId, { key: 'delivery.pickup_point_required' });
      const points = await delivery.listPickupPoints(carrier, { code: input.cityID });
      const point = points.ok ? points.value.find((p) => p.code === input.pickupPointId) : undefined;
      if (!point) return refuse(orderWireFields.pickupPointId, { key: 'delivery.pickup_point_not_found' });
      const quote = await delivery.quoteCarrier({
        carrier,
        mode: 'pickup',
        cityCode: input.cityID,
        weight,
        summ: goods,
      });
      if (!quote.ok) return refuse(orderWireFields.pickupPointId, deliveryMessages[quote.reason][locale]);
      return {
        ...none,
        quoted: quote.value.price,
        city: point.location.city,
        cityID: point.location.cityCode,
        pickupPointId: point.code,
        pvz: `${point.location.city}, ${point.location.address}, ${point.code}`,
        maxDate: quote.value.deliveryMaxDate,
        address: point.location.address,
      };
    }
    // Courier: by the first carrier in Russia, by the international carrier from the English edition.
    if (!input.address) refuse('address', { key: 'delivery.address_required' });
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
    if (!input.cityID) return refuse('cityID', { key: 'delivery.city_from_list' });
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

  /** The total the shopper saw in their currency, by the stored rate (DECISIONS 7). */
  async function shownTotal(
    currency: Currency,
    priced: PricedOrder,
  ): Promise<{ total: number | null; rate4: number | null }> {
    if (currency === 'RUB') return { total: priced.totals.total, rate4: null };
    const latest = await rates.getLatestRates();
    if (!latest) return { total: null, rate4: null };
    const shown = displayTotals({ lines: priced.lines, totals: priced.totals }, currency, latest.rates);
    return { total: shown.total, rate4: latest.rates[currency] };
  }

  return { priceOrder, shownTotal };
}

/**
 * An order priced by the server: its lines, totals, delivery place, promo code and payment method,
 * and the shop's settings it was priced by.
 */
export type PricedOrder = Awaited<ReturnType<ReturnType<typeof createOrderPricing>['priceOrder']>>;
