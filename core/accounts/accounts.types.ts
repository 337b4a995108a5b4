/** Wire shapes of the cabinet endpoints (catalogue.md §3 User, Saved address). Money in kopecks. */

export interface SavedAddress {
  id: number;
  country: string;
  countryId: number;
  postcode: string;
  city: string;
  cityID: number;
  street: string;
  house: string;
  entrance: string;
  floor: string;
  room: string;
}

/** The user as `GET /api/user/fetch` answers it (catalogue.md §3 User): no hash, no consent record. */
export interface UserView {
  _id: string;
  name: string;
  secondName: string;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  notificationChannel: string;
  /** A marketing consent (38-FZ) is on record: cart reminders and offers may be sent. */
  marketingConsent: boolean;
  isAdmin: boolean;
  addresses: SavedAddress[];
}

export interface CabinetOrder {
  orderID: number;
  status: string;
  createdAt: string;
  deliveryMethod: string;
  payment: string;
  city: string;
  address: string;
  summ: number;
  deliveryPrice: number;
  promocodeDiscountPrice: number;
  total: number;
  products: {
    variantId: string;
    groupId: string;
    name: string;
    size: string;
    price: number;
    count: number;
  }[];
}
