import { wireRoubles } from '../wire.ts';
import type { DeliveryQuoteView, MoscowPriceView, PickupPoint } from './delivery.types.ts';

/**
 * The delivery calls on the wire (checkout.md §7, DECISIONS 28): prices in roubles with at most two
 * decimals. Delivery is charged in roubles, the order's currency, in both editions; the English
 * pages convert it for display like every rouble amount (DECISIONS 7), so `currency` says so.
 */
export interface WireDeliveryQuote {
  price: number;
  currency: 'RUB';
  periodMin: number;
  periodMax: number;
  /** Latest expected delivery day, `YYYY-MM-DD` in Moscow time. */
  deliveryMaxDate: string;
}

export function quoteToWire(quote: DeliveryQuoteView): WireDeliveryQuote {
  return {
    price: wireRoubles(quote.price),
    currency: 'RUB',
    periodMin: quote.periodMin,
    periodMax: quote.periodMax,
    deliveryMaxDate: quote.deliveryMaxDate,
  };
}

export type WireMoscowPrice = Omit<MoscowPriceView, 'price'> & { price: number; currency: 'RUB' };

export function moscowPriceToWire(view: MoscowPriceView): WireMoscowPrice {
  return { ...view, price: wireRoubles(view.price), currency: 'RUB' };
}

/** `GET /api/checkout/free-delivery`: the minimum goods sum for free delivery, in roubles (0: none). */
export function freeDeliveryToWire<T extends { freeDeliveryMin: number }>(value: T): T & { currency: 'RUB' } {
  return { ...value, freeDeliveryMin: wireRoubles(value.freeDeliveryMin), currency: 'RUB' };
}

/**
 * A pickup point (`GET /api/sdek/offices`, `/api/boxberry/points`) with the spec's names beside the
 * storefront's (checkout.md §3 Pickup point): `location.city_code`, `location.country_code` and
 * `work_time`.
 */
export type WirePickupPoint = Omit<PickupPoint, 'location'> & {
  location: PickupPoint['location'] & { city_code: number; country_code: string };
  work_time: string;
};

export function pickupPointToWire(point: PickupPoint): WirePickupPoint {
  return {
    ...point,
    location: {
      ...point.location,
      city_code: point.location.cityCode,
      country_code: point.location.countryCode,
    },
    work_time: point.workTime,
  };
}
