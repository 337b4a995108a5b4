import type { CarrierProvider } from './carrier-provider.ts';
import { createSandboxDomesticCarrier } from './sandbox-domestic.ts';

/**
 * Offline Boxberry (integrations.md §2): the localities it serves among the CDEK data set (Moscow
 * has 130 points), about a tenth cheaper than CDEK and a day or two slower. Inputs that refuse:
 * - Анадырь (295), Магадан (294), Норильск (283), Диксон (1487) and a few more far places: not
 *   served at all (`cityByCode` null, `quote` null, no points);
 * - Истра (1178) and Лобня (1163): courier only, so a pickup `quote` is null;
 * - a parcel over 30 000 g: null.
 */
export function createSandboxBoxberry(): CarrierProvider {
  return createSandboxDomesticCarrier('boxberry', 'sandbox-boxberry');
}
