import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import { htmlToDescription, looksLikeHtml } from './commerceml/description-html.ts';

/**
 * A streaming reader of CommerceML 2 (1C's catalogue exchange; spec integrations.md §11), for both
 * the 2.05 and the 2.10 styles. The file arrives in chunks and is decoded (UTF-8, or windows-1251
 * when the XML declaration says so) and parsed as it comes: only the records it yields are kept,
 * never the file's text. docs/decisions/0031-catalogue-exchange.md.
 */

export interface CmlGroup {
  id: string;
  name: string;
  parentId: string | null;
  line: number;
}

export interface CmlProduct {
  id: string;
  art: string;
  name: string;
  description: string;
  barcode: string;
  groupId: string | null;
  size: string;
  colour: string;
  pictures: string[];
  /** Marked for deletion in 1C (`Статус` Удален or the attribute `Статус="Удален"`). */
  deleted: boolean;
  line: number;
}

export interface CmlPrice {
  typeId: string;
  /** In kopecks; null when the text is not a number. */
  value: number | null;
  raw: string;
}

export interface CmlOffer {
  id: string;
  barcode: string;
  /**
   * The size of a characteristic offer (`productGuid#characteristicGuid`): its characteristics
   * other than colour, «Размер» first; else the text in the last brackets of its name, as 1C
   * names a characteristic («Ботфорты (39)»). Empty for a plain offer.
   */
  size: string;
  /** The characteristic «Цвет», when 1C sends one. */
  colour: string;
  prices: CmlPrice[];
  /** Null when the offer carries no quantity; may be negative (a refusal reason). */
  quantity: number | null;
  rawQuantity: string;
  line: number;
}

export interface CmlPriceType {
  id: string;
  name: string;
}

export interface CmlDocument {
  schemaVersion: string;
  /** `СодержитТолькоИзменения="true"`: absent products are not hidden. */
  onlyChanges: boolean;
  groups: CmlGroup[];
  products: CmlProduct[];
  priceTypes: CmlPriceType[];
  offers: CmlOffer[];
  hasCatalogue: boolean;
  hasOffers: boolean;
}

export class CommerceMlError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(line > 0 ? `${message} (строка ${line})` : message);
    this.line = line;
  }
}

const SIZE_NAMES = new Set(['размер', 'size', 'thesize']);
const COLOUR_NAMES = new Set(['цвет', 'color', 'colour']);

/**
 * A characteristic's size and colour: «Размер» first, then the other characteristics (Полнота,
 * Тип кожи) that tell two sizes of one colour apart, joined by commas.
 */
export function characteristicSize(characteristics: { name: string; value: string }[]): {
  size: string;
  colour: string;
} {
  const colour = characteristics.find((c) => COLOUR_NAMES.has(c.name.toLowerCase()))?.value ?? '';
  const rest = characteristics.filter((c) => !COLOUR_NAMES.has(c.name.toLowerCase()) && c.value);
  const sizes = [
    ...rest.filter((c) => SIZE_NAMES.has(c.name.toLowerCase())),
    ...rest.filter((c) => !SIZE_NAMES.has(c.name.toLowerCase())),
  ];
  return { size: sizes.map((c) => c.value).join(', '), colour };
}

/** `1 234,50` or `1234.5` roubles → kopecks; null when not a number. */
export function parseRoubles(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

function parseQuantity(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Math.floor(Number(t));
}

/** The encoding the XML declaration names, from the first bytes; UTF-8 when none. */
export function declaredEncoding(head: Uint8Array): string {
  const text = Buffer.from(head.subarray(0, 200)).toString('latin1');
  const m = /^(?:\uFEFF|ï»¿)?\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(text);
  return m?.[1]?.toLowerCase() ?? 'utf-8';
}

interface Decoder {
  write(bytes: Buffer): string;
  end(): string | undefined;
}

interface Frame {
  name: string;
  text: string;
  line: number;
  attrs: Record<string, string>;
}

export interface ParseOptions {
  /**
   * Called between chunks once `batch` products and offers are read, and once at the end: the
   * records read so far are in `doc.products` and `doc.offers`, emptied after it returns, so a large
   * file is never held whole (groups and price types stay: they are few and needed throughout).
   */
  onBatch?: (doc: CmlDocument) => Promise<void>;
  batch?: number;
}

/** An error of the `onBatch` consumer, passed through as it is (not a parse error). */
class ConsumerError extends Error {
  readonly inner: unknown;
  constructor(inner: unknown) {
    super('consumer');
    this.inner = inner;
  }
}

/**
 * Reads a CommerceML document from a stream of bytes. Throws {@link CommerceMlError} on malformed
 * XML, an unknown encoding or a file that is not CommerceML.
 */
export async function parseCommerceMl(
  source: AsyncIterable<Uint8Array>,
  options: ParseOptions = {},
): Promise<CmlDocument> {
  const batch = options.batch ?? 2000;
  const hand = async (force: boolean) => {
    if (!options.onBatch) return;
    if (!force && doc.products.length + doc.offers.length < batch) return;
    try {
      await options.onBatch(doc);
    } catch (error) {
      throw new ConsumerError(error);
    }
    doc.products = [];
    doc.offers = [];
  };
  const doc: CmlDocument = {
    schemaVersion: '',
    onlyChanges: false,
    groups: [],
    products: [],
    priceTypes: [],
    offers: [],
    hasCatalogue: false,
    hasOffers: false,
  };
  /** Property id → its name (Размер, Цвет) and its dictionary of value ids. */
  const properties = new Map<string, { name: string; values: Map<string, string> }>();
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: Frame[] = [];
  let rootSeen = false;

  // Records under construction.
  const groupStack: CmlGroup[] = [];
  let property: { id: string; name: string; values: Map<string, string> } | null = null;
  let dictValue: { id: string; value: string } | null = null;
  let product: (CmlProduct & { props: { id: string; value: string }[] }) | null = null;
  let productCharacteristics: { name: string; value: string }[] = [];
  let propValue: { id: string; value: string } | null = null;
  let characteristic: { name: string; value: string } | null = null;
  let offerName = '';
  let offerCharacteristics: { name: string; value: string }[] = [];
  let offer: CmlOffer | null = null;
  let price: { typeId: string; raw: string } | null = null;
  let stockSum: number | null = null;
  let priceType: CmlPriceType | null = null;

  const parent = (depth = 1) => stack[stack.length - 1 - depth]?.name ?? '';
  const inside = (name: string) => stack.some((f) => f.name === name);

  parser.on('opentag', (node) => {
    const attrs = node.attributes as Record<string, string>;
    const line = parser.line;
    if (!rootSeen) {
      rootSeen = true;
      if (node.name !== 'КоммерческаяИнформация') {
        throw new CommerceMlError(`это не файл CommerceML: корневой элемент <${node.name}>`, line);
      }
      doc.schemaVersion = attrs.ВерсияСхемы ?? '';
    }
    stack.push({ name: node.name, text: '', line, attrs });
    const up = parent();
    switch (node.name) {
      case 'Каталог':
        doc.hasCatalogue = true;
        if (attrs.СодержитТолькоИзменения === 'true') doc.onlyChanges = true;
        break;
      case 'ПакетПредложений':
        doc.hasOffers = true;
        if (attrs.СодержитТолькоИзменения === 'true') doc.onlyChanges = true;
        break;
      case 'Группа':
        if (up === 'Группы' && inside('Классификатор')) {
          const parentGroup = groupStack[groupStack.length - 1];
          groupStack.push({ id: '', name: '', parentId: parentGroup?.id ?? null, line });
        }
        break;
      case 'Свойство':
      case 'СвойствоНоменклатуры':
        if (inside('Классификатор')) property = { id: '', name: '', values: new Map() };
        break;
      case 'Справочник':
        if (property) dictValue = { id: '', value: '' };
        break;
      case 'Товар':
        if (inside('Каталог')) {
          productCharacteristics = [];
          product = {
            id: '',
            art: '',
            name: '',
            description: '',
            barcode: '',
            groupId: null,
            size: '',
            colour: '',
            pictures: [],
            deleted: attrs.Статус === 'Удален',
            line,
            props: [],
          };
        }
        break;
      case 'ЗначенияСвойства':
        if (product) propValue = { id: '', value: '' };
        break;
      case 'ХарактеристикаТовара':
        characteristic = { name: '', value: '' };
        break;
      case 'Предложение':
        offer = {
          id: '',
          barcode: '',
          size: '',
          colour: '',
          prices: [],
          quantity: null,
          rawQuantity: '',
          line,
        };
        offerName = '';
        offerCharacteristics = [];
        stockSum = null;
        break;
      case 'Склад':
        // 2.07+: <Склад ИдСклада="…" КоличествоНаСкладе="3"/> per warehouse, used when the offer
        // carries no <Количество> of its own.
        if (offer && up === 'Предложение' && attrs.КоличествоНаСкладе !== undefined) {
          const q = parseQuantity(attrs.КоличествоНаСкладе);
          if (q === null) offer.rawQuantity = attrs.КоличествоНаСкладе;
          else stockSum = (stockSum ?? 0) + q;
        }
        break;
      case 'Цена':
        if (offer) price = { typeId: '', raw: '' };
        break;
      case 'ТипЦены':
        if (up === 'ТипыЦен') priceType = { id: '', name: '' };
        break;
    }
  });

  parser.on('text', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('cdata', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });

  parser.on('closetag', (node) => {
    const frame = stack.pop();
    if (!frame) return;
    const text = frame.text.trim();
    const up = stack[stack.length - 1]?.name ?? '';
    switch (node.name) {
      case 'Ид': {
        if (up === 'Группа' && groupStack.length > 0 && !product) {
          const g = groupStack[groupStack.length - 1];
          if (g && !g.id) g.id = text;
        } else if ((up === 'Свойство' || up === 'СвойствоНоменклатуры') && property) property.id = text;
        else if (up === 'Товар' && product) product.id = text;
        else if (up === 'Группы' && product) product.groupId ??= text;
        else if (up === 'ЗначенияСвойства' && propValue) propValue.id = text;
        else if (up === 'Предложение' && offer) offer.id = text;
        else if (up === 'ТипЦены' && priceType) priceType.id = text;
        break;
      }
      case 'ИдЗначения':
        if (dictValue) dictValue.id = text;
        break;
      case 'Наименование':
        if (up === 'Группа' && groupStack.length > 0 && !product) {
          const g = groupStack[groupStack.length - 1];
          if (g) g.name = text;
        } else if ((up === 'Свойство' || up === 'СвойствоНоменклатуры') && property) property.name = text;
        else if (up === 'Товар' && product) product.name = text;
        else if (up === 'ХарактеристикаТовара' && characteristic) characteristic.name = text;
        else if (up === 'ТипЦены' && priceType) priceType.name = text;
        else if (up === 'Предложение' && offer) offerName = text;
        break;
      case 'Значение':
        if (up === 'Справочник' && dictValue) dictValue.value = text;
        else if (up === 'ЗначенияСвойства' && propValue) propValue.value = text;
        else if (up === 'ХарактеристикаТовара' && characteristic) characteristic.value = text;
        break;
      case 'Артикул':
        if (product) product.art = text;
        break;
      // The official schemas and real exports write `Штрихкод`; some modules `ШтрихКод`.
      case 'Штрихкод':
      case 'ШтрихКод':
        if (up === 'Товар' && product) product.barcode = text;
        else if (up === 'Предложение' && offer) offer.barcode = text;
        break;
      case 'Описание':
        // 1C's HTML (`ФорматHTML="true"`, or tags in the text) in the shop's formatted form.
        if (up === 'Товар' && product)
          product.description =
            frame.attrs.ФорматHTML === 'true' || looksLikeHtml(text) ? htmlToDescription(text) : text;
        break;
      case 'Картинка':
        if (product && text) product.pictures.push(text);
        break;
      case 'Статус':
        if (up === 'Товар' && product && text === 'Удален') product.deleted = true;
        break;
      case 'Группа': {
        if (up === 'Группы' && groupStack.length > 0 && !product) {
          const g = groupStack.pop();
          if (g) {
            if (!g.id) throw new CommerceMlError('группа без <Ид>', g.line);
            doc.groups.push(g);
          }
        }
        break;
      }
      case 'Справочник':
        if (property && dictValue) property.values.set(dictValue.id, dictValue.value);
        dictValue = null;
        break;
      case 'Свойство':
      case 'СвойствоНоменклатуры':
        if (property && inside('Классификатор')) {
          properties.set(property.id, property);
          property = null;
        }
        break;
      case 'ЗначенияСвойства':
        if (product && propValue) product.props.push(propValue);
        propValue = null;
        break;
      case 'ХарактеристикаТовара':
        if (characteristic) {
          if (product) productCharacteristics.push(characteristic);
          else if (offer) offerCharacteristics.push(characteristic);
        }
        characteristic = null;
        break;
      case 'Товар':
        if (product && up === 'Товары') {
          if (!product.id) throw new CommerceMlError('товар без <Ид>', product.line);
          if (productCharacteristics.length > 0) {
            const c = characteristicSize(productCharacteristics);
            product.size = c.size;
            product.colour = c.colour;
            productCharacteristics = [];
          }
          for (const p of product.props) {
            const def = properties.get(p.id);
            if (!def) continue;
            const value = def.values.get(p.value) ?? p.value;
            const n = def.name.toLowerCase();
            if (SIZE_NAMES.has(n)) product.size ||= value;
            else if (COLOUR_NAMES.has(n)) product.colour ||= value;
          }
          const { props: _props, ...record } = product;
          doc.products.push(record);
          product = null;
        }
        break;
      case 'ИдТипаЦены':
        if (price) price.typeId = text;
        break;
      case 'ЦенаЗаЕдиницу':
        if (price) price.raw = text;
        break;
      case 'Цена':
        if (offer && price)
          offer.prices.push({ typeId: price.typeId, raw: price.raw, value: parseRoubles(price.raw) });
        price = null;
        break;
      case 'Количество':
        if (offer) {
          if (up === 'Предложение') {
            offer.rawQuantity = text;
            offer.quantity = parseQuantity(text);
          } else if (inside('Остатки')) {
            // 2.10: Остатки/Остаток/(Склад/)Количество, summed over the warehouses.
            const q = parseQuantity(text);
            if (q === null) offer.rawQuantity = text;
            else stockSum = (stockSum ?? 0) + q;
          }
        }
        break;
      case 'Остатки':
        if (offer && stockSum !== null && offer.quantity === null) {
          offer.quantity = stockSum;
          offer.rawQuantity = String(stockSum);
        }
        break;
      case 'ТипЦены':
        if (priceType) doc.priceTypes.push(priceType);
        priceType = null;
        break;
      case 'Предложение':
        if (offer) {
          if (!offer.id) throw new CommerceMlError('предложение без <Ид>', offer.line);
          if (offer.quantity === null && stockSum !== null && offer.rawQuantity === '') {
            offer.quantity = stockSum;
            offer.rawQuantity = String(stockSum);
          }
          if (offerCharacteristics.length > 0) {
            const c = characteristicSize(offerCharacteristics);
            offer.size = c.size;
            offer.colour = c.colour;
          } else if (offer.id.includes('#')) {
            offer.size = /\(([^()]+)\)\s*$/.exec(offerName)?.[1]?.trim() ?? '';
          }
          doc.offers.push(offer);
          offer = null;
        }
        break;
    }
  });

  const state: { decoder: Decoder | null } = { decoder: null };
  try {
    // The declaration may arrive split over chunks: hold the first bytes until it is whole.
    let head: Buffer | null = Buffer.alloc(0) as Buffer;
    const start = (bytes: Buffer) => {
      const encoding = declaredEncoding(bytes);
      if (!iconv.encodingExists(encoding)) {
        throw new CommerceMlError(`неизвестная кодировка «${encoding}»`, 1);
      }
      const decoder: Decoder = iconv.getDecoder(encoding, { stripBOM: true });
      state.decoder = decoder;
      return decoder;
    };
    for await (const chunk of source) {
      let bytes: Buffer = Buffer.from(chunk);
      if (head) {
        head = Buffer.concat([head, bytes]);
        if (head.length < 256 && !head.includes('?>')) continue;
        bytes = head;
        head = null;
        start(bytes);
      }
      const text = state.decoder?.write(bytes);
      if (text) parser.write(text);
      await hand(false);
    }
    if (head && head.length > 0) {
      const text = start(head).write(head);
      if (text) parser.write(text);
    }
    const rest = state.decoder?.end();
    if (rest) parser.write(rest);
    parser.close();
  } catch (error) {
    if (error instanceof ConsumerError) throw error.inner;
    if (error instanceof CommerceMlError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const m = /^[^:]*:(\d+):\d+: (.*)$/s.exec(message);
    throw new CommerceMlError(
      `файл повреждён (ошибка XML: ${m?.[2] ?? message})`,
      m ? Number(m[1]) : parser.line,
    );
  }
  if (!rootSeen) throw new CommerceMlError('файл пуст', 0);
  try {
    await hand(true);
  } catch (error) {
    throw error instanceof ConsumerError ? error.inner : error;
  }
  return doc;
}
