import type { z } from 'zod';
import type { GuestForm } from '../../../core/checkout/checkout.rules.ts';
import {
  type CartTotals,
  type GetWay,
  isMoscowWay,
  isPickupWay,
  MOSCOW,
} from '../../../core/delivery/delivery.rules.ts';
import type { PickupPoint } from '../../../core/delivery/delivery.types.ts';
import type { Locale } from '../../../core/i18n.ts';
import type { Currency } from '../../../core/money.ts';
import type {
  dolyameCreateSchema,
  orderPayloadSchema,
  tinkoffCreateSchema,
} from '../../../core/orders/orders.schemas.ts';
import {
  type InstalmentMonths,
  instalmentItemName,
  instalmentTerms,
  type PaymentMethod,
} from '../../../core/payments/payment.rules.ts';
import type { AppliedPromo, QuoteState } from './checkout-state.ts';

/** What `POST /api/payment` takes (checkout.md §3); the server's schema is the contract. */
export type OrderRequest = z.input<typeof orderPayloadSchema>;
export type DolyameRequest = z.input<typeof dolyameCreateSchema>;
export type TinkoffRequest = z.input<typeof tinkoffCreateSchema>;

/** How the shopper pays: a method of the list, or a link for another person (checkout.md §3). */
export type PaymentChoice = PaymentMethod | 'other_pay';

export interface OrderLine {
  /** Variant id. */
  id: string;
  name: string;
  /** Kopecks per unit. */
  price: number;
  count: number;
}

export interface OrderDraft {
  locale: Locale;
  currency: Currency;
  getWay: GetWay;
  payment: PaymentChoice;
  form: GuestForm;
  pvz: PickupPoint | null;
  quote: QuoteState;
  lines: OrderLine[];
  totals: CartTotals;
  promo: AppliedPromo | null;
  /** The attempt's idempotency key (DECISIONS 19). */
  key: string;
  months: InstalmentMonths;
  /** Pay-by-another-person: the payer's phone (digits). */
  payerPhone: string;
}

/**
 * The order payload of checkout.md §3 from the checkout's state. Money is in kopecks; the sums are
 * display values the server recomputes (DECISIONS 6).
 */
export function buildOrderPayload(d: OrderDraft): OrderRequest {
  const { form, getWay } = d;
  const quote = d.quote.status === 'ready' ? d.quote : null;
  const moscow = { city: MOSCOW.name, cityID: MOSCOW.cityID, postal: MOSCOW.postal };
  const russia = { country: MOSCOW.country, countryId: MOSCOW.countryId };
  let place: Partial<OrderRequest>;
  if (isPickupWay(getWay) && d.pvz) {
    const { location } = d.pvz;
    place = {
      ...russia,
      city: location.city,
      cityID: location.cityCode,
      address: location.address,
      postal: location.postalCode,
      pvz: `${location.city}, ${location.address}, ${d.pvz.code}`,
      pvzID: d.pvz.code,
    };
  } else if (isMoscowWay(getWay)) {
    place = {
      ...russia,
      ...moscow,
      address: form.address.trim(),
      room: form.room.trim(),
      deliveryDate: form.date,
      deliveryTime: form.time || null,
      outMKAD: quote?.outMKAD ?? false,
    };
  } else if (getWay === 'self') {
    place = { ...russia, ...moscow, address: '' };
  } else if (d.locale === 'en' && form.city && form.city.countryCode.toUpperCase() !== 'RU') {
    // Abroad: the international carrier prices by country and city name.
    place = {
      city: form.city.name,
      country: form.city.countryCode,
      countryCode: form.city.countryCode,
      countryId: 0,
      address: form.address.trim(),
      room: form.room.trim(),
    };
  } else {
    place = {
      ...russia,
      city: form.city?.name ?? '',
      cityID: form.city?.code || null,
      address: form.address.trim(),
      room: form.room.trim(),
    };
  }
  const promo = getWay === 'moscow-try' ? null : d.promo;
  const payload: OrderRequest = {
    getWay,
    payment: d.payment,
    fullName: form.fullName.trim(),
    phone: form.phone,
    email: form.email.trim(),
    comment: form.comment.trim(),
    ...place,
    deliveryMaxDate: isMoscowWay(getWay) ? form.date : (quote?.maxDate ?? null),
    products: d.lines.map((l) => ({ _id: l.id, count: l.count })),
    summ: d.totals.goodsPayable,
    deliveryPrice: d.totals.delivery ?? 0,
    currency: d.currency,
    key: d.key,
    // DECISIONS 20: the shopper ticked the consent box; the form is never sent without it.
    consent: true,
  };
  if (promo) {
    payload.promocode = promo.code;
    payload.promocodeDiscount = promo.percent;
    payload.promocodeDiscountPrice = d.totals.promoDiscount;
  }
  if (d.payment === 'tinkoff') {
    payload.tinkoffCreditType = 'installment';
    payload.instalmentMonths = d.months;
  }
  if (d.payment === 'hepay') {
    payload.hePayMode = true;
    payload.hePayPhone = form.phone;
  }
  if (d.payment === 'other_pay') payload.payerPhone = d.payerPhone;
  return payload;
}

/** Last name, first name and the rest of the recipient's name. */
export function splitFullName(fullName: string) {
  const [lastName = '', firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { lastName, firstName, middleName: rest.join(' ') };
}

/** `POST /api/dolyame/create` (checkout.md §7). */
export function buildDolyameRequest(orderID: number, d: OrderDraft): DolyameRequest {
  const { lastName, firstName } = splitFullName(d.form.fullName);
  return {
    orderID,
    products: d.lines.map((l) => ({ name: l.name, quantity: l.count, price: l.price })),
    productsSumm: d.totals.goodsPayable - d.totals.promoDiscount,
    deliverySumm: d.totals.delivery ?? 0,
    promocodeDiscountPercent: d.promo?.percent ?? 0,
    clientInfo: { firstName, lastName, phone: d.form.phone, email: d.form.email.trim() },
  };
}

/** `POST /api/payment/create-tinkoff-order` (checkout.md §7, §9): the term's promo code. */
export function buildTinkoffRequest(orderNumber: number, d: OrderDraft): TinkoffRequest {
  const term = instalmentTerms.find((x) => x.months === d.months) ?? instalmentTerms[0];
  return {
    orderNumber,
    promoCode: term.promoCode,
    promocodeDiscountPercent: d.promo?.percent ?? 0,
    sum: d.totals.total,
    // checkout.md §5: instalment item names lose their quotes.
    items: d.lines.map((l) => ({ name: instalmentItemName(l.name), price: l.price, quantity: l.count })),
    values: {
      contact: {
        fio: splitFullName(d.form.fullName),
        mobilePhone: d.form.phone,
        email: d.form.email.trim(),
      },
    },
  };
}
