/**
 * The carriers' side of delivery (DECISIONS 4): the sandbox answers from an offline data set, the
 * real adapters (CDEK API v2, Boxberry, DHL Express, integrations.md §1, §2, §9;
 * docs/decisions/0025-real-carriers.md) behind the same interfaces. Money is in kopecks, weights in
 * grams, periods in calendar days.
 */

/** A Russian locality as the first carrier knows it; its `code` is the shop's city id (Moscow 44). */
export interface CarrierCity {
  /** The first carrier's city code (CDEK `code`): the `cityID` of orders. */
  code: number;
  /** `Москва`, `Санкт-Петербург`, `Королёв`. */
  name: string;
  /** Name with region and country, `Королёв, Московская обл., Россия`. */
  fullName: string;
  region: string;
  /** ISO 3166-1 alpha-2, `RU`. */
  countryCode: string;
  /** Main postal code first. */
  postalCodes: string[];
  latitude: number;
  longitude: number;
  /** IANA zone, `Europe/Moscow`. */
  timeZone: string;
}

export type CarrierName = 'sdek' | 'boxberry';

/** A pickup point or parcel locker (the spec's pickup point, CDEK `deliverypoints` item). */
export interface PickupPoint {
  /** Carrier's point code, `MSK123` / `77123`. */
  code: string;
  carrier: CarrierName;
  name: string;
  type: 'PVZ' | 'POSTAMAT';
  location: {
    /** Street address without the city, `ул. Тверская, 7`. */
    address: string;
    /** Full address with postal code and city. */
    addressFull: string;
    city: string;
    /** The first carrier's city code of the point's locality. */
    cityCode: number;
    countryCode: string;
    postalCode: string;
    latitude: number;
    longitude: number;
  };
  /** `пн-пт 10:00-21:00, сб-вс 10:00-18:00`. */
  workTime: string;
  phones: { number: string }[];
  nearestMetro: string | null;
  /** How to find it. */
  note: string | null;
}

export interface Parcel {
  weightGrams: number;
  /** Declared value in kopecks. */
  valueKopecks: number;
}

export interface DeliveryQuote {
  /** Kopecks. */
  price: number;
  /** Calendar days from hand-over. */
  periodMin: number;
  periodMax: number;
}

export type DeliveryMode = 'door' | 'pickup';

/** Where a parcel goes to (a shipment) or comes from (a return). */
export interface ShipmentPlace {
  /** The first carrier's city code (domestic), null abroad. */
  cityCode: number | null;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  postalCode: string;
  /** Street address (door delivery or collection). */
  address: string;
  /** The carrier's pickup point code (pickup mode). */
  pickupPointCode: string | null;
}

/** What the shop tells a carrier when staff hand an order over. */
export interface ShipmentRequest {
  /** The shop's order number (the carrier's `number` / `order_id` unless `reference` is given). */
  orderNumber: number;
  /**
   * The shop's own number of this parcel when it is not the order's own (an exchange's new size,
   * `10012-E5001`): the carrier's `number` / `order_id` / reference, so it never collides with the
   * order's parcel (docs/product/returns.md).
   */
  reference?: string;
  mode: DeliveryMode;
  recipient: { name: string; phone: string; email: string };
  destination: ShipmentPlace;
  parcel: Parcel;
  /** Order lines; prices in kopecks per unit. */
  items: ShipmentItem[];
}

/** An order line as a carrier sees it; prices in kopecks per unit. */
export interface ShipmentItem {
  sku: string;
  name: string;
  price: number;
  count: number;
  weightGrams: number;
  /**
   * What customs abroad need (docs/product/shipping-desk.md): the goods in English, the HS code
   * and the ISO country of manufacture, from the product or its category; null where not set.
   */
  customs?: { description: string; hsCode: string | null; originCountry: string | null };
}

/** A document a carrier makes for a parcel: its label, a waybill, a customs invoice. */
export interface CarrierDocument {
  kind: 'label' | 'waybill' | 'invoice';
  /** `application/pdf`. */
  contentType: string;
  /** The document in base64, as the carrier sent it. */
  base64: string;
}

/** A registered shipment: the carrier's key and, once assigned, the number the buyer follows. */
export interface Shipment {
  carrierId: string;
  trackingNumber: string | null;
  /** Documents the carrier returned with the registration (DHL's label and invoice). */
  documents?: CarrierDocument[];
}

/** Where a parcel is, in the shop's terms (the carrier's own code kept beside it). */
export type ShipmentStage =
  | 'registered'
  | 'handed_over'
  | 'at_pickup_point'
  | 'delivered'
  | 'returned'
  | 'other';

export interface ShipmentState {
  stage: ShipmentStage;
  /** The carrier's status code, `RECEIVED_AT_SHIPMENT_WAREHOUSE`. */
  code: string;
  /** When the carrier recorded it; null when it does not say. */
  at: Date | null;
  trackingNumber: string | null;
}

/**
 * A buyer's return parcel to the shop (docs/product/returns.md): from the buyer's pickup point or
 * address to the shop's own drop-off point.
 */
export interface ReturnShipmentRequest {
  /** The shop's return number (the carrier's `number`, `R5001`). */
  returnNumber: number;
  orderNumber: number;
  /** The buyer drops it at a pickup point, or a courier collects it. */
  mode: DeliveryMode;
  sender: { name: string; phone: string; email: string };
  /** The shop, the return's recipient: its name and phone (settings). */
  shop: { name: string; phone: string };
  /** `pickupPointCode`: the point the buyer will bring it to (the order's point, when it came to one). */
  origin: ShipmentPlace;
  parcel: Parcel;
  items: { sku: string; name: string; price: number; count: number; weightGrams: number }[];
}

/** A registered return: the carrier's key and the code the buyer shows at the point or to the courier. */
export interface ReturnShipment {
  carrierId: string;
  /** What the buyer names when handing the parcel over (the carrier's number for the return). */
  code: string | null;
}

/** Registers parcels with a carrier and reads their state. */
export interface ShippingCarrier {
  /** Registers the parcel; the same order number twice must not make two parcels (callers keep the id). */
  createShipment(request: ShipmentRequest): Promise<Shipment>;
  /** The parcel's current state, or null when the carrier does not know the id. */
  shipmentState(carrierId: string): Promise<ShipmentState | null>;
  /**
   * Registers a buyer's return parcel (the same return number twice must not make two). Absent where
   * the carrier's documented protocol gives no return (integrations.md).
   */
  createReturnShipment?(request: ReturnShipmentRequest): Promise<ReturnShipment>;
  /**
   * A printed form of a registered parcel, made by the carrier on request (CDEK's waybill and
   * barcode label). Absent where the carrier gives its documents with the registration (DHL) or
   * has no print call.
   */
  printDocument?(
    shipment: { carrierId: string; trackingNumber: string | null },
    kind: CarrierDocument['kind'],
  ): Promise<CarrierDocument>;
}

/** A courier visit to collect the day's parcels from the shop (CDEK's intake). */
export interface PickupRequest {
  /** `YYYY-MM-DD`, the shop's local day. */
  date: string;
  /** `HH:MM`, the window the courier may come in. */
  from: string;
  to: string;
  /** The first carrier's city code of the address. */
  cityCode: number;
  address: string;
  contact: { name: string; phone: string };
  /** How many parcels and their total weight. */
  parcels: number;
  weightGrams: number;
  comment: string;
}

/** A booked courier visit: the carrier's key and, once assigned, the number to quote to it. */
export interface BookedPickup {
  carrierId: string;
  number: string | null;
}

/** A domestic carrier (CDEK, Boxberry). */
export interface CarrierProvider extends ShippingCarrier {
  /** Books a courier to collect parcels from the shop; absent where the carrier has no such call. */
  bookPickup?(request: PickupRequest): Promise<BookedPickup>;
  readonly name: string;
  readonly carrier: CarrierName;
  /** Localities matching a typed name (prefix and word matches, `ё` = `е`, case-insensitive), best first. */
  suggestCities(query: string, limit: number): Promise<CarrierCity[]>;
  cityByCode(code: number): Promise<CarrierCity | null>;
  cityByPostalCode(postalCode: string): Promise<CarrierCity | null>;
  /** The carrier's points in a locality (empty when it has none there). */
  pickupPoints(cityCode: number): Promise<PickupPoint[]>;
  /** A price and term from the sender city, or null when the carrier cannot deliver there that way. */
  quote(input: {
    fromCityCode: number;
    toCityCode: number;
    mode: DeliveryMode;
    parcel: Parcel;
    /** The buyer's own postal code for a door delivery, where the carrier prices by it (Boxberry). */
    postalCode?: string | null;
  }): Promise<DeliveryQuote | null>;
}

/** A city abroad as the English edition's city field suggests it. */
export interface WorldCity {
  name: string;
  /** English country name. */
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** An international express carrier (DHL Express MyDHL rates and shipments). */
export interface InternationalCarrierProvider extends ShippingCarrier {
  readonly name: string;
  suggestCities(query: string, limit: number): Promise<WorldCity[]>;
  /** Price in kopecks and term for a parcel from Moscow, or null when the destination is not served. */
  quote(input: {
    countryCode: string;
    city: string;
    postalCode: string | null;
    parcel: Parcel;
  }): Promise<DeliveryQuote | null>;
}
