import { describe, expect, it } from 'vitest';
import { isNewerStatus, shipmentCarrierOf, shipmentModeOf, stepsForStage } from './shipments.rules.ts';

describe('shipment rules', () => {
  it('names the carrier of each delivery method, DHL for a courier abroad', () => {
    const of = (getWay: string, countryCode?: string) =>
      shipmentCarrierOf({ getWay, delivery: { countryCode } });
    expect(of('delivery-sdek', 'RU')).toBe('sdek');
    expect(of('delivery-sdek')).toBe('sdek');
    expect(of('delivery-sdek', 'de')).toBe('dhl');
    expect(of('self-sdek')).toBe('sdek');
    expect(of('self-boxberry')).toBe('boxberry');
    for (const way of ['moscow', 'moscow-try', 'self']) expect(of(way)).toBeNull();
    expect(shipmentModeOf('self-boxberry')).toBe('pickup');
    expect(shipmentModeOf('delivery-sdek')).toBe('door');
  });

  it('moves the order only forward through the transition table', () => {
    expect(stepsForStage('paid', 'handed_over')).toEqual(['shipped']);
    expect(stepsForStage('confirmed', 'at_pickup_point')).toEqual(['ready_for_pickup']);
    expect(stepsForStage('shipped', 'at_pickup_point')).toEqual(['ready_for_pickup']);
    expect(stepsForStage('paid', 'delivered')).toEqual(['shipped', 'delivered']);
    expect(stepsForStage('ready_for_pickup', 'delivered')).toEqual(['delivered']);
    expect(stepsForStage('shipped', 'shipped' as never)).toEqual([]);
    expect(stepsForStage('ready_for_pickup', 'handed_over')).toEqual([]);
    expect(stepsForStage('delivered', 'at_pickup_point')).toEqual([]);
    expect(stepsForStage('cancelled', 'delivered')).toEqual([]);
    expect(stepsForStage('awaiting_payment', 'handed_over')).toEqual([]);
    expect(stepsForStage('shipped', 'registered')).toEqual([]);
    expect(stepsForStage('shipped', 'returned')).toEqual([]);
  });

  it('applies a status only when it is later than the last one, or new when the carrier gives no time', () => {
    const at = (iso: string) => new Date(iso);
    expect(isNewerStatus({ code: null, at: null }, { code: 'CREATED', at: null })).toBe(true);
    const last = { code: 'ACCEPTED_AT_PICK_UP_POINT', at: at('2030-01-12T09:00:00Z') };
    expect(isNewerStatus(last, { code: 'DELIVERED', at: at('2030-01-13T09:00:00Z') })).toBe(true);
    expect(isNewerStatus(last, { code: 'ACCEPTED_AT_PICK_UP_POINT', at: at('2030-01-12T09:00:00Z') })).toBe(
      false,
    );
    expect(
      isNewerStatus(last, { code: 'RECEIVED_AT_SHIPMENT_WAREHOUSE', at: at('2030-01-10T09:00:00Z') }),
    ).toBe(false);
    expect(isNewerStatus({ code: 'A', at: null }, { code: 'A', at: null })).toBe(false);
    expect(isNewerStatus({ code: 'A', at: null }, { code: 'B', at: null })).toBe(true);
  });
});
