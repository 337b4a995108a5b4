import { describe, expect, it } from 'vitest';
import { receiptRefusal } from '../../tests/fakes/tbank-receipt.ts';
import published from '../../tests/fixtures/tbank/receipt-ffd12-enums.json' with { type: 'json' };
import { taxationSystems, vatRates } from '../content/settings.schemas.ts';
import { categoryChain, effectiveVatRate, taxationLabels, vatRateLabels } from './receipt-settings.rules.ts';

describe('receipt settings (DECISIONS 36)', () => {
  it('offers only taxation systems and VAT rates T-Bank publishes, each with a Russian name', () => {
    for (const t of taxationSystems) {
      expect(published.Taxation).toContain(t);
      expect(taxationLabels[t].ru).toMatch(/[А-Я]/);
    }
    for (const v of vatRates) {
      expect(published.Tax).toContain(v);
      expect(vatRateLabels[v].ru).toMatch(/НДС/);
    }
  });

  it('takes the product’s rate, else the nearest category’s, else the shop’s', () => {
    const cats = [
      { slug: 'women', parentSlug: null, vatRate: 'vat10' as const },
      { slug: 'coats', parentSlug: 'women', vatRate: null },
      { slug: 'loop', parentSlug: 'loop', vatRate: null },
    ];
    expect(effectiveVatRate('vat0', categoryChain(cats, 'coats'), 'vat22')).toBe('vat0');
    expect(effectiveVatRate(null, categoryChain(cats, 'coats'), 'vat22')).toBe('vat10');
    expect(effectiveVatRate(null, categoryChain(cats, 'loop'), 'vat22')).toBe('vat22');
    expect(effectiveVatRate(null, categoryChain(cats, 'gone'), 'none')).toBe('none');
  });

  it('the T-Bank fake refuses a receipt value outside the published ones', () => {
    const item = { Name: 'Платье', Price: 100, Quantity: 1, Amount: 100, MeasurementUnit: 'шт' };
    const receipt = (taxation: string, extra: object) => ({
      FfdVersion: '1.2',
      Taxation: taxation,
      Items: [
        { ...item, Tax: 'vat22', PaymentMethod: 'full_prepayment', PaymentObject: 'commodity', ...extra },
      ],
    });
    expect(receiptRefusal(receipt('usn_income', {}))).toBeNull();
    expect(receiptRefusal(receipt('usn', {}))).toBe('Unknown Taxation usn');
    expect(receiptRefusal(receipt('osn', { Tax: 'vat18' }))).toBe('Unknown Tax vat18');
    expect(receiptRefusal(receipt('osn', { PaymentMethod: 'prepaid' }))).toBe(
      'Unknown PaymentMethod prepaid',
    );
    expect(receiptRefusal(receipt('osn', { PaymentObject: 'goods' }))).toBe('Unknown PaymentObject goods');
    expect(receiptRefusal(receipt('osn', { MeasurementUnit: undefined }))).toMatch(/MeasurementUnit/);
  });
});
