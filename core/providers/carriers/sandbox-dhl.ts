import type { InternationalCarrierProvider } from './carrier-provider.ts';
import { rankByName } from './sandbox-data/text.ts';
import { quoteInternational, worldCities } from './sandbox-data/world.ts';
import { sandboxShipping } from './sandbox-domestic.ts';

/**
 * Offline DHL Express (integrations.md §9): world cities for the English edition's city field and
 * a zone rate card from Moscow. `quote` answers null for Russia (`RU`), North Korea (`KP`), Syria
 * (`SY`), Iran (`IR`), an unknown country code and a parcel over 30 000 g. The city and postal code
 * do not change the price.
 */
export function createSandboxDhl(): InternationalCarrierProvider {
  return {
    name: 'sandbox-dhl',
    async suggestCities(query, limit) {
      return rankByName(
        worldCities,
        query,
        limit,
        (city) => city.name,
        (city) => city.importance,
      ).map(({ name, country, countryCode }) => ({ name, country, countryCode }));
    },
    async quote({ countryCode, parcel }) {
      return quoteInternational(countryCode, parcel);
    },
    ...sandboxShipping('dhl'),
  };
}
