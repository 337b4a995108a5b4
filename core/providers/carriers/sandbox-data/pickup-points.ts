import {
  type GazetteerStreet,
  moscowSettlements,
  moscowStreets,
  pointOnStreet,
  streetLength,
} from '../../geocoder/sandbox-data/moscow-gazetteer.ts';
import type { CarrierName, PickupPoint } from '../carrier-provider.ts';
import { type Locality, localities } from './localities.ts';
import { nearestMetro } from './metro.ts';
import { type Random, seededRandom } from './random.ts';
import { commonStreets, streetsByCity } from './street-names.ts';
import { offsetPoint } from './text.ts';

/**
 * The sandbox carriers' pickup points, generated once at module load from fixed seeds: the same
 * codes, addresses and coordinates on every run. Moscow's points stand on the gazetteer's streets
 * (mostly inside the ring road, some beyond it); elsewhere they are spread around the centre within
 * a radius that grows with the population (`spreadRadiusKm`), never into the sea of the coastal
 * cities listed in `waterSectors`.
 */

const MOSCOW = 44;

/** The radius around a locality's centre that its points are spread over. */
export function spreadRadiusKm(locality: Locality): number {
  if (locality.city.code === MOSCOW) return 30;
  return Math.min(14, 1.5 + Math.sqrt(locality.population) * 0.28);
}

/** Bearings (degrees clockwise from north) where a coastal city has water, and how far points may go there. */
const waterSectors: ReadonlyMap<
  number,
  readonly (readonly [from: number, to: number, maxFraction: number])[]
> = new Map([
  [137, [[235, 300, 0.3]]], // Saint Petersburg: the Gulf of Finland
  [288, [[90, 280, 0.2]]], // Vladivostok: the bays south of the peninsula
  [1034, [[150, 300, 0.1]]], // Sochi: the Black Sea
  [1035, [[150, 260, 0.2]]], // Novorossiysk: Tsemes Bay
  [1036, [[200, 330, 0.2]]], // Anapa
  [1037, [[150, 300, 0.2]]], // Gelendzhik
  [1046, [[30, 150, 0.1]]], // Makhachkala: the Caspian
  [168, [[225, 315, 0.2]]], // Murmansk: the Kola Bay
  [293, [[180, 290, 0.2]]], // Petropavlovsk-Kamchatsky: Avacha Bay
  [294, [[100, 260, 0.2]]], // Magadan: Nagaev Bay
  [302, [[120, 260, 0.2]]], // Nakhodka
  [439, [[100, 280, 0.2]]], // Taganrog: the Sea of Azov
  [170, [[30, 150, 0.2]]], // Petrozavodsk: Lake Onega
  [445, [[300, 360, 0.2]]], // Severodvinsk: the White Sea
]);

// biome-ignore format: word lists
const pvzHours = ['пн-пт 10:00-21:00, сб-вс 10:00-18:00', 'пн-вс 09:00-21:00', 'пн-сб 10:00-20:00, вс 10:00-18:00',
  'пн-пт 09:00-20:00, сб 10:00-16:00', 'ежедневно 10:00-22:00', 'пн-пт 11:00-20:00, сб 11:00-17:00'];
// biome-ignore format: word lists
const lockerHours = ['пн-вс 00:00-24:00', 'пн-вс 00:00-24:00', 'пн-вс 10:00-22:00', 'пн-вс 08:00-23:00'];
// biome-ignore format: word lists
const pvzNotes = ['Вход со двора', 'Вход с торца здания', 'В торговом центре, 1 этаж', 'Цокольный этаж, вход по вывеске',
  'Рядом с продуктовым магазином', 'Второй этаж, лестница слева от входа', 'Отдельный вход с улицы',
  'Есть примерочная', 'Вход через арку, вторая дверь'];
// biome-ignore format: word lists
const lockerNotes = ['Постамат в холле торгового центра', 'У входа в супермаркет', 'В вестибюле бизнес-центра',
  'На первом этаже у банкоматов'];

const brand: Record<CarrierName, string> = { sdek: 'СДЭК', boxberry: 'Boxberry' };

/** `+7 (495) 123-45-67`, `+7 (3812) 12-34-56`, `+7 (42722) 2-34-56`: ten digits after +7. */
function phone(random: Random, areaCode: string): string {
  const digits = Array.from({ length: 10 - areaCode.length }, (_, i) =>
    i === 0 ? random.int(2, 9) : random.int(0, 9),
  );
  const local = digits.join('');
  const tail = `${local.slice(-4, -2)}-${local.slice(-2)}`;
  return `+7 (${areaCode}) ${local.slice(0, -4)}-${tail}`;
}

function houseNumber(random: Random, max: number): { number: number; text: string } {
  const number = 1 + Math.floor(random.next() ** 2 * max);
  const roll = random.next();
  const suffix =
    roll < 0.1
      ? `к${random.int(1, 3)}`
      : roll < 0.15
        ? random.pick(['а', 'б'])
        : roll < 0.2
          ? ', стр. 1'
          : '';
  return { number, text: `${number}${suffix}` };
}

function inSector(bearing: number, from: number, to: number): boolean {
  return from <= to ? bearing >= from && bearing <= to : bearing >= from || bearing <= to;
}

interface Placement {
  street: string;
  house: string;
  latitude: number;
  longitude: number;
}

/** A spot on a weighted-random Moscow street; the house number decides where along it. */
function moscowPlacement(
  random: Random,
  streets: readonly GazetteerStreet[],
  weights: number[],
  total: number,
) {
  let target = random.next() * total;
  let street = streets[0] as GazetteerStreet;
  for (let i = 0; i < streets.length; i++) {
    target -= weights[i] ?? 0;
    if (target <= 0) {
      street = streets[i] as GazetteerStreet;
      break;
    }
  }
  const number = random.int(1, street.lastHouse);
  const fraction = street.lastHouse > 1 ? (number - 1) / (street.lastHouse - 1) : 0.5;
  // Moscow numbers odd houses on the left of the way out of the centre.
  const side = (number % 2 === 1 ? -1 : 1) * random.int(20, 60);
  const point = pointOnStreet(street, fraction, side);
  const suffix = random.chance(0.12) ? `к${random.int(1, 3)}` : random.chance(0.08) ? 'с1' : '';
  return { street: street.short, house: `${number}${suffix}`, ...point };
}

function spreadPlacement(random: Random, locality: Locality, streets: readonly string[]): Placement {
  const radius = spreadRadiusKm(locality);
  const bearing = random.next() * 360;
  let km = radius * random.next() ** 0.8;
  for (const [from, to, maxFraction] of waterSectors.get(locality.city.code) ?? []) {
    if (inSector(bearing, from, to)) km *= maxFraction;
  }
  const point = offsetPoint(locality.city, km, bearing);
  const house = houseNumber(random, locality.population > 200 ? 150 : 60);
  return { street: random.pick(streets), house: house.text, ...point };
}

function uniqueNumber(random: Random, used: Set<number>, min: number, max: number): number {
  for (;;) {
    const value = random.int(min, max);
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

function generate(): Record<CarrierName, Map<number, PickupPoint[]>> {
  const result: Record<CarrierName, Map<number, PickupPoint[]>> = { sdek: new Map(), boxberry: new Map() };
  // Zelenograd and Troitsk are localities of their own, with their own points.
  const ownLocalities = new Set(moscowSettlements.filter((s) => s.ownLocality).map((s) => s.name));
  const moscowProper = moscowStreets.filter((street) => !ownLocalities.has(street.settlement ?? ''));
  const weights = moscowProper.map((street) => Math.max(150, streetLength(street)) ** 0.7);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const boxberryNumbers = new Map<string, Set<number>>();

  for (const locality of localities) {
    const { city } = locality;
    for (const carrier of ['sdek', 'boxberry'] as const) {
      const count = carrier === 'sdek' ? locality.cdek.points : (locality.boxberry?.points ?? 0);
      const random = seededRandom(`${carrier}:${city.code}`);
      const streets = streetsByCity.get(city.code) ?? commonStreets;
      const big = locality.population >= 250;
      const cdekNumbers = new Set<number>();
      const regionNumbers = boxberryNumbers.get(locality.regionNumber) ?? new Set<number>();
      boxberryNumbers.set(locality.regionNumber, regionNumbers);
      const points: PickupPoint[] = [];
      for (let i = 0; i < count; i++) {
        const placement =
          city.code === MOSCOW
            ? moscowPlacement(random, moscowProper, weights, totalWeight)
            : spreadPlacement(random, locality, streets);
        const locker = random.chance(carrier === 'sdek' ? (big ? 0.15 : 0.05) : 0.1);
        const code =
          carrier === 'sdek'
            ? `${locality.cdek.prefix}${uniqueNumber(random, cdekNumbers, 1, count > 100 ? 9999 : 999)}`
            : `${locality.regionNumber}${uniqueNumber(random, regionNumbers, 100, 999)}`;
        const address = `${placement.street}, ${placement.house}`;
        const postalCode = random.pick(city.postalCodes);
        const areaCode = city.code === MOSCOW ? random.pick(['495', '499']) : locality.phoneCode;
        const place = [locality.regionName, city.name].filter(Boolean).join(', ');
        const position = { latitude: placement.latitude, longitude: placement.longitude };
        points.push({
          code,
          carrier,
          name: `${locker ? 'Постамат' : 'Пункт выдачи'} ${brand[carrier]} — ${placement.street}`,
          type: locker ? 'POSTAMAT' : 'PVZ',
          location: {
            address,
            addressFull: `${postalCode}, Россия, ${place}, ${address}`,
            city: city.name,
            cityCode: city.code,
            countryCode: 'RU',
            postalCode,
            ...position,
          },
          workTime: random.pick(locker ? lockerHours : pvzHours),
          phones: locker ? [] : [{ number: phone(random, areaCode) }],
          nearestMetro: nearestMetro(city.code, position),
          note: random.chance(0.5) ? random.pick(locker ? lockerNotes : pvzNotes) : null,
        });
      }
      result[carrier].set(city.code, points);
    }
  }
  return result;
}

const generated = generate();

/** A carrier's points in a locality (the shop's city code), a fresh copy the caller may change. */
export function pointsOf(carrier: CarrierName, cityCode: number): PickupPoint[] {
  return structuredClone(generated[carrier].get(cityCode) ?? []);
}

/** Every generated point of a carrier, for tests and tools. */
export function allPoints(carrier: CarrierName): PickupPoint[] {
  return [...generated[carrier].values()].flat();
}
