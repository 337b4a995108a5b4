import { isIP } from 'node:net';
import { type Locality, localities } from '../carriers/sandbox-data/localities.ts';
import { normalizeName } from '../carriers/sandbox-data/text.ts';
import type { GeocodedAddress, GeocoderProvider } from './geocoder-provider.ts';
import {
  type GazetteerSettlement,
  type GazetteerStreet,
  moscowSettlements,
  moscowStreets,
  pointOnStreet,
  type StreetKind,
} from './sandbox-data/moscow-gazetteer.ts';

/**
 * Offline geocoder (integrations.md §8) over a gazetteer of Moscow (`./sandbox-data/moscow-gazetteer.ts`).
 *
 * `geocode(address, locality)`:
 * - Locality `Москва` (also `г. Москва`, `Moscow`, or empty): the address is matched against about
 *   180 streets, squares and avenues and 16 settlements and outer districts. Matching ignores case,
 *   `ё`/`е`, punctuation and word order, and reads `ул.`/`улица`, `пр-т`/`пр-кт`/`просп.`/`проспект`,
 *   `ш.`/`шоссе`, `б-р`/`бул.`/`бульвар`, `пл.`, `пер.`, `наб.`, `пр-д`; `Москва`, `Россия`, `г.`,
 *   a six-digit postal code and flat, office, entrance and floor numbers are skipped.
 *   - A street with a house number (`7`, `д. 7`, `7а`, `12/2`, `7к2`, `7 корп. 2`, `7 стр 1`, `7с1`)
 *     up to the street's last house → precision `house`, the point moved along the street by the
 *     number (odd numbers on the left of the way out of the centre), a little more by corpus and
 *     building. `Тверская улица, 7` → about 55.7613, 37.6091, inside the MKAD.
 *   - A street alone, or a house number beyond the street's last → its middle, precision `street`.
 *   - A settlement or outer district alone (`Зеленоград, корп. 1106`, `Коммунарка`, `Троицк`,
 *     `Щербинка`, `Внуково`, `Московский`, `Солнцево`, `Южное Бутово`, `Митино`, `Новокосино`...)
 *     → its centre, precision `street` (the interface has no district level; enough for the MKAD
 *     test). A street of that settlement, when named with it, is found as any street.
 *   - Nothing recognisable (`Химки, ул. Ленина, 1`, `asdf`, an empty address) → null.
 * - Locality that is itself a Moscow settlement (`Зеленоград`, `Троицк`...): its streets as above;
 *   anything else non-empty → its centre, precision `locality`.
 * - Any other locality of the carriers' data (`Санкт-Петербург`, `Королёв`...) and a non-empty
 *   address → the locality's centre, precision `locality`, its main postal code.
 * - An unknown locality → null.
 *
 * `locateIp(ip)`, with the RFC 5737 / RFC 3849 documentation ranges for tests:
 * `203.0.113.0/24` → Санкт-Петербург, `192.0.2.0/24` → Казань, `2001:db8::/32` → Новосибирск,
 * `198.51.100.0/24` → null (no guess); any other valid address, private and loopback ones
 * included → Москва; a string that is not an IP address → null.
 */
export function createSandboxGeocoder(): GeocoderProvider {
  return {
    name: 'sandbox',
    async geocode(address, locality) {
      if (typeof address !== 'string' || typeof locality !== 'string') return null;
      return geocodeAddress(address.slice(0, 500), locality.slice(0, 200));
    },
    async locateIp(ip) {
      return locateIp(typeof ip === 'string' ? ip.trim() : '');
    },
  };
}

const kindAliases: Record<string, StreetKind> = {
  ул: 'улица',
  улица: 'улица',
  пр: 'проспект',
  'пр-т': 'проспект',
  'пр-кт': 'проспект',
  просп: 'проспект',
  проспект: 'проспект',
  ш: 'шоссе',
  шоссе: 'шоссе',
  'б-р': 'бульвар',
  бул: 'бульвар',
  бульв: 'бульвар',
  бульвар: 'бульвар',
  пл: 'площадь',
  площадь: 'площадь',
  пер: 'переулок',
  переулок: 'переулок',
  наб: 'набережная',
  набережная: 'набережная',
  'пр-д': 'проезд',
  проезд: 'проезд',
  ал: 'аллея',
  аллея: 'аллея',
};

/** Words that say nothing about the place. */
const noise = new Set([
  'россия',
  'рф',
  'москва',
  'moscow',
  'г',
  'город',
  'мкр',
  'микрорайон',
  'район',
  'р-н',
  'пос',
  'поселок',
  'п',
  'поселение',
  'дер',
  'деревня',
  'аэропорт',
]);
const houseMarkers = new Set(['д', 'дом', 'вл', 'владение']);
const corpusMarkers = new Set(['к', 'корп', 'корпус']);
const buildingMarkers = new Set(['с', 'стр', 'строение']);
/** Numbers after these are not the house's. */
const skipMarkers = new Set([
  'кв',
  'квартира',
  'оф',
  'офис',
  'под',
  'подъезд',
  'эт',
  'этаж',
  'пом',
  'помещение',
]);

const houseRe = /^(\d{1,4})([а-я])?(?:\/(\d{1,4}[а-я]?))?(?:к(\d{1,4}))?(?:(?:с|стр)(\d{1,3}))?$/;

interface House {
  number: number;
  letter: string;
  fraction: string;
  corpus: number | null;
  building: number | null;
}

interface ParsedAddress {
  /** Place words: everything but numbers, kinds and noise; hyphenated words also split. */
  words: string[];
  kinds: Set<StreetKind>;
  /** Words right before or after a street kind: `Московский` in `Московский проспект` is no settlement. */
  besideKind: Set<string>;
  house: House | null;
}

/** Ordinals such as `1-я` stay whole; other hyphenated words are also read as their parts. */
function splitWord(word: string): string[] {
  return /^\d+-[а-я]{1,2}$/.test(word) ? [word] : word.split('-').filter(Boolean);
}

function parseAddress(address: string): ParsedAddress {
  const tokens = address
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[\s,.;:()"'«»№#]+/)
    .filter(Boolean);
  const words: string[] = [];
  const kinds = new Set<StreetKind>();
  const besideKind = new Set<string>();
  let house: House | null = null;
  let expect: 'house' | 'corpus' | 'building' | 'skip' | null = null;

  tokens.forEach((token, i) => {
    if (kindAliases[token]) {
      for (const near of [tokens[i - 1], tokens[i + 1]]) if (near) besideKind.add(near);
    }
  });
  for (const token of tokens) {
    const kind = kindAliases[token];
    if (kind) {
      kinds.add(kind);
      expect = null;
      continue;
    }
    if (houseMarkers.has(token)) {
      expect = 'house';
      continue;
    }
    if (corpusMarkers.has(token)) {
      expect = 'corpus';
      continue;
    }
    if (buildingMarkers.has(token)) {
      expect = 'building';
      continue;
    }
    if (skipMarkers.has(token)) {
      expect = 'skip';
      continue;
    }
    if (/^\d{5,}$/.test(token)) {
      expect = null;
      continue;
    }
    const number = houseRe.exec(token);
    if (number) {
      const value = Number(number[1]);
      if (expect === 'corpus' && house) house.corpus = value;
      else if (expect === 'building' && house) house.building = value;
      else if (expect !== 'skip' && !house && (expect === 'house' || value > 0)) {
        house = {
          number: value,
          letter: number[2] ?? '',
          fraction: number[3] ?? '',
          corpus: number[4] ? Number(number[4]) : null,
          building: number[5] ? Number(number[5]) : null,
        };
      }
      expect = null;
      continue;
    }
    expect = null;
    if (noise.has(token)) continue;
    words.push(...splitWord(token));
  }
  return { words, kinds, besideKind, house };
}

function settlementWords(settlement: GazetteerSettlement): string[][] {
  return [settlement.name, ...settlement.aliases].map((name) => normalizeName(name).split(/[\s-]+/));
}

/** The named settlement with the most words, when the address names one. */
function findSettlement(parsed: ParsedAddress): GazetteerSettlement | null {
  const words = new Set(parsed.words);
  let best: { settlement: GazetteerSettlement; size: number } | null = null;
  for (const settlement of moscowSettlements) {
    for (const names of settlementWords(settlement)) {
      const [only] = names;
      if (names.length === 1 && only && parsed.besideKind.has(only)) continue;
      if (names.every((word) => words.has(word)) && (!best || names.length > best.size)) {
        best = { settlement, size: names.length };
      }
    }
  }
  return best?.settlement ?? null;
}

/** The street whose name words are all in the address: most words first, then a matching kind. */
function findStreet(parsed: ParsedAddress, settlement: GazetteerSettlement | null): GazetteerStreet | null {
  const words = new Set(parsed.words);
  let best: { street: GazetteerStreet; score: number } | null = null;
  for (const street of moscowStreets) {
    if (settlement && street.settlement !== settlement.name) continue;
    if (!street.words.every((word) => words.has(word))) continue;
    const kindScore = parsed.kinds.has(street.kind) ? 5 : parsed.kinds.size > 0 ? -3 : 0;
    const score = street.words.length * 10 + kindScore;
    if (!best || score > best.score) best = { street, score };
  }
  return best?.street ?? null;
}

function houseText(house: House): string {
  const fraction = house.fraction ? `/${house.fraction}` : '';
  const corpus = house.corpus !== null ? `к${house.corpus}` : '';
  const building = house.building !== null ? `с${house.building}` : '';
  return `${house.number}${house.letter}${fraction}${corpus}${building}`;
}

function locateOnStreet(street: GazetteerStreet, house: House | null): GeocodedAddress {
  const place = ['Россия', 'Москва', street.settlement, street.name].filter(Boolean).join(', ');
  if (!house || house.number < 1 || house.number > street.lastHouse) {
    return { ...pointOnStreet(street, 0.5), text: place, precision: 'street', postalCode: null };
  }
  const fraction = street.lastHouse > 1 ? (house.number - 1) / (street.lastHouse - 1) : 0.5;
  const side = (house.number % 2 === 1 ? -1 : 1) * (15 + (house.building ?? 0) * 8);
  const along = (house.corpus ?? 0) * 12 + (house.letter ? 5 : 0);
  return {
    ...pointOnStreet(street, fraction, side, along),
    text: `${place}, ${houseText(house)}`,
    precision: 'house',
    postalCode: null,
  };
}

function settlementCentre(
  settlement: GazetteerSettlement,
  precision: 'street' | 'locality',
): GeocodedAddress {
  const own = ownLocality(settlement.name);
  return {
    latitude: settlement.latitude,
    longitude: settlement.longitude,
    text: `Россия, Москва, ${settlement.name}`,
    precision,
    postalCode: own?.city.postalCodes[0] ?? null,
  };
}

function ownLocality(name: string): Locality | null {
  const wanted = normalizeName(name);
  return localities.find((locality) => normalizeName(locality.city.name) === wanted) ?? null;
}

function cleanLocality(locality: string): string {
  return normalizeName(locality)
    .split(' ')
    .filter((word) => word !== 'г' && word !== 'город' && word !== 'россия')
    .join(' ');
}

function geocodeAddress(address: string, locality: string): GeocodedAddress | null {
  const place = cleanLocality(locality);
  const parsed = parseAddress(address);
  if (place === '' || place === 'москва' || place === 'moscow') {
    const settlement = findSettlement(parsed);
    const street = findStreet(parsed, settlement);
    if (street) return locateOnStreet(street, parsed.house);
    return settlement ? settlementCentre(settlement, 'street') : null;
  }
  const hasAddress = normalizeName(address) !== '';
  const settlement = moscowSettlements.find((s) => normalizeName(s.name) === place);
  if (settlement) {
    const street = findStreet(parsed, settlement);
    if (street) return locateOnStreet(street, parsed.house);
    return hasAddress ? settlementCentre(settlement, 'locality') : null;
  }
  const city = ownLocality(place);
  if (!city || !hasAddress) return null;
  return {
    latitude: city.city.latitude,
    longitude: city.city.longitude,
    text: ['Россия', city.regionName, city.city.name].filter(Boolean).join(', '),
    precision: 'locality',
    postalCode: city.city.postalCodes[0] ?? null,
  };
}

function ipv4Octets(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function locateIp(raw: string): { city: string } | null {
  // Node reports IPv4 clients of a dual-stack socket as `::ffff:203.0.113.5`.
  const ip = raw.replace(/^::ffff:/i, '');
  const version = isIP(ip);
  if (version === 0) return null;
  if (version === 4) {
    const [a, b, c] = ipv4Octets(ip) ?? [];
    if (a === 203 && b === 0 && c === 113) return { city: 'Санкт-Петербург' };
    if (a === 192 && b === 0 && c === 2) return { city: 'Казань' };
    if (a === 198 && b === 51 && c === 100) return null;
    return { city: 'Москва' };
  }
  if (/^2001:0?db8(:|$)/i.test(ip)) return { city: 'Новосибирск' };
  return { city: 'Москва' };
}
