/**
 * The answers of the phone-order endpoints (server/routes/admin/phone-orders.routes.ts), as the back
 * office reads them (docs/product/phone-orders.md). Money in kopecks.
 */

/** One sending of the link as the panel shows it: the channel and what became of it. */
export interface PaymentLinkSend {
  id: number;
  at: string;
  channel: 'sms' | 'email';
  /** `queued`: not sent yet; `sent`: the provider took it; `skipped`: nothing to send to; `failed`: given up. */
  state: 'queued' | 'sent' | 'skipped' | 'failed';
  /** The provider's refusal of the last try, when it refused. */
  error: string | null;
}

/** A phone order as the back office's payment-link panel shows it. */
export interface PhoneOrderView {
  number: number;
  status: string;
  source: 'shop' | 'phone';
  fullName: string;
  phone: string;
  email: string;
  total: number;
  /** The page the buyer pays on (absolute), while the order awaits payment. */
  payUrl: string | null;
  /** Unpaid past this instant, the order fails and its stock returns. */
  expiresAt: string;
  sends: PaymentLinkSend[];
}

/** `GET /api/admin/phone-orders/products`: published products, each size with its stock now. */
export interface PhoneOrderProducts {
  products: {
    id: string;
    art: string;
    name: string;
    colour: string;
    price: number;
    oldPrice: number | null;
    sizes: { variantId: string; size: string; stock: number; preorder: boolean }[];
  }[];
}

/** The server's prices of the form's choices (the quote, and the placed order's). */
export interface PhoneOrderQuote {
  lines: {
    variantId: string;
    name: string;
    size: string;
    price: number;
    oldPrice: number | null;
    count: number;
    preorder: boolean;
  }[];
  goods: number;
  delivery: number;
  freeDelivery: boolean;
  promoCode: string | null;
  promoDiscount: number;
  total: number;
  deliveryMaxDate: string | null;
  place: { city: string; address: string; pvz: string | null };
}

export interface PhoneOrderOptions {
  ways: ('delivery-sdek' | 'self-sdek' | 'self-boxberry' | 'moscow' | 'self')[];
}
export interface PhoneOrderCities {
  cities: { code: number; name: string; full_name: string; region: string }[];
}
export interface PhoneOrderPickupPoints {
  points: { code: string; name: string; address: string; workTime: string }[];
}
