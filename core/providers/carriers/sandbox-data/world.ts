import type { DeliveryQuote, Parcel, WorldCity } from '../carrier-provider.ts';

/**
 * The English edition's world: cities for the city field and a DHL-Express-like zone table of
 * prices from Moscow (integrations.md §9). Prices are set in euros, as DHL's export rate cards are,
 * and converted at a fixed 100 ₽ per euro.
 *
 * Documented refusals (null): Russia itself (domestic parcels go by CDEK or Boxberry), the
 * unsupported destinations North Korea (KP), Syria (SY) and Iran (IR), a country code not in the
 * table, and a parcel over 30 kg.
 */

/** Kopecks per euro in the sandbox's conversion: 100 ₽. */
export const EUR_IN_KOPECKS = 100_00;

/** Heaviest parcel the sandbox ships abroad, grams. */
export const MAX_INTERNATIONAL_WEIGHT_GRAMS = 30_000;

interface Zone {
  /** Euros for the first 0.5 kg. */
  first: number;
  /** Euros for each further 0.5 kg up to 10 kg. */
  halfKilo: number;
  /** Euros for each further kg above 10 kg. */
  kilo: number;
  periodMin: number;
  periodMax: number;
}

// biome-ignore format: a rate card, one zone a line
const zones: Record<number, Zone> = {
  1: { first: 38, halfKilo: 6.5, kilo: 9, periodMin: 2, periodMax: 3 }, // neighbours: Belarus, Kazakhstan, the Caucasus, Central Asia
  2: { first: 45, halfKilo: 7.5, kilo: 10.5, periodMin: 2, periodMax: 4 }, // the Baltic, Finland, Central Europe
  3: { first: 52, halfKilo: 8.5, kilo: 12, periodMin: 3, periodMax: 5 }, // Western and Southern Europe
  4: { first: 58, halfKilo: 10, kilo: 14, periodMin: 3, periodMax: 6 }, // Turkey, the Middle East, North Africa
  5: { first: 66, halfKilo: 12, kilo: 17, periodMin: 4, periodMax: 7 }, // Asia
  6: { first: 72, halfKilo: 13.5, kilo: 19, periodMin: 4, periodMax: 8 }, // North America
  7: { first: 84, halfKilo: 16, kilo: 23, periodMin: 5, periodMax: 9 }, // Latin America, Africa, Oceania
  8: { first: 95, halfKilo: 19, kilo: 27, periodMin: 6, periodMax: 10 }, // remote islands
};

/**
 * ISO code → English name, zone (null: not served) and its cities, biggest first.
 */
// biome-ignore format: a data table, one country a line
const countryRows: readonly (readonly [code: string, name: string, zone: number | null, cities: string])[] = [
  ['RU', 'Russia', null, ''],
  ['KP', 'North Korea', null, 'Pyongyang'],
  ['SY', 'Syria', null, 'Damascus, Aleppo'],
  ['IR', 'Iran', null, 'Tehran, Isfahan'],
  ['BY', 'Belarus', 1, 'Minsk, Gomel, Mogilev, Vitebsk, Grodno, Brest'],
  ['KZ', 'Kazakhstan', 1, 'Almaty, Astana, Shymkent, Karaganda, Aktobe'],
  ['AM', 'Armenia', 1, 'Yerevan, Gyumri'],
  ['GE', 'Georgia', 1, 'Tbilisi, Batumi, Kutaisi'],
  ['AZ', 'Azerbaijan', 1, 'Baku, Ganja'],
  ['KG', 'Kyrgyzstan', 1, 'Bishkek, Osh'],
  ['UZ', 'Uzbekistan', 1, 'Tashkent, Samarkand, Bukhara'],
  ['TJ', 'Tajikistan', 1, 'Dushanbe'],
  ['TM', 'Turkmenistan', 1, 'Ashgabat'],
  ['MD', 'Moldova', 1, 'Chișinău'],
  ['FI', 'Finland', 2, 'Helsinki, Espoo, Tampere, Turku'],
  ['EE', 'Estonia', 2, 'Tallinn, Tartu'],
  ['LV', 'Latvia', 2, 'Riga, Daugavpils'],
  ['LT', 'Lithuania', 2, 'Vilnius, Kaunas'],
  ['PL', 'Poland', 2, 'Warsaw, Kraków, Łódź, Wrocław, Poznań, Gdańsk'],
  ['DE', 'Germany', 2, 'Berlin, Hamburg, Munich, Cologne, Frankfurt am Main, Stuttgart, Düsseldorf, Leipzig, Dresden'],
  ['CZ', 'Czechia', 2, 'Prague, Brno'],
  ['SK', 'Slovakia', 2, 'Bratislava'],
  ['HU', 'Hungary', 2, 'Budapest, Debrecen'],
  ['AT', 'Austria', 2, 'Vienna, Graz, Salzburg'],
  ['RS', 'Serbia', 2, 'Belgrade, Novi Sad'],
  ['MN', 'Mongolia', 2, 'Ulaanbaatar'],
  ['FR', 'France', 3, 'Paris, Marseille, Lyon, Toulouse, Nice, Bordeaux'],
  ['IT', 'Italy', 3, 'Rome, Milan, Naples, Turin, Bologna, Florence, Venice'],
  ['ES', 'Spain', 3, 'Madrid, Barcelona, Valencia, Seville, Málaga, Bilbao'],
  ['PT', 'Portugal', 3, 'Lisbon, Porto'],
  ['NL', 'Netherlands', 3, 'Amsterdam, Rotterdam, The Hague, Utrecht'],
  ['BE', 'Belgium', 3, 'Brussels, Antwerp'],
  ['LU', 'Luxembourg', 3, 'Luxembourg'],
  ['CH', 'Switzerland', 3, 'Zürich, Geneva, Basel, Bern'],
  ['GB', 'United Kingdom', 3, 'London, Birmingham, Manchester, Glasgow, Liverpool, Edinburgh'],
  ['IE', 'Ireland', 3, 'Dublin, Cork'],
  ['DK', 'Denmark', 3, 'Copenhagen, Aarhus'],
  ['SE', 'Sweden', 3, 'Stockholm, Gothenburg, Malmö'],
  ['NO', 'Norway', 3, 'Oslo, Bergen'],
  ['GR', 'Greece', 3, 'Athens, Thessaloniki'],
  ['CY', 'Cyprus', 3, 'Limassol, Nicosia, Larnaca'],
  ['MT', 'Malta', 3, 'Valletta'],
  ['SI', 'Slovenia', 3, 'Ljubljana'],
  ['HR', 'Croatia', 3, 'Zagreb, Split'],
  ['BG', 'Bulgaria', 3, 'Sofia, Plovdiv, Varna'],
  ['RO', 'Romania', 3, 'Bucharest, Cluj-Napoca'],
  ['ME', 'Montenegro', 3, 'Podgorica, Budva'],
  ['IS', 'Iceland', 4, 'Reykjavík'],
  ['TR', 'Turkey', 4, 'Istanbul, Ankara, Izmir, Antalya'],
  ['IL', 'Israel', 4, 'Tel Aviv, Jerusalem, Haifa'],
  ['AE', 'United Arab Emirates', 4, 'Dubai, Abu Dhabi, Sharjah'],
  ['QA', 'Qatar', 4, 'Doha'],
  ['SA', 'Saudi Arabia', 4, 'Riyadh, Jeddah'],
  ['KW', 'Kuwait', 4, 'Kuwait City'],
  ['OM', 'Oman', 4, 'Muscat'],
  ['EG', 'Egypt', 4, 'Cairo, Alexandria, Hurghada'],
  ['TN', 'Tunisia', 4, 'Tunis'],
  ['MA', 'Morocco', 4, 'Casablanca, Marrakesh'],
  ['CN', 'China', 5, 'Shanghai, Beijing, Guangzhou, Shenzhen, Chengdu'],
  ['HK', 'Hong Kong', 5, 'Hong Kong'],
  ['TW', 'Taiwan', 5, 'Taipei'],
  ['JP', 'Japan', 5, 'Tokyo, Osaka, Yokohama, Kyoto'],
  ['KR', 'South Korea', 5, 'Seoul, Busan'],
  ['IN', 'India', 5, 'Mumbai, Delhi, Bangalore, Chennai'],
  ['TH', 'Thailand', 5, 'Bangkok, Phuket'],
  ['VN', 'Vietnam', 5, 'Ho Chi Minh City, Hanoi'],
  ['SG', 'Singapore', 5, 'Singapore'],
  ['MY', 'Malaysia', 5, 'Kuala Lumpur'],
  ['ID', 'Indonesia', 5, 'Jakarta, Denpasar'],
  ['PH', 'Philippines', 5, 'Manila'],
  ['LK', 'Sri Lanka', 5, 'Colombo'],
  ['US', 'United States', 6, 'New York, Los Angeles, Chicago, Houston, Miami, San Francisco, Seattle, Boston, Washington, Las Vegas'],
  ['CA', 'Canada', 6, 'Toronto, Montreal, Vancouver, Calgary, Ottawa'],
  ['MX', 'Mexico', 7, 'Mexico City, Guadalajara, Cancún'],
  ['BR', 'Brazil', 7, 'São Paulo, Rio de Janeiro, Brasília'],
  ['AR', 'Argentina', 7, 'Buenos Aires'],
  ['CL', 'Chile', 7, 'Santiago'],
  ['CO', 'Colombia', 7, 'Bogotá'],
  ['PE', 'Peru', 7, 'Lima'],
  ['UY', 'Uruguay', 7, 'Montevideo'],
  ['ZA', 'South Africa', 7, 'Johannesburg, Cape Town'],
  ['KE', 'Kenya', 7, 'Nairobi'],
  ['NG', 'Nigeria', 7, 'Lagos'],
  ['AU', 'Australia', 7, 'Sydney, Melbourne, Brisbane, Perth'],
  ['NZ', 'New Zealand', 7, 'Auckland, Wellington'],
  ['MV', 'Maldives', 8, 'Malé'],
  ['MU', 'Mauritius', 8, 'Port Louis'],
  ['SC', 'Seychelles', 8, 'Victoria'],
  ['FJ', 'Fiji', 8, 'Suva'],
];

export interface Country {
  code: string;
  name: string;
  zone: number | null;
}

export const countries: ReadonlyMap<string, Country> = new Map(
  countryRows.map(([code, name, zone]) => [code, { code, name, zone }]),
);

/** A world city with its rank in its country (0 = biggest) and the country's position, for ordering. */
export interface RankedWorldCity extends WorldCity {
  importance: number;
}

export const worldCities: readonly RankedWorldCity[] = countryRows.flatMap(
  ([countryCode, country, , cities]) =>
    cities
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name, rank) => ({ name, country, countryCode, importance: -rank })),
);

/** The DHL-like price (kopecks, whole roubles) and term from Moscow, or null when not served. */
export function quoteInternational(countryCode: string, parcel: Parcel): DeliveryQuote | null {
  const code = typeof countryCode === 'string' ? countryCode.trim().toUpperCase() : '';
  const zoneNumber = countries.get(code)?.zone;
  const zone = zoneNumber ? zones[zoneNumber] : undefined;
  const weight = parcel.weightGrams;
  if (!zone || !Number.isFinite(weight) || weight > MAX_INTERNATIONAL_WEIGHT_GRAMS) return null;
  const halves = Math.max(0, Math.ceil((Math.min(weight, 10_000) - 500) / 500));
  const kilos = Math.max(0, Math.ceil((weight - 10_000) / 1000));
  const euros = zone.first + halves * zone.halfKilo + kilos * zone.kilo;
  return {
    price: Math.round((euros * EUR_IN_KOPECKS) / 100) * 100,
    periodMin: zone.periodMin,
    periodMax: zone.periodMax,
  };
}
