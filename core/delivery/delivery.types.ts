import type { PickupPoint } from '../providers/carriers/carrier-provider.ts';

export type { CarrierName, PickupPoint } from '../providers/carriers/carrier-provider.ts';

/**
 * Wire shapes of the delivery endpoints (checkout.md §7). Money in kopecks; the storefront
 * converts for display. Every endpoint answers `{ result: true, data }` or, for an expected
 * refusal (unknown city, impossible route), `{ result: false, message }` with status 200;
 * malformed input is a 400 `{ result: false, message, field }`.
 */

/** A city option of `GET /api/checkout/sdek-cities`, `/api/sdek/cities` and `/api/checkout/city`. */
export interface CityOption {
  /** The shop's city id (the first carrier's code; Moscow 44). */
  code: number;
  name: string;
  full_name: string;
  region: string;
  postal_code: string;
  latitude: number;
  longitude: number;
}

/** `GET /api/sdek/offices?city_code=` and `GET /api/boxberry/points?city_code=`. */
export type PickupPointsAnswer = { result: true; data: PickupPoint[] } | { result: false; message: string };

/** A delivery price and term (`check-delivery`, `delivery`, `sdek/price`, `boxberry/price`, `count-delivery/dhl`). */
export interface DeliveryQuoteView {
  /** Kopecks. */
  price: number;
  periodMin: number;
  periodMax: number;
  /** Latest expected delivery day, `YYYY-MM-DD` in Moscow time. */
  deliveryMaxDate: string;
}

/** `GET /api/checkout/moscow-price?address=&getWay=moscow|moscow-try`: the Moscow delivery-price map. */
export interface MoscowPriceView {
  /** Kopecks. */
  price: number;
  /** True when the geocoded point lies outside the Moscow ring road. */
  outMKAD: boolean;
  latitude: number;
  longitude: number;
  /** The address as the geocoder understood it. */
  text: string;
}

/** `GET /api/checkout/en-cities?q=`. */
export interface WorldCityOption {
  name: string;
  country: string;
  countryCode: string;
}
