import { type Localized, pick } from '../i18n.ts';
import { type WireEdition, wirePrice } from '../wire.ts';
import type { SettingsDocument } from './settings.schemas.ts';

/**
 * `GET /api/settings` on the wire (catalogue.md §3 Settings documents, §7; DECISIONS 28): the three
 * documents (`_id` main, contacts, ui) with every text in the edition's language and the delivery
 * figures in the edition's currency. Stored, each text keeps both languages and money is kopecks.
 */
export type WireSettingsDocument = { _id: SettingsDocument['_id'] } & Record<string, unknown>;

/** The documents' money fields (kopecks inside), by document. */
const moneyFields: Record<SettingsDocument['_id'], readonly string[]> = {
  main: ['freeDeliveryMin'],
  contacts: [],
  ui: [
    'moscowTryDeliveryPrice',
    'moscowTryDeliveryOutMkadPrice',
    'moscowDeliveryPrice',
    'moscowDeliveryOutMkadPrice',
  ],
};

function isLocalized(value: object): value is Localized {
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as Record<string, unknown>).ru === 'string' &&
    typeof (value as Record<string, unknown>).en === 'string'
  );
}

/** Every `{ ru, en }` text inside `value` replaced by the edition's one. */
export function localizeDeep(value: unknown, edition: Pick<WireEdition, 'locale'>): unknown {
  if (Array.isArray(value)) return value.map((v) => localizeDeep(v, edition));
  if (value === null || typeof value !== 'object') return value;
  if (isLocalized(value)) return pick(value, edition.locale);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localizeDeep(v, edition)]));
}

export function settingsDocumentToWire(doc: SettingsDocument, edition: WireEdition): WireSettingsDocument {
  const wire = localizeDeep(doc, edition) as WireSettingsDocument;
  for (const field of moneyFields[doc._id]) {
    const kopecks = wire[field];
    if (typeof kopecks === 'number') wire[field] = wirePrice(kopecks, edition);
  }
  return wire;
}
