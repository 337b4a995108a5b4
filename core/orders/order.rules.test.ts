import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_MINUTES, type HeldOrder, holdMinutes, holdRefusal } from './order.rules.ts';

describe('unpaid orders hold stock for a limited time (DECISIONS 32)', () => {
  it('holds 20 minutes for online payment and the payment link, 60 for instalment and BNPL', () => {
    for (const payment of ['online', 'online-international', 'split', 'yaPay', 'other_pay', 'hepay']) {
      expect(holdMinutes(payment, DEFAULT_HOLD_MINUTES), payment).toBe(20);
    }
    expect(holdMinutes('tinkoff', DEFAULT_HOLD_MINUTES)).toBe(60);
    expect(holdMinutes('dolyame', DEFAULT_HOLD_MINUTES)).toBe(60);
    expect(holdMinutes('dolyame', { online: 15, decision: 45 })).toBe(45);
  });
});

describe('what one client’s unpaid orders may hold (DECISIONS 32)', () => {
  const client = { phone: '79990000001', ip: '10.0.0.1', deviceId: 'device-1' };
  const held = (who: Partial<HeldOrder>, units = 1, variantId = 'v1'): HeldOrder => ({
    phone: 'other',
    ip: 'other',
    deviceId: null,
    lines: [{ variantId, reserved: units }],
    ...who,
  });
  const one = [{ variantId: 'v2', count: 1 }];

  it('refuses a fourth unpaid order of a device or a phone, an eleventh of an address', () => {
    const three = (who: Partial<HeldOrder>) => [held(who), held(who), held(who)];
    expect(holdRefusal(three({ deviceId: 'device-1' }), client, one)).toMatchObject({
      kind: 'orders',
      by: 'device',
    });
    expect(holdRefusal(three({ phone: client.phone }), client, one)).toMatchObject({
      kind: 'orders',
      by: 'phone',
    });
    expect(holdRefusal(three({ ip: client.ip }), client, one)).toBeNull();
    const ten = Array.from({ length: 10 }, () => held({ ip: client.ip }));
    expect(holdRefusal(ten, client, one)).toMatchObject({ kind: 'orders', by: 'address', cap: 10 });
  });

  it('counts at most 10 units of one variant per device and phone, 30 per address', () => {
    expect(holdRefusal([held({ phone: client.phone }, 6)], client, [{ variantId: 'v1', count: 5 }])).toEqual({
      kind: 'units',
      by: 'phone',
      variantId: 'v1',
      cap: 10,
      left: 4,
    });
    expect(
      holdRefusal([held({ phone: client.phone }, 6)], client, [{ variantId: 'v1', count: 4 }]),
    ).toBeNull();
    expect(holdRefusal([], client, [{ variantId: 'v1', count: 11 }])).toMatchObject({
      kind: 'units',
      left: 10,
    });
    const address = [held({ ip: client.ip }, 10), held({ ip: client.ip }, 10), held({ ip: client.ip }, 5)];
    expect(holdRefusal(address, client, [{ variantId: 'v1', count: 6 }])).toMatchObject({
      by: 'address',
      left: 5,
    });
  });

  it('does not cap an order that takes no stock (pre-orders only)', () => {
    const many = Array.from({ length: 20 }, () => held({ phone: client.phone }));
    expect(holdRefusal(many, client, [{ variantId: 'v1', count: 0 }])).toBeNull();
  });

  it('does not match a client without a device id by device', () => {
    const three = [held({ deviceId: null }), held({ deviceId: null }), held({ deviceId: null })];
    expect(holdRefusal(three, { ...client, deviceId: null }, one)).toBeNull();
  });
});
