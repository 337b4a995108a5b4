import { useId } from 'react';
import { useT } from '../../i18n/index.ts';
import type { SavedAddress } from '../../lib/account.ts';
import type { CheckoutState } from './checkout-state.ts';

/** The city code of Moscow in the carriers' directory. */
export const MOSCOW_CITY_ID = 44;

/** The saved address the form currently holds, if it still matches one. */
export function savedChosen(state: CheckoutState, addresses: SavedAddress[]): SavedAddress | null {
  const { form } = state;
  return (
    addresses.find(
      (a) => a.cityID === form.city?.code && streetLine(a) === form.address && a.room === form.room,
    ) ?? null
  );
}

function streetLine(a: SavedAddress): string {
  return [
    a.street,
    a.house && `д. ${a.house}`,
    a.entrance && `под. ${a.entrance}`,
    a.floor && `эт. ${a.floor}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * A signed-in shopper's saved addresses (checkout.md §1, §5): choosing one fills the city, address and
 * apartment; 'Другой адрес' leaves the fields to type. A saved city unknown to the carrier reads
 * 'Город не определен'.
 */
export function SavedAddressPicker({
  state,
  addresses,
  withCity,
  onChoose,
}: {
  state: CheckoutState;
  addresses: SavedAddress[];
  withCity: boolean;
  onChoose?(address: SavedAddress | null): void;
}) {
  const t = useT();
  const id = useId();
  if (addresses.length === 0) return null;
  const { form, update } = state;
  const current = addresses.find(
    (a) =>
      streetLine(a) === form.address && a.room === form.room && (!withCity || a.cityID === form.city?.code),
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('checkout.savedAddress')}
      </label>
      <select
        id={id}
        className="field__input field__select--wide"
        value={current ? String(current.id) : ''}
        onChange={(e) => {
          const chosen = addresses.find((a) => String(a.id) === e.target.value) ?? null;
          onChoose?.(chosen);
          if (!chosen) {
            update({ address: '', room: '' });
            return;
          }
          update({
            address: streetLine(chosen),
            room: chosen.room,
            ...(withCity
              ? {
                  city: { code: chosen.cityID, name: chosen.city, countryCode: 'RU' },
                  cityText: chosen.city,
                }
              : {}),
          });
        }}
      >
        <option value="">{t('checkout.newAddress')}</option>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {[a.city || t('checkout.cityUnknown'), streetLine(a), a.room && `кв. ${a.room}`]
              .filter(Boolean)
              .join(', ')}
          </option>
        ))}
      </select>
    </div>
  );
}
