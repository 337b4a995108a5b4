import { describe, expect, it } from 'vitest';
import { displayMarkCode, GS, gtinCheckOk, gtinOfBarcode, parseMarkCode } from './mark-code.rules.ts';

const GTIN = '04600123456782';
const SERIAL = 'Ab1!"%&\'()*+,';
const KEY = '00A1';
const SIGN = 'Zk9QmLpX2cVbN4rT6yU8iO0pAsDfGhJkLzXcVbNmQwEr';
const FULL = `01${GTIN}21${SERIAL}${GS}91${KEY}${GS}92${SIGN}`;

describe('mark codes (docs/product/marking.md)', () => {
  it('reads the full form with its group separators', () => {
    expect(SIGN).toHaveLength(44);
    expect(parseMarkCode(FULL)).toEqual({ gtin: GTIN, serial: SERIAL, form: 'full', code: FULL });
  });

  it('reads a full code whose separators the scanner dropped, or sent with a prefix', () => {
    expect(parseMarkCode(`01${GTIN}21${SERIAL}91${KEY}92${SIGN}`)).toMatchObject({
      form: 'full',
      code: FULL,
    });
    expect(parseMarkCode(`]d2${FULL}\n`)).toMatchObject({ code: FULL });
    expect(parseMarkCode(`${GS}${FULL}`)).toMatchObject({ code: FULL });
    expect(parseMarkCode(`01${GTIN}21${SERIAL}<GS>91${KEY}<GS>92${SIGN}`)).toMatchObject({ code: FULL });
  });

  it('reads the short form (GTIN and serial only)', () => {
    expect(parseMarkCode(`  01${GTIN}21ABCDEFGHIJKLM `)).toEqual({
      gtin: GTIN,
      serial: 'ABCDEFGHIJKLM',
      form: 'short',
      code: `01${GTIN}21ABCDEFGHIJKLM`,
    });
  });

  it('turns letters typed with the Russian layout back into Latin ones', () => {
    // With the Russian layout on, the keys of A…M type Ф, И, С, В, У, А, П, Р, Ш, О, Л, Д, Ь.
    expect(parseMarkCode(`01${GTIN}21ФИСВУАПРШОЛДЬ`)).toMatchObject({ serial: 'ABCDEFGHIJKLM' });
  });

  it('refuses what is not a mark code, naming why', () => {
    expect(parseMarkCode('   ')).toEqual({ refused: 'empty' });
    expect(parseMarkCode('4600123456782')).toEqual({ refused: 'not_gs1' });
    expect(parseMarkCode(`02${GTIN}21ABCDEFGHIJKLM`)).toEqual({ refused: 'not_gs1' });
    expect(parseMarkCode(`01${GTIN}21ABCDEF`)).toEqual({ refused: 'not_gs1' });
    expect(parseMarkCode('010460012345678321ABCDEFGHIJKLM')).toEqual({ refused: 'gtin_check' });
    expect(parseMarkCode(`01${GTIN}21ABCDEF GHIJKL`)).toEqual({ refused: 'serial' });
    expect(parseMarkCode(`01${GTIN}21ABCDEFGHIJKLM91${KEY}`)).toEqual({ refused: 'tail' });
    expect(parseMarkCode(`01${GTIN}21ABCDEFGHIJKLM91${KEY}92short`)).toEqual({ refused: 'tail' });
    expect(parseMarkCode(`01${GTIN}21ABCDEFGHIJKLMextra`)).toEqual({ refused: 'tail' });
  });

  it('checks GTIN check digits and reads barcodes as GTIN-14', () => {
    expect(gtinCheckOk(GTIN)).toBe(true);
    expect(gtinCheckOk('04600123456781')).toBe(false);
    expect(gtinOfBarcode('4600123456782')).toBe(GTIN);
    expect(gtinOfBarcode('SKU-1')).toBeNull();
    expect(gtinOfBarcode(null)).toBeNull();
  });

  it('shows a full code without its crypto tail', () => {
    expect(displayMarkCode(FULL)).toBe(`01${GTIN}21${SERIAL} …`);
    expect(displayMarkCode(`01${GTIN}21ABCDEFGHIJKLM`)).toBe(`01${GTIN}21ABCDEFGHIJKLM`);
  });
});
