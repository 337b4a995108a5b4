/** What an import did (docs/decisions/0031-catalogue-exchange.md), kept in `imports.report`. */
export interface ImportReport {
  /** `photos`: 1C photos added to groups (absent in reports made before photos were taken). */
  created: { categories: number; groups: number; variants: number; photos?: number };
  changed: { categories: number; groups: number; variants: number; stock: number; prices: number };
  /** Groups a full catalogue no longer lists, now hidden from the storefront. */
  hidden: number;
  /** Groups the exchange had hidden (absent from a full catalogue), listed again and shown. */
  shown?: number;
  /** Records not applied, each with the file's line and why. */
  refused: { line: number; id: string; reason: string }[];
  /** Applied, but worth a look (an unknown price type). */
  warnings: { line: number; reason: string }[];
  /** Products and offers taken (absent in older reports): 0 with refusals means none applied. */
  applied?: number;
  /** Set when the whole file was refused or failed: nothing of it was stored. */
  error?: string;
  errorLine?: number;
  /** How many refusals the report leaves out (it keeps the first {@link REPORT_LIMIT}). */
  refusedOmitted?: number;
}

export const REPORT_LIMIT = 500;

/** How a barcode the 1C import made up for a product 1C sent without one begins. */
export const STAND_IN_BARCODE_PREFIX = '1C-';

/** A made-up barcode (no real one from 1C): kept out of the marketplace feeds. */
export function isStandInBarcode(barcode: string): boolean {
  return barcode.startsWith(STAND_IN_BARCODE_PREFIX);
}

export function emptyReport(): ImportReport {
  return {
    created: { categories: 0, groups: 0, variants: 0, photos: 0 },
    changed: { categories: 0, groups: 0, variants: 0, stock: 0, prices: 0 },
    hidden: 0,
    refused: [],
    warnings: [],
  };
}

/** The report as stored: long lists cut to their first entries, with how many were left out. */
export function capReport(report: ImportReport): ImportReport {
  if (report.refused.length <= REPORT_LIMIT && report.warnings.length <= REPORT_LIMIT) return report;
  return {
    ...report,
    refused: report.refused.slice(0, REPORT_LIMIT),
    warnings: report.warnings.slice(0, REPORT_LIMIT),
    refusedOmitted: Math.max(0, report.refused.length - REPORT_LIMIT),
  };
}

/** Whether the import changed anything at all. */
export function changedAnything(report: ImportReport): boolean {
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return sum(report.created) + sum(report.changed) + report.hidden > 0;
}
