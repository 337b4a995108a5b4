/**
 * The form of a Честный ЗНАК mark code of clothing as a scanner reads it from the unit's DataMatrix
 * (docs/product/marking.md): a GS1 element string of the GTIN (AI 01, 14 digits with a valid check
 * digit), the unit's serial (AI 21, 13 characters), and, in the full form, the crypto tail: the key
 * id (AI 91, 4 characters) and the signature (AI 92, 44 characters), each variable-length element
 * ended by the group separator GS (U+001D). A scanner that types into a field often drops the GS or
 * sends the symbology prefix `]d2`; the lengths of clothing codes are fixed, so the code is read by
 * position and its GS put back. A code typed with a Russian keyboard layout switched on comes in
 * Cyrillic letters at the Latin keys' places: they are turned back.
 */

export const GS = '\u001d';

export interface MarkCode {
  gtin: string;
  serial: string;
  /** `full`: with the crypto tail (91/92); `short`: GTIN and serial only. */
  form: 'full' | 'short';
  /** The code as the receipt carries it: `01…21…` then, for the full form, GS `91…` GS `92…`. */
  code: string;
}

export type MarkCodeRefusal = 'empty' | 'not_gs1' | 'gtin_check' | 'serial' | 'tail';

/** The characters GS1 allows in AI 21, 91 and 92 (GS1 General Specifications, character set 82). */
const CSET82 = /^[A-Za-z0-9!"%&'()*+,\-./:;<=>?_]+$/;

/** The ЙЦУКЕН keys and the Latin letters at the same places of a QWERTY keyboard. */
const CYRILLIC = 'йцукенгшщзхъфывапролджэячсмитьбюЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮёЁ';
const LATIN = 'qwertyuiop[]asdfghjkl;\'zxcvbnm,.QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>`~';

function latinOf(text: string): string {
  let out = '';
  for (const ch of text) {
    const at = CYRILLIC.indexOf(ch);
    out += at >= 0 ? (LATIN[at] ?? ch) : ch;
  }
  return out;
}

/** The GS1 check digit of the first 13 digits of a GTIN-14 is its 14th. */
export function gtinCheckOk(gtin: string): boolean {
  if (!/^\d{14}$/.test(gtin)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(gtin[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gtin[13]);
}

/** A product's barcode (EAN-13, EAN-8, UPC-A or GTIN-14) as a GTIN-14, or null when it is none. */
export function gtinOfBarcode(barcode: string | null | undefined): string | null {
  const digits = (barcode ?? '').trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return null;
  return digits.padStart(14, '0');
}

/**
 * Reads a scanned mark code. Accepted: `01` + 14-digit GTIN + `21` + 13-character serial (the short
 * form), optionally followed by `91` + 4 characters and `92` + 44 characters (the full form), with or
 * without GS between the elements, with or without a leading GS or `]d2`, surrounding spaces and a
 * Russian keyboard layout forgiven. Anything else is refused with its reason.
 */
export function parseMarkCode(raw: string): MarkCode | { refused: MarkCodeRefusal } {
  let text = latinOf(raw.trim().replace(/[\r\n]+/g, ''));
  if (!text) return { refused: 'empty' };
  if (text.startsWith(']d2') || text.startsWith(']Q3')) text = text.slice(3);
  // Some scanners send GS as the text `<GS>` or `\x1d`.
  text = text.replaceAll('<GS>', GS).replaceAll('\\x1d', GS).replaceAll('\\u001d', GS);
  if (text.startsWith(GS)) text = text.slice(1);
  const match = /^01(\d{14})21(.{13})(.*)$/su.exec(text);
  if (!match) return { refused: 'not_gs1' };
  const gtin = match[1] as string;
  const serial = match[2] as string;
  if (!gtinCheckOk(gtin)) return { refused: 'gtin_check' };
  if (serial.includes(GS) || !CSET82.test(serial)) return { refused: 'serial' };
  let rest = match[3] as string;
  if (rest.startsWith(GS)) rest = rest.slice(1);
  if (rest === '') return { gtin, serial, form: 'short', code: `01${gtin}21${serial}` };
  // 91 + 4 characters, GS (often lost), 92 + 44 characters, GS at the end allowed.
  if (!rest.startsWith('91')) return { refused: 'tail' };
  const key = rest.slice(2, 6);
  rest = rest.slice(6);
  if (rest.startsWith(GS)) rest = rest.slice(1);
  if (!rest.startsWith('92')) return { refused: 'tail' };
  const sign = rest.slice(2, 46);
  rest = rest.slice(46);
  if (rest !== '' && rest !== GS) return { refused: 'tail' };
  if (key.length !== 4 || sign.length !== 44 || !CSET82.test(key) || !CSET82.test(sign)) {
    return { refused: 'tail' };
  }
  return {
    gtin,
    serial,
    form: 'full',
    code: `01${gtin}21${serial}${GS}91${key}${GS}92${sign}`,
  };
}

/** The code as staff read it on the screen: GS shown as a space-free marker, the tail shortened. */
export function displayMarkCode(code: string): string {
  const [head = '', ...tail] = code.split(GS);
  return tail.length > 0 ? `${head} …` : head;
}
