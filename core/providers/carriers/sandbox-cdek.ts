import type { CarrierProvider } from './carrier-provider.ts';
import { createSandboxDomesticCarrier } from './sandbox-domestic.ts';

/**
 * Offline CDEK (integrations.md §1): about 160 Russian localities, generated pickup points (Moscow
 * has 280) and a zone tariff from the sender city. Inputs that refuse, for tests:
 * - `quote` to Диксон (city code 1487): null for both modes — no courier and no point there;
 * - `quote` to Тикси (1489) by courier: null (pickup works);
 * - `quote` of a parcel over 30 000 g: null;
 * - an unknown city code: `cityByCode` null, `pickupPoints` [], `quote` null.
 */
export function createSandboxCdek(): CarrierProvider {
  return createSandboxDomesticCarrier('sdek', 'sandbox-cdek');
}
