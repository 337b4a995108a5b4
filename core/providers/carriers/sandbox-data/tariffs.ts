import type { CarrierName, DeliveryMode, DeliveryQuote, Parcel } from '../carrier-provider.ts';
import type { Locality } from './localities.ts';
import { distanceKm } from './text.ts';

/**
 * The sandbox carriers' tariffs: a price for the first 500 g by distance zone from the sender's
 * locality, a step for every further 500 g started, a courier surcharge, and insurance on the
 * declared value; rounded to whole roubles. Boxberry is a tenth cheaper and a day or two slower.
 *
 * Documented refusals (null): a parcel over 30 kg; a locality the carrier does not serve; courier
 * delivery to a locality without couriers (Диксон, Тикси); pickup where the carrier has no point.
 */

/** Heaviest parcel either carrier takes, grams. */
export const MAX_WEIGHT_GRAMS = 30_000;

/** Upper bounds of the distance zones in km; zone 0 is the sender's own locality. */
export const ZONE_LIMITS_KM = [0, 150, 500, 1000, 2000, 3500, 5000, Number.POSITIVE_INFINITY] as const;

interface ZoneTariff {
  /** Roubles for the first 500 g to a pickup point. */
  base: number;
  /** Roubles for each further 500 g started. */
  step: number;
  /** Roubles more for a courier to the door. */
  door: number;
  /** Calendar days. */
  periodMin: number;
  periodMax: number;
}

// biome-ignore format: a tariff table, one zone a line
const cdekZones: readonly ZoneTariff[] = [
  { base: 220, step: 20, door: 130, periodMin: 1, periodMax: 2 },
  { base: 270, step: 25, door: 150, periodMin: 1, periodMax: 3 },
  { base: 330, step: 35, door: 170, periodMin: 2, periodMax: 4 },
  { base: 400, step: 50, door: 190, periodMin: 3, periodMax: 5 },
  { base: 490, step: 70, door: 220, periodMin: 4, periodMax: 7 },
  { base: 610, step: 95, door: 250, periodMin: 5, periodMax: 9 },
  { base: 760, step: 130, door: 290, periodMin: 7, periodMax: 12 },
  { base: 920, step: 170, door: 340, periodMin: 9, periodMax: 16 },
];

const carrierTerms: Record<
  CarrierName,
  { priceFactor: number; extraDays: [number, number]; insurance: number }
> = {
  sdek: { priceFactor: 1, extraDays: [0, 0], insurance: 0.0075 },
  boxberry: { priceFactor: 0.9, extraDays: [1, 2], insurance: 0.005 },
};

/** The distance zone between two localities (0 for the same one). */
export function distanceZone(from: Locality, to: Locality): number {
  if (from.city.code === to.city.code) return 0;
  const km = distanceKm(from.city, to.city);
  const zone = ZONE_LIMITS_KM.findIndex((limit, i) => i > 0 && km <= limit);
  return zone === -1 ? ZONE_LIMITS_KM.length - 1 : zone;
}

function serves(carrier: CarrierName, locality: Locality): { points: number; door: boolean } | null {
  return carrier === 'sdek' ? locality.cdek : locality.boxberry;
}

/** A carrier's price (kopecks, whole roubles) and term, or null when it cannot deliver that way. */
export function quoteDomestic(
  carrier: CarrierName,
  input: { from: Locality; to: Locality; mode: DeliveryMode; parcel: Parcel },
): DeliveryQuote | null {
  const { from, to, mode, parcel } = input;
  const weight = parcel.weightGrams;
  if (!Number.isFinite(weight) || weight > MAX_WEIGHT_GRAMS) return null;
  const origin = serves(carrier, from);
  const destination = serves(carrier, to);
  if (!origin || !destination) return null;
  if (mode === 'door' && !destination.door) return null;
  if (mode === 'pickup' && destination.points === 0) return null;
  if (mode !== 'door' && mode !== 'pickup') return null;

  const zone = cdekZones[distanceZone(from, to)] ?? cdekZones[cdekZones.length - 1];
  if (!zone) return null;
  const terms = carrierTerms[carrier];
  const steps = Math.max(0, Math.ceil((weight - 500) / 500));
  const value = Number.isFinite(parcel.valueKopecks) ? Math.max(0, parcel.valueKopecks) : 0;
  const roubles =
    (zone.base + steps * zone.step + (mode === 'door' ? zone.door : 0)) * terms.priceFactor +
    (value / 100) * terms.insurance;
  return {
    price: Math.round(roubles) * 100,
    periodMin: zone.periodMin + terms.extraDays[0],
    periodMax: zone.periodMax + terms.extraDays[1] + (mode === 'door' ? 1 : 0),
  };
}
