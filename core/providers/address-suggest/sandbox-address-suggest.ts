import { normalizeName } from '../carriers/sandbox-data/text.ts';
import {
  type GazetteerStreet,
  moscowSettlements,
  moscowStreets,
} from '../geocoder/sandbox-data/moscow-gazetteer.ts';
import type { AddressSuggestion, AddressSuggestProvider } from './address-suggest-provider.ts';

/** Words that name a kind of street or a part of an address, not the street itself. */
const ignored = new Set([
  'ул',
  'улица',
  'пр',
  'пр-т',
  'пр-кт',
  'просп',
  'проспект',
  'ш',
  'шоссе',
  'б-р',
  'бул',
  'бульвар',
  'пл',
  'площадь',
  'пер',
  'переулок',
  'наб',
  'набережная',
  'пр-д',
  'проезд',
  'ал',
  'аллея',
  'д',
  'дом',
  'г',
  'москва',
  'россия',
]);

/**
 * Offline suggestions from the sandbox geocoder's gazetteer of Moscow (about 180 streets): in Moscow
 * (or an empty city) and in its settlements (`Зеленоград`, `Троицк`...). Each word typed must start a
 * word of the street's name, in any order; kind words (`ул.`, `проспект`...) are skipped. A number
 * typed after the street makes a house suggestion when the street has that house; otherwise the
 * streets are offered to go on typing. Any other city has no suggestions.
 */
export function createSandboxAddressSuggest(): AddressSuggestProvider {
  return {
    name: 'sandbox',
    async suggest(query, city, limit) {
      const place = normalizeName(city.replace(/^г\.?\s+/i, ''));
      const settlement = moscowSettlements.find(
        (s) => normalizeName(s.name) === place || s.aliases.includes(place),
      );
      if (place !== '' && place !== 'москва' && place !== 'moscow' && !settlement) return [];
      const tokens = normalizeName(query.slice(0, 200))
        .split(' ')
        .filter((t) => t && !ignored.has(t));
      const house = tokens.find((t) => /^\d{1,4}[а-я]?$/.test(t)) ?? null;
      const words = tokens.filter((t) => t !== house);
      if (words.length === 0) return [];
      const matches = (street: GazetteerStreet) =>
        (settlement ? street.settlement === settlement.name : true) &&
        words.every((w) => street.words.some((sw) => sw.startsWith(w)));
      const cityName = settlement ? `Москва, ${settlement.name}` : 'Москва';
      const out: AddressSuggestion[] = [];
      for (const street of moscowStreets.filter(matches)) {
        if (out.length >= limit) break;
        const number = house ? Number.parseInt(house, 10) : null;
        if (house && number !== null && number >= 1 && number <= street.lastHouse) {
          out.push({
            value: `${street.name}, ${house}`,
            full: `${cityName}, ${street.name}, ${house}`,
            postalCode: null,
            house: true,
          });
        } else {
          out.push({
            value: `${street.name}, `,
            full: `${cityName}, ${street.name}`,
            postalCode: null,
            house: false,
          });
        }
      }
      return out;
    },
  };
}
