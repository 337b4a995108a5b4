/**
 * What 1C says about the shop's orders (`type=sale&mode=file`: a CommerceML documents file, spec
 * integrations.md §11): each `Документ` read into the state 1C reports, and that state mapped onto
 * the shop's order statuses. docs/decisions/0043-1c-orders-exchange.md holds the mapping.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { OrderStatus } from '../orders/order.rules.ts';

/** The furthest state 1C reports for an order; `cancelled` outranks the rest. */
export type OneCOrderState =
  | 'paid'
  | 'confirmed'
  | 'shipped'
  | 'ready_for_pickup'
  | 'delivered'
  | 'cancelled';

export interface OneCOrderReport {
  /** The shop's order number (the document's Ид, else its Номер), null when neither is one. */
  number: number | null;
  /** How the document names itself, for the answer to 1C. */
  label: string;
  state: OneCOrderState | null;
  /** The carrier's tracking number, from the requisite «Трек-номер» (or its usual variants). */
  trackingNumber: string | null;
  /** 1C's own shipment document number («Номер отгрузки по 1С»): noted, not a tracking number. */
  shipmentNumber: string | null;
  /** A «Статус заказа» 1C sent that the shop has no mapping for. */
  unknownStatus: string | null;
}

/** Case, «ё» and spacing do not matter in names and values 1C sends. */
export const normalizeName = (text: string) =>
  text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/**
 * «Статус заказа» values and the state they mean: the shop's own names (what it sends) and the
 * names common 1C configurations and site modules use.
 */
const statusNames: Record<string, OneCOrderState> = {
  оплачен: 'paid',
  подтвержден: 'confirmed',
  согласован: 'confirmed',
  принят: 'confirmed',
  'в работе': 'confirmed',
  'к выполнению': 'confirmed',
  'в резерве': 'confirmed',
  'передан перевозчику': 'shipped',
  отгружен: 'shipped',
  отправлен: 'shipped',
  'готов к выдаче': 'ready_for_pickup',
  доставлен: 'delivered',
  получен: 'delivered',
  выполнен: 'delivered',
  исполнен: 'delivered',
  закрыт: 'delivered',
  отменен: 'cancelled',
  аннулирован: 'cancelled',
};

const trackingNames = [
  'трек-номер',
  'трек номер',
  'трекномер',
  'номер отслеживания',
  'трек-номер отправления',
];

const rank: Record<Exclude<OneCOrderState, 'cancelled'>, number> = {
  paid: 1,
  confirmed: 2,
  shipped: 3,
  ready_for_pickup: 4,
  delivered: 5,
};

/** How far along an order of the shop is, on the same scale; null for states off it. */
export function progressOf(status: OrderStatus): number | null {
  return status in rank ? rank[status as keyof typeof rank] : null;
}
export function progressOfState(state: Exclude<OneCOrderState, 'cancelled'>): number {
  return rank[state];
}

const yes = (v: string | undefined) => v !== undefined && ['true', 'да', '1'].includes(normalizeName(v));
/** A 1C date requisite: an empty date comes as `T` (date and time both empty). */
const filled = (v: string | undefined) => v !== undefined && v.trim() !== '' && v.trim() !== 'T';

/** The state of one document from its requisites (names already normalised). */
export function stateOf(
  req: Map<string, string>,
  deleted: boolean,
): Omit<OneCOrderReport, 'number' | 'label'> {
  const statusText = req.get('статус заказа')?.trim() ?? '';
  const fromStatus = statusText ? (statusNames[normalizeName(statusText)] ?? null) : null;
  const tracking = trackingNames.map((n) => req.get(n)?.trim()).find((v) => v) ?? null;
  const shipmentNumber = req.get('номер отгрузки по 1с')?.trim() || null;
  let state: OneCOrderState | null = null;
  const raise = (s: Exclude<OneCOrderState, 'cancelled'>) => {
    if (state === null || (state !== 'cancelled' && rank[s] > rank[state])) state = s;
  };
  if (yes(req.get('отменен')) || yes(req.get('пометкаудаления')) || deleted || fromStatus === 'cancelled') {
    state = 'cancelled';
  } else {
    if (fromStatus) raise(fromStatus as Exclude<OneCOrderState, 'cancelled'>);
    if (
      filled(req.get('дата оплаты по 1с')) ||
      filled(req.get('номер оплаты по 1с')) ||
      yes(req.get('оплачен')) ||
      yes(req.get('заказ оплачен'))
    )
      raise('paid');
    if (yes(req.get('проведен'))) raise('confirmed');
    if (yes(req.get('отгружен')) || filled(req.get('дата отгрузки по 1с')) || shipmentNumber)
      raise('shipped');
  }
  return {
    state,
    trackingNumber: tracking,
    shipmentNumber,
    unknownStatus: statusText && !fromStatus ? statusText : null,
  };
}

type Node = Record<string, unknown>;
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v);
};
const list = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]) as Node[];

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['Контейнер', 'Документ', 'ЗначениеРеквизита'].includes(name),
});

/**
 * Reads a documents file from 1C: the orders of CommerceML 2 (`Документ` under the root) and 3
 * (`Контейнер/Документ`). A file that is not XML, or not CommerceML, is an error in Russian.
 */
export function parseSaleDocuments(xml: string): { reports: OneCOrderReport[] } | { error: string } {
  const body = xml.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    return { error: `файл не читается как XML: строка ${valid.err.line}, ${valid.err.msg}` };
  }
  const root = (parser.parse(body) as Node).КоммерческаяИнформация as Node | undefined;
  if (!root || typeof root !== 'object') return { error: 'в файле нет элемента КоммерческаяИнформация' };
  const documents = [
    ...list(root.Документ),
    ...list(root.Контейнер).flatMap((c) => list((c as Node).Документ)),
  ];
  const reports = documents.map((d): OneCOrderReport => {
    const id = text(d.Ид).trim();
    const номер = text(d.Номер).trim();
    const digits = [id, номер].find((v) => /^\d{1,9}$/.test(v));
    const req = new Map<string, string>();
    for (const r of list((d.ЗначенияРеквизитов as Node | undefined)?.ЗначениеРеквизита)) {
      const name = normalizeName(text(r.Наименование));
      if (name && !req.has(name)) req.set(name, text(Array.isArray(r.Значение) ? r.Значение[0] : r.Значение));
    }
    return {
      number: digits ? Number(digits) : null,
      label: номер || id || 'без номера',
      ...stateOf(req, yes(text(d.ПометкаУдаления))),
    };
  });
  return { reports };
}
