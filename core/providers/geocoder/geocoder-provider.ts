/** Geocoding (integrations.md §8, Yandex Geocoder) behind an interface; the sandbox works offline. */

export interface GeocodedAddress {
  latitude: number;
  longitude: number;
  /** The address as the geocoder understood it, `Россия, Москва, Тверская улица, 7`. */
  text: string;
  /** How exact the match is: a house, a street or only the locality. */
  precision: 'house' | 'street' | 'locality';
  postalCode: string | null;
}

export interface GeocoderProvider {
  readonly name: string;
  /** The best match for a free-text address inside a locality, or null when nothing is found. */
  geocode(address: string, locality: string): Promise<GeocodedAddress | null>;
  /** A locality guess for a client address (the spec's city detection); null when unknown. */
  locateIp(ip: string): Promise<{ city: string } | null>;
}
