import { describe, expect, it } from 'vitest';
import type { GetWay } from '../delivery/delivery.rules.ts';
import {
  emptyGuestForm,
  type GuestForm,
  isEmail,
  isFullName,
  isGuestFormValid,
  isPhoneComplete,
  missingAddressFields,
  missingContactFields,
  stepReducer,
  stepValidity,
} from './checkout.rules.ts';

const ctx = { earliestDate: '2026-11-24', latestDate: '2026-12-24' };
const contact: Partial<GuestForm> = {
  fullName: 'Иванова Анна',
  phone: '79991234567',
  phoneMask: '+7(###)###-##-##',
  email: 'anna@example.ru',
};
const form = (patch: Partial<GuestForm>): GuestForm => ({ ...emptyGuestForm, ...contact, ...patch });

describe('stepReducer', () => {
  it('runs 0 to 3: next adds one, previous never below 0, reset to 0', () => {
    expect(stepReducer(0, { type: 'next' })).toBe(1);
    expect(stepReducer(3, { type: 'next' })).toBe(3);
    expect(stepReducer(0, { type: 'previous' })).toBe(0);
    expect(stepReducer(2, { type: 'previous' })).toBe(1);
    expect(stepReducer(3, { type: 'reset' })).toBe(0);
    expect(stepReducer(3, { type: 'go', step: 1 })).toBe(1);
    expect(stepReducer(1, { type: 'go', step: 3 })).toBe(1);
  });
});

describe('field rules', () => {
  it('needs a last and a first name', () => {
    expect(isFullName('Анна')).toBe(false);
    expect(isFullName('  Иванова   Анна ')).toBe(true);
    expect(isFullName("O'Brien Mary-Jane")).toBe(true);
    expect(isFullName('Иванова 123')).toBe(false);
  });

  it('needs every digit of the mask', () => {
    expect(isPhoneComplete('79991234567', '+7(###)###-##-##')).toBe(true);
    expect(isPhoneComplete('7999123456', '+7(###)###-##-##')).toBe(false);
    expect(isPhoneComplete('12125551234', '+1(###)###-####')).toBe(true);
    expect(isPhoneComplete('7999123456a', '+7(###)###-##-##')).toBe(false);
  });

  it('checks the e-mail format', () => {
    expect(isEmail('anna@example.ru')).toBe(true);
    expect(isEmail('anna@example')).toBe(false);
    expect(isEmail('anna example.ru')).toBe(false);
    expect(isEmail('@example.ru')).toBe(false);
  });
});

describe('guest form validity per method (checkout.md §5, DECISIONS 10)', () => {
  it('pickup needs a point, name, email and phone', () => {
    expect(missingAddressFields('self-sdek', form({}), ctx)).toEqual(['pvz']);
    expect(isGuestFormValid('self-boxberry', form({ pvzCode: '77123' }), ctx)).toBe(true);
    expect(isGuestFormValid('self-sdek', form({ pvzCode: 'MSK1', email: 'x' }), ctx)).toBe(false);
  });

  it('courier needs the confirmed city and an address; the apartment is optional', () => {
    const city = { code: 137, name: 'Санкт-Петербург', countryCode: 'RU' };
    expect(missingAddressFields('delivery-sdek', form({}), ctx)).toEqual(['city', 'address']);
    expect(
      isGuestFormValid(
        'delivery-sdek',
        form({ city, cityText: 'Санкт-Петербург', address: 'Невский, 1' }),
        ctx,
      ),
    ).toBe(true);
    // The text no longer matches the chosen suggestion.
    expect(
      missingAddressFields(
        'delivery-sdek',
        form({ city, cityText: 'Санкт-Петер', address: 'Невский, 1' }),
        ctx,
      ),
    ).toEqual(['city']);
  });

  it('Moscow needs address, apartment, a date from tomorrow and a slot', () => {
    const ok = form({ address: 'Тверская, 7', room: '12', date: '2026-11-24', time: '12:00-14:00' });
    expect(isGuestFormValid('moscow', ok, ctx)).toBe(true);
    expect(isGuestFormValid('moscow-try', ok, ctx)).toBe(true);
    expect(missingAddressFields('moscow', { ...ok, room: ' ' }, ctx)).toEqual(['room']);
    expect(missingAddressFields('moscow', { ...ok, date: '2026-11-23' }, ctx)).toEqual(['date']);
    expect(missingAddressFields('moscow', { ...ok, date: '2026-13-01' }, ctx)).toEqual(['date']);
    expect(missingAddressFields('moscow', { ...ok, time: '' }, ctx)).toEqual(['time']);
  });

  it('self needs name, email and phone only', () => {
    expect(isGuestFormValid('self', form({}), ctx)).toBe(true);
    expect(missingContactFields({ ...emptyGuestForm })).toEqual(['fullName', 'phone', 'email']);
  });
});

describe('signed-in form validity per method (checkout.md §5)', () => {
  const signedIn = (way: GetWay) => ({ way });

  it('takes a single name where a guest must give a last and a first name', () => {
    expect(missingContactFields(form({ fullName: 'Анна' }), signedIn('self'))).toEqual([]);
    expect(missingContactFields(form({ fullName: 'Анна' }), null)).toEqual(['fullName']);
    expect(missingContactFields(form({ fullName: ' ' }), signedIn('self'))).toEqual(['fullName']);
  });

  it('needs no e-mail for Moscow and the showroom, but does for pickup and courier', () => {
    const noEmail = form({ email: '' });
    expect(missingContactFields(noEmail, signedIn('moscow'))).toEqual([]);
    expect(missingContactFields(noEmail, signedIn('moscow-try'))).toEqual([]);
    expect(missingContactFields(noEmail, signedIn('self'))).toEqual([]);
    expect(missingContactFields(noEmail, signedIn('self-sdek'))).toEqual(['email']);
    expect(missingContactFields(noEmail, signedIn('delivery-sdek'))).toEqual(['email']);
  });

  it('still refuses a malformed e-mail that was typed', () => {
    expect(missingContactFields(form({ email: 'anna@' }), signedIn('moscow'))).toEqual(['email']);
  });

  it('always needs the phone', () => {
    expect(missingContactFields(form({ phone: '7999' }), signedIn('self'))).toEqual(['phone']);
  });

  it('applies to the details step', () => {
    const base = { way: 'self' as const, ctx, orderableLines: 1, allOrderable: true, deliveryKnown: true };
    const single = form({ fullName: 'Анна', email: '' });
    expect(stepValidity({ ...base, form: single })).toEqual([true, true, false, false]);
    expect(stepValidity({ ...base, form: single, signedIn: true })).toEqual([true, true, true, true]);
  });
});

describe('stepValidity', () => {
  const base = { way: 'self' as const, ctx, orderableLines: 2, allOrderable: true, deliveryKnown: true };
  it('chains the steps: products, then address, then recipient', () => {
    expect(stepValidity({ ...base, form: form({}) })).toEqual([true, true, true, true]);
    expect(stepValidity({ ...base, form: { ...emptyGuestForm } })).toEqual([true, true, false, false]);
    expect(stepValidity({ ...base, form: form({}), allOrderable: false })).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(stepValidity({ ...base, way: 'self-sdek', form: form({}) })).toEqual([true, false, false, false]);
    expect(
      stepValidity({ ...base, way: 'self-sdek', form: form({ pvzCode: 'MSK1' }), deliveryKnown: false }),
    ).toEqual([true, false, false, false]);
  });
});
