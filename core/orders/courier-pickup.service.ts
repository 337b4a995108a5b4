import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { SENDER_CITY_ID } from '../delivery/delivery.rules.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { BookedPickup } from '../providers/carriers/carrier-provider.ts';
import type { Providers } from '../providers/index.ts';
import { staffMessage } from '../staff-messages.ts';
import type { CourierPickupInput } from './shipments.schemas.ts';
import { carrierRefusal } from './shipments.service.ts';

/**
 * A CDEK courier booked to collect the day's parcels from the shop (docs/product/shipping-desk.md):
 * the day and window staff choose, the shop's address and phone from its contacts unless staff
 * give others, the parcels and their weight; the booking is audited with CDEK's number.
 */
export function createCourierPickupService({
  db,
  providers,
  settings,
  audit,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  audit: AuditService;
}) {
  async function book(input: CourierPickupInput, actor: Actor, locale: Locale): Promise<BookedPickup> {
    const cdek = providers.carriers.sdek;
    if (!cdek.bookPickup) throw new AppError('conflict', staffMessage('pickup.unsupported', locale));
    const contacts = (await settings.getShopSettings()).contacts;
    const request = {
      date: input.date,
      from: input.from,
      to: input.to,
      cityCode: SENDER_CITY_ID,
      address: input.address || contacts.address.ru,
      contact: { name: input.contactName, phone: input.phone || contacts.phone },
      parcels: input.parcels,
      weightGrams: Math.round(input.weightKg * 1000),
      comment: input.comment,
    };
    let booked: BookedPickup;
    try {
      booked = await cdek.bookPickup(request);
    } catch (error) {
      throw carrierRefusal(error, 'sdek', locale, 'pickup');
    }
    await audit.record(db, actor, {
      action: 'carrier.pickup',
      entityType: 'carrier',
      entityId: 'sdek',
      after: { ...request, number: booked.number },
    });
    return booked;
  }

  return { book };
}
