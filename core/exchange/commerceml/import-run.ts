import { createHash } from 'node:crypto';
import type { Actor } from '../../audit/audit.service.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type ImportKind, productGroups, variantProducts } from '../../db/schema/index.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { CmlDocument } from '../commerceml.parser.ts';
import { emptyReport, type ImportReport, STAND_IN_BARCODE_PREFIX } from '../exchange.rules.ts';
import type { ExchangePhoto } from '../exchange-photos.ts';

/**
 * What the parts of the CommerceML import share (core/exchange/commerceml.service.ts composes
 * them): the run of one file, its options, and the small helpers every part needs.
 */

export type GroupRow = typeof productGroups.$inferSelect;
export type VariantRow = typeof variantProducts.$inferSelect;

/** The colour shown for a group 1C created until staff pick one (1C sends the colour's name only). */
export const UNSET_COLOUR_HEX = '#9e9e9e';
export const INSERT_BATCH = 500;
export const UPDATE_BATCH = 1000;
/** 1C's usual name of the retail price type. */
export const DEFAULT_PRICE_TYPE = 'Розничная';

/** What every part is made with. */
export interface CmlContext {
  db: Db;
  clock: () => Date;
  /** The media store 1C's photos go to (through the image pipeline). */
  store?: MediaStore;
}

export interface ImportOptions {
  fileName: string;
  actor: Actor | null;
  /** The 1C price type (its name or Ид) whose prices the shop sells at (ONEC_PRICE_TYPE). */
  priceType?: string;
  /**
   * The exchange folder the file's photos (`<Картинка>import_files/…</Картинка>`) were uploaded to;
   * without it the photos a file names are left out with a warning.
   */
  filesDir?: string;
  /**
   * The 1C exchange session the file came in: a full catalogue's hiding waits for the session's end
   * (`finishSession`), so the session's other catalogues do not hide its products. Without one the
   * file is a session of its own.
   */
  session?: string;
}

/** What one file's batches share: small per-record keys only, never the records. */
export function newRun(options: ImportOptions) {
  return {
    options,
    categoriesSeen: 0,
    slugBySection: null as Map<string, string> | null,
    categoriesDone: new Set<string>(),
    /** Every group and variant id (for new unique ids): short strings, not rows. */
    groupIds: null as Set<string> | null,
    variantIds: null as Set<string> | null,
    seenIds: new Set<string>(),
    seenBarcodes: new Map<string, number>(),
    /** `key\0size` → the line that gave the size, across batches. */
    seenSizes: new Map<string, number>(),
    /** The groups the file listed (products, and the sizes its offers name): kept shown. */
    touchedGroups: new Set<string>(),
    photos: new Map<string, ExchangePhoto>(),
    pictures: 0,
    firstPictureLine: 0,
    /** offers.xml: the resolved price type, the variants seen, each group's lowest price. */
    priceTypeId: null as string | null,
    knownPriceTypes: new Set<string>(),
    reportedUnknown: new Set<string>(),
    seenOffers: new Set<string>(),
    groupPrices: new Map<string, number>(),
    /** Records applied (products planned, offers taken): none of many means the file failed. */
    accepted: 0,
  };
}
export type Run = ReturnType<typeof newRun>;

/** The ids of every group and variant, read once per file (new ids must not collide). */
export async function loadIds(tx: Tx, run: Run): Promise<{ groupIds: Set<string>; variantIds: Set<string> }> {
  run.groupIds ??= new Set((await tx.select({ id: productGroups.id }).from(productGroups)).map((r) => r.id));
  run.variantIds ??= new Set(
    (await tx.select({ id: variantProducts.id }).from(variantProducts)).map((r) => r.id),
  );
  return { groupIds: run.groupIds, variantIds: run.variantIds };
}

/** A session's end asked for while one of its files is still being imported: tried again later. */
export class SessionBusy extends Error {
  constructor() {
    super('файлы сеанса обмена ещё загружаются');
  }
}

/** The key of the job that ends a 1C session's hiding (one per session). */
export const sessionEndJobKey = (session: string) => `exchange-finish:${session}`;

/** A 1C session's cookie lives an hour (onec-exchange.service.ts): past it no file can come. */
export const SESSION_END_MS = 60 * 60_000;

/** A problem with the file as a whole: nothing of it is stored. */
export class RefuseFile extends Error {}

/** Offers only (offers.xml) or a catalogue (import.xml, which may carry offers too). */
export function kindOf(doc: CmlDocument): ImportKind {
  return doc.hasOffers && !doc.hasCatalogue ? 'commerceml-offers' : 'commerceml-import';
}

/** A refused or failed file stored nothing: its report says so, whatever batches had counted. */
export function resetCounts(report: ImportReport) {
  const empty = emptyReport();
  report.created = empty.created;
  report.changed = empty.changed;
  report.hidden = 0;
  delete report.shown;
  report.refused = [];
  report.warnings = [];
}

/**
 * The barcode column's stand-in for a 1C product sent without one (a barcode is optional in 1C;
 * the product is known by its Ид): unique per Ид, within the back office's barcode pattern, and
 * left out of the feeds (`isStandInBarcode`). Staff may replace it; 1C never overwrites a barcode
 * with nothing.
 */
export function standInBarcode(exchangeId: string): string {
  return `${STAND_IN_BARCODE_PREFIX}${createHash('sha256').update(exchangeId).digest('hex').slice(0, 32)}`;
}

/** One article in one colour (DECISIONS 25), as a key. */
export function keyOf(art: string, colour: string): string {
  return `${art.trim().toLowerCase()}\u0000${colour.trim().toLowerCase()}`;
}
