import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOLD_MINUTES,
  type HeldOrder,
  holdMinutes,
  holdRefusal,
  networkHoldMinutes,
  networkOf,
  networkRefusal,
} from './order.rules.ts';

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

describe('what one network’s unpaid orders may hold (docs/decisions/0018)', () => {
  it('counts an IPv4 /24 and an IPv6 /64 as one network, and not loopback or private addresses', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:7:1::a')).toBe('2001:db8:7:1::/64');
    expect(networkOf('2001:0db8:0007:0001:ffff:1:2:3')).toBe('2001:db8:7:1::/64');
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.5', '172.20.0.1', 'fd00::1', 'fe80::1']) {
      expect(networkOf(ip), ip).toBeNull();
    }
  });

  it('caps a variant at max(2, 10 %) and the catalogue at max(10, 5 %) of their units', () => {
    const holding = (held: number, shelf: number, catalogue: number) => ({
      held: new Map([['v', held]]),
      shelf: new Map([['v', shelf]]),
      catalogueShelf: catalogue,
    });
    expect(networkRefusal(holding(0, 50, 3000), [{ variantId: 'v', count: 5 }])).toBeNull();
    expect(networkRefusal(holding(4, 46, 3000), [{ variantId: 'v', count: 2 }])).toEqual({
      kind: 'units',
      variantId: 'v',
      cap: 5,
      left: 1,
    });
    expect(networkRefusal(holding(0, 3, 3000), [{ variantId: 'v', count: 2 }])).toBeNull();
    expect(networkRefusal(holding(0, 3000, 3000), [{ variantId: 'v', count: 151 }])).toMatchObject({
      kind: 'catalogue',
      cap: 150,
    });
    expect(networkRefusal(holding(0, 60, 60), [{ variantId: 'v', count: 6 }])).toBeNull();
  });

  it('shortens the hold once the network holds two unpaid orders', () => {
    expect(networkHoldMinutes(20, 1)).toBe(20);
    expect(networkHoldMinutes(60, 2)).toBe(10);
    expect(networkHoldMinutes(5, 4)).toBe(5);
  });
});
