import {
  type AgeGroup,
  ageGroupLabels,
  ageGroups,
  type Gender,
  genderLabels,
  genders,
} from '../catalogue/audience.rules.ts';
import { csvCell, csvMoney } from '../orders/orders-admin.rules.ts';
import { parseRoubles } from './commerceml.parser.ts';

/**
 * The catalogue CSV files as Russian Excel reads and writes them (docs/decisions/0031,
 * docs/product/catalogue-exchange.md): `;` between cells, a decimal comma, UTF-8 with a BOM or
 * windows-1251. Two kinds: products (one line per size) and stock and prices (by barcode).
 */

export const csvKinds = ['products', 'stock'] as const;
export type CsvKind = (typeof csvKinds)[number];

export type CsvField =
  | 'art'
  | 'colour'
  | 'size'
  | 'barcode'
  | 'name'
  | 'category'
  | 'price'
  | 'oldPrice'
  | 'stock'
  | 'published'
  | 'ageGroup'
  | 'gender';

/** The columns of each kind, in the template's order, with the names a header may use. */
const columnNames: Record<CsvField, { title: string; aliases: string[] }> = {
  art: { title: 'Артикул', aliases: ['артикул', 'article', 'art'] },
  colour: { title: 'Цвет', aliases: ['цвет', 'colour', 'color'] },
  size: { title: 'Размер', aliases: ['размер', 'size'] },
  barcode: { title: 'Штрихкод', aliases: ['штрихкод', 'штрих-код', 'штрих код', 'barcode'] },
  name: { title: 'Название', aliases: ['название', 'наименование', 'name'] },
  category: { title: 'Категория', aliases: ['категория', 'category'] },
  price: { title: 'Цена', aliases: ['цена', 'price'] },
  oldPrice: { title: 'Старая цена', aliases: ['старая цена', 'old price', 'oldprice', 'old_price'] },
  stock: { title: 'Остаток', aliases: ['остаток', 'stock', 'количество'] },
  published: { title: 'Показан', aliases: ['показан', 'published', 'виден'] },
  ageGroup: {
    title: 'Возраст',
    aliases: ['возраст', 'возрастная группа', 'age group', 'age_group', 'agegroup'],
  },
  gender: { title: 'Пол', aliases: ['пол', 'gender'] },
};

export const csvColumns: Record<CsvKind, CsvField[]> = {
  products: [
    'art',
    'colour',
    'size',
    'barcode',
    'name',
    'category',
    'price',
    'oldPrice',
    'stock',
    'published',
    'ageGroup',
    'gender',
  ],
  stock: ['barcode', 'art', 'colour', 'size', 'price', 'oldPrice', 'stock'],
};

/** The columns a file of the kind cannot do without. */
const requiredColumns: Record<CsvKind, CsvField[]> = {
  products: ['art', 'colour', 'size', 'barcode', 'name', 'category', 'price'],
  stock: ['barcode'],
};

export class CsvFileError extends Error {}

/** `;` as Russian Excel writes; `,` or a tab when the header line has those and no `;`. */
export function detectDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  if (header.includes(',')) return ',';
  return ';';
}

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** Which column holds each field; a missing required column or a column twice refuses the file. */
export function mapHeader(kind: CsvKind, header: string[]): Map<CsvField, number> {
  const map = new Map<CsvField, number>();
  header.forEach((cell, index) => {
    const name = norm(cell);
    const field = csvColumns[kind].find((f) => columnNames[f].aliases.includes(name));
    if (!field) return;
    if (map.has(field)) throw new CsvFileError(`столбец «${columnNames[field].title}» встречается дважды`);
    map.set(field, index);
  });
  const missing = requiredColumns[kind].filter((f) => !map.has(f));
  if (missing.length > 0) {
    throw new CsvFileError(
      `в заголовке нет ${missing.length > 1 ? 'столбцов' : 'столбца'} ${missing
        .map((f) => `«${columnNames[f].title}»`)
        .join(', ')} (в шаблоне есть все)`,
    );
  }
  return map;
}

/** One line of the file, read: undefined where the file has no such column or the cell is empty. */
export interface CsvRow {
  line: number;
  art?: string;
  colour?: string;
  size?: string;
  barcode: string;
  name?: string;
  category?: string;
  /** Kopecks. */
  price?: number;
  /** Kopecks; null: no old price (an empty cell in a products file, `0` in either). */
  oldPrice?: number | null;
  stock?: number;
  published?: boolean;
  /** Who the product is for (the feeds); null: as its category (an empty cell). */
  ageGroup?: AgeGroup | null;
  gender?: Gender | null;
}

export type RowResult = { ok: true; row: CsvRow } | { ok: false; line: number; id: string; reason: string };

/**
 * A value of the audience columns: the back office's Russian name (`Дети (5–13 лет)`), its first
 * words (`Дети`) or Google's code (`kids`).
 */
function audienceValue<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
  text: string,
): V | undefined {
  const t = norm(text);
  return values.find(
    (v) => v === t || norm(labels[v]) === t || norm(labels[v].replace(/\s*\(.*\)$/, '')) === t,
  );
}
const shortNames = (values: readonly string[], labels: Record<string, string>) =>
  values.map((v) => (labels[v] ?? v).replace(/\s*\(.*\)$/, ''));
const orList = (names: string[]) => `${names.slice(0, -1).join(', ')} или ${names.at(-1)}`;

/** The age group and gender as the file writes them: the back office's Russian names. */
export const csvAgeGroup = (v: AgeGroup | null) => (v ? ageGroupLabels[v] : '');
export const csvGender = (v: Gender | null) => (v ? genderLabels[v] : '');

const YES = new Set(['да', 'yes', '1', 'true', 'показан', 'y', 'д']);
const NO = new Set(['нет', 'no', '0', 'false', 'скрыт', 'n', 'н']);

/** Reads one line's cells; a cell that is not what its column holds refuses the line. */
export function readRow(
  kind: CsvKind,
  columns: Map<CsvField, number>,
  cells: string[],
  line: number,
): RowResult {
  const cell = (f: CsvField) => {
    const at = columns.get(f);
    return at === undefined ? undefined : (cells[at] ?? '').trim();
  };
  const barcode = cell('barcode') ?? '';
  const refuse = (reason: string): RowResult => ({ ok: false, line, id: barcode, reason });
  if (!barcode) return refuse('нет штрихкода');
  if (barcode.length > 64 || !/^[\p{L}\p{N}._-]+$/u.test(barcode))
    return refuse(`в штрихкоде «${barcode}» недопустимые знаки`);
  const row: CsvRow = { line, barcode };
  for (const f of ['art', 'colour', 'size', 'name', 'category'] as const) {
    const v = cell(f);
    if (v === undefined || v === '') continue;
    if (v.length > 200) return refuse(`«${columnNames[f].title}» длиннее 200 знаков`);
    // Our own export defuses a leading = + - @ with an apostrophe (csvCell): read it back as written.
    row[f] = v.replace(/^'(?=[=+\-@])/, '');
  }
  if (kind === 'products') {
    for (const f of ['art', 'colour', 'name', 'category'] as const)
      if (!row[f]) return refuse(`не заполнено «${columnNames[f].title}»`);
    row.size ??= '';
  }
  const price = cell('price');
  if (price) {
    const value = parseRoubles(price);
    if (value === null || value < 0 || value > 100_000_000_00)
      return refuse(`цена «${price}» — не цена (рубли с запятой: 4990,00)`);
    row.price = value;
  } else if (kind === 'products') {
    return refuse('не заполнена «Цена»');
  }
  const oldPrice = cell('oldPrice');
  if (oldPrice) {
    const value = parseRoubles(oldPrice);
    if (value === null || value < 0 || value > 100_000_000_00)
      return refuse(`старая цена «${oldPrice}» — не цена`);
    row.oldPrice = value === 0 ? null : value;
  } else if (kind === 'products' && oldPrice !== undefined) {
    row.oldPrice = null;
  }
  if (row.oldPrice != null && row.price !== undefined && row.oldPrice <= row.price)
    return refuse(`старая цена ${oldPrice} не выше цены ${price}`);
  const stock = cell('stock');
  if (stock) {
    const t = stock.replace(/[\s\u00a0]/g, '');
    if (!/^-?\d+$/.test(t)) return refuse(`остаток «${stock}» — не целое число`);
    const n = Number(t);
    if (n < 0) return refuse(`остаток ${n} меньше нуля`);
    if (n > 1_000_000) return refuse(`остаток ${n} больше миллиона`);
    row.stock = n;
  }
  const published = cell('published');
  if (published) {
    const v = norm(published);
    if (YES.has(v)) row.published = true;
    else if (NO.has(v)) row.published = false;
    else return refuse(`«Показан»: «${published}» — напишите да или нет`);
  }
  if (kind === 'products') {
    const ageGroup = cell('ageGroup');
    if (ageGroup) {
      row.ageGroup = audienceValue(ageGroups, ageGroupLabels, ageGroup);
      if (!row.ageGroup)
        return refuse(
          `«Возраст»: «${ageGroup}» — напишите ${orList(shortNames(ageGroups, ageGroupLabels))} или оставьте пустым (как у категории)`,
        );
    } else if (ageGroup !== undefined) row.ageGroup = null;
    const gender = cell('gender');
    if (gender) {
      row.gender = audienceValue(genders, genderLabels, gender);
      if (!row.gender)
        return refuse(
          `«Пол»: «${gender}» — напишите ${orList(shortNames(genders, genderLabels))} или оставьте пустым (как у категории)`,
        );
    } else if (gender !== undefined) row.gender = null;
  }
  return { ok: true, row };
}

/** A file for Excel: BOM, `;`, CRLF, every cell through the back office's defused {@link csvCell}. */
export function csvDocument(
  kind: CsvKind,
  rows: Partial<Record<CsvField, string | number | null>>[],
): string {
  const fields = csvColumns[kind];
  const lines = [fields.map((f) => csvCell(columnNames[f].title)).join(';')];
  for (const r of rows) lines.push(fields.map((f) => csvCell(r[f] ?? '')).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The price as the file writes it (`4990,00`), or empty. */
export const csvPrice = (kopecks: number | null | undefined) => (kopecks == null ? '' : csvMoney(kopecks));

/** The template: the header and one example line, so Excel users see the format. */
export function csvTemplate(kind: CsvKind): string {
  const example: Partial<Record<CsvField, string | number>> = {
    art: 'DR-1042',
    colour: 'Песочный',
    size: 'M',
    barcode: '4601234567890',
    name: 'Платье-рубашка из льна',
    category: 'dresses',
    price: csvPrice(12_990_00),
    oldPrice: '',
    stock: 5,
    published: 'да',
    ageGroup: '',
    gender: csvGender('female'),
  };
  return csvDocument(kind, [example]);
}
