import type { CarrierCity, CarrierName, CarrierProvider } from './carrier-provider.ts';
import {
  type Locality,
  localities,
  localityByCode,
  localityByPostalCode,
} from './sandbox-data/localities.ts';
import { pointsOf } from './sandbox-data/pickup-points.ts';
import { quoteDomestic } from './sandbox-data/tariffs.ts';
import { rankByName } from './sandbox-data/text.ts';

/**
 * The shared body of the sandbox CDEK and Boxberry: the offline data set of `./sandbox-data`, seen through
 * one carrier. City codes are the shop's (CDEK's) everywhere; Boxberry keeps its own city codes in
 * the data set and answers only for the localities it serves.
 */
export function createSandboxDomesticCarrier(carrier: CarrierName, name: string): CarrierProvider {
  const served = (locality: Locality | null): Locality | null =>
    locality && (carrier === 'sdek' || locality.boxberry) ? locality : null;
  const ownLocalities = localities.filter((locality) => served(locality));
  const copy = (locality: Locality | null): CarrierCity | null =>
    locality ? structuredClone(locality.city) : null;

  return {
    name,
    carrier,
    async suggestCities(query, limit) {
      return rankByName(
        ownLocalities,
        query,
        limit,
        (locality) => locality.city.name,
        (locality) => locality.population,
      ).map((locality) => structuredClone(locality.city));
    },
    async cityByCode(code) {
      return copy(served(localityByCode(code)));
    },
    async cityByPostalCode(postalCode) {
      return copy(served(localityByPostalCode(postalCode)));
    },
    async pickupPoints(cityCode) {
      return served(localityByCode(cityCode)) ? pointsOf(carrier, cityCode) : [];
    },
    async quote({ fromCityCode, toCityCode, mode, parcel }) {
      const from = localityByCode(fromCityCode);
      const to = localityByCode(toCityCode);
      if (!from || !to) return null;
      return quoteDomestic(carrier, { from, to, mode, parcel });
    },
  };
}
