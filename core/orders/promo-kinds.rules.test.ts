import { describe, expect, it } from 'vitest';
import {
  applyPromo,
  BATCH_CODE_LENGTH,
  batchCode,
  inScope,
  type PromoCartLine,
  type PromoOffer,
  promoCartMessage,
  wholeCart,
} from './promo.rules.ts';

const line = (patch: Partial<PromoCartLine> = {}): PromoCartLine => ({
  groupId: 'coat-black',
  categories: ['coats', 'outerwear'],
  collections: [],
  price: 10_000_00,
  oldPrice: null,
  count: 1,
  ...patch,
});

const offer = (patch: Partial<PromoOffer> = {}): PromoOffer => ({
  kind: 'percent',
  percent: 10,
  amount: null,
  minOrder: null,
  limitTo: wholeCart,
  ...patch,
});

const coat = line();
const dress = line({
  groupId: 'dress-red',
  categories: ['dresses'],
  collections: ['party'],
  price: 5_000_00,
  count: 2,
});
const saleBag = line({ groupId: 'bag', categories: ['bags'], price: 3_000_00, oldPrice: 4_000_00 });

describe('applyPromo: what each kind gives', () => {
  it('a percent code takes its percent off every line without its own discount', () => {
    expect(applyPromo(offer(), [coat, dress, saleBag])).toEqual({
      ok: true,
      discount: 1_000_00 + 1_000_00,
      freeDelivery: false,
      eligible: [true, true, false],
    });
  });

  it('an amount code takes its sum off, never more than the eligible goods', () => {
    const fixed = offer({ kind: 'amount', percent: 0, amount: 1_500_00 });
    expect(applyPromo(fixed, [coat])).toMatchObject({ ok: true, discount: 1_500_00 });
    const large = offer({ kind: 'amount', percent: 0, amount: 50_000_00 });
    expect(applyPromo(large, [coat, saleBag])).toMatchObject({ ok: true, discount: 10_000_00 });
  });

  it('an amount code on a cart of discounted items only gives nothing', () => {
    const fixed = offer({ kind: 'amount', percent: 0, amount: 500_00 });
    expect(applyPromo(fixed, [saleBag])).toMatchObject({ ok: true, discount: 0 });
  });

  it('a free-delivery code gives no discount on the goods and frees the delivery', () => {
    expect(applyPromo(offer({ kind: 'free_delivery', percent: 0 }), [coat])).toEqual({
      ok: true,
      discount: 0,
      freeDelivery: true,
      eligible: [true],
    });
  });
});

describe('applyPromo: the minimum order', () => {
  it('is judged on the goods before any discount, including discounted lines', () => {
    // 10 000 + 3 000 = 13 000 ₽ of goods reaches 13 000 ₽ though the promo discount would lower it.
    const min = offer({ minOrder: 13_000_00 });
    expect(applyPromo(min, [coat, saleBag])).toMatchObject({ ok: true, discount: 1_000_00 });
  });

  it('refuses a cart below it, and accepts the same cart once it reaches it', () => {
    const min = offer({ kind: 'amount', percent: 0, amount: 1_000_00, minOrder: 15_000_00 });
    expect(applyPromo(min, [coat])).toEqual({ ok: false, refusal: 'below_minimum' });
    expect(applyPromo(min, [coat, line({ groupId: 'scarf', price: 5_000_00 })])).toMatchObject({
      ok: true,
      discount: 1_000_00,
    });
  });

  it('with free delivery: refused below, free at the minimum', () => {
    const min = offer({ kind: 'free_delivery', percent: 0, minOrder: 20_000_00 });
    expect(applyPromo(min, [coat, dress])).toMatchObject({ ok: true, freeDelivery: true });
    expect(applyPromo(min, [coat])).toEqual({ ok: false, refusal: 'below_minimum' });
  });
});

describe('applyPromo: limits to categories, collections or products', () => {
  it('a category limit applies to that category and the categories below it only', () => {
    const outerwear = offer({ limitTo: { ...wholeCart, categories: ['outerwear'] } });
    expect(applyPromo(outerwear, [coat, dress])).toMatchObject({
      ok: true,
      discount: 1_000_00,
      eligible: [true, false],
    });
  });

  it('a collection limit and a product limit pick their lines', () => {
    const party = offer({ limitTo: { ...wholeCart, collections: ['party'] } });
    expect(applyPromo(party, [coat, dress])).toMatchObject({ discount: 1_000_00, eligible: [false, true] });
    const oneCoat = offer({ limitTo: { ...wholeCart, products: ['coat-black'] } });
    expect(applyPromo(oneCoat, [coat, dress])).toMatchObject({ discount: 1_000_00, eligible: [true, false] });
  });

  it('refuses a cart with no line in its scope', () => {
    const bags = offer({ limitTo: { ...wholeCart, categories: ['shoes'] } });
    expect(applyPromo(bags, [coat, dress])).toEqual({ ok: false, refusal: 'no_eligible_line' });
  });

  it('a limited amount code is capped by the eligible lines, not the cart', () => {
    const fixed = offer({
      kind: 'amount',
      percent: 0,
      amount: 8_000_00,
      limitTo: { ...wholeCart, collections: ['party'] },
    });
    // The dresses are 10 000 ₽ of the 20 000 ₽ cart: 8 000 ₽ off fits; 15 000 ₽ would be capped.
    expect(applyPromo(fixed, [coat, dress])).toMatchObject({ discount: 8_000_00 });
    expect(applyPromo({ ...fixed, amount: 15_000_00 }, [coat, dress])).toMatchObject({ discount: 10_000_00 });
  });

  it('a limited code with a minimum judges the minimum on the whole cart', () => {
    const both = offer({ minOrder: 20_000_00, limitTo: { ...wholeCart, categories: ['dresses'] } });
    expect(applyPromo(both, [coat, dress])).toMatchObject({ ok: true, discount: 1_000_00 });
    expect(applyPromo(both, [dress])).toEqual({ ok: false, refusal: 'below_minimum' });
  });

  it('a limited free-delivery code needs one eligible line', () => {
    const free = offer({ kind: 'free_delivery', percent: 0, limitTo: { ...wholeCart, products: ['bag'] } });
    expect(applyPromo(free, [saleBag])).toMatchObject({ ok: true, freeDelivery: true });
    expect(applyPromo(free, [coat])).toEqual({ ok: false, refusal: 'no_eligible_line' });
  });

  it('an unlimited code takes every line as in scope', () => {
    expect(inScope(coat, wholeCart)).toBe(true);
    expect(inScope(coat, { ...wholeCart, products: ['other'] })).toBe(false);
  });
});

describe('promoCartMessage', () => {
  it('names the minimum, or that no item fits', () => {
    expect(promoCartMessage('below_minimum', 5_000_00)).toEqual({
      key: 'promo.below_minimum',
      sum: 5_000_00,
    });
    expect(promoCartMessage('no_eligible_line', null)).toEqual({ key: 'promo.no_eligible_items' });
  });
});

describe('batchCode', () => {
  it('puts the prefix, a dash and characters that cannot be misread', () => {
    const code = batchCode(
      'SPRING',
      new Uint8Array(16).map((_, i) => i * 37),
    );
    expect(code).toMatch(new RegExp(`^SPRING-[2-9A-HJKMNP-Z]{${BATCH_CODE_LENGTH}}$`));
    expect(batchCode('SPRING', new Uint8Array(16).fill(0))).toBe('SPRING-22222222');
  });
});
