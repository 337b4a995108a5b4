/** One suggestion of the courier address field. */
export interface AddressSuggestion {
  /** The line for the address field, without the city: `Тверская улица, 7`, `ул Тверская, д 7`. */
  value: string;
  /** The whole address, city included, for the list's second line. */
  full: string;
  postalCode: string | null;
  /** Names a house: the address is complete; otherwise the shopper goes on typing the number. */
  house: boolean;
}

/**
 * Street-address suggestions inside a city (the checkout's courier address field, checkout.md §4-5),
 * behind one interface: the offline sandbox or DaData.
 */
export interface AddressSuggestProvider {
  readonly name: string;
  /**
   * Up to `limit` suggestions for what the shopper typed in `city`; empty when nothing matches or the
   * city is unknown. A network fault or a refused key throws (the endpoint then offers nothing).
   */
  suggest(query: string, city: string, limit: number): Promise<AddressSuggestion[]>;
}
