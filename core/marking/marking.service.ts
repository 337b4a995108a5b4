import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  categories,
  markCodes,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  productGroups,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { categoryChain } from '../orders/receipt-settings.rules.ts';
import { orderStatusName, staffMessage } from '../staff-messages.ts';
import { gtinOfBarcode, parseMarkCode } from './mark-code.rules.ts';

type Runner = Db | Tx;
type LineRow = typeof orderLines.$inferSelect;
export type MarkCodeRow = typeof markCodes.$inferSelect;

/** Order states in which staff scan codes: paid, not yet handed over (a shop pickup waits collected). */
const SCANNING_STATUSES = ['paid', 'confirmed', 'ready_for_pickup'] as const;

/**
 * Whether a product is marked (docs/product/marking.md): its own flag, else its category's or the
 * nearest parent's, else not.
 */
export function effectiveMarked(own: boolean | null, chain: readonly { marked: boolean | null }[]): boolean {
  if (own !== null) return own;
  for (const c of chain) if (c.marked !== null) return c.marked;
  return false;
}

/** An order line with whether its product is marked and the codes scanned for its units. */
export interface MarkedLine {
  line: LineRow;
  marked: boolean;
  /** The GTIN-14 its barcode gives, null when the barcode is no GTIN. */
  gtin: string | null;
  codes: MarkCodeRow[];
  /** Units still to leave with the order: its count less those refunded (a removed line, a return). */
  units: number;
}

/** The order's lines, each with its marked flag (as the catalogue says now) and its live codes. */
export async function markedLinesOf(runner: Runner, orderNumber: number): Promise<MarkedLine[]> {
  const lines = await runner
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderNumber, orderNumber))
    .orderBy(asc(orderLines.id));
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.groupId))];
  const [groups, cats, codes, refunded] = await Promise.all([
    runner
      .select({
        id: productGroups.id,
        marked: productGroups.marked,
        categorySlug: productGroups.categorySlug,
      })
      .from(productGroups)
      .where(inArray(productGroups.id, ids)),
    runner
      .select({ slug: categories.slug, parentSlug: categories.parentSlug, marked: categories.marked })
      .from(categories),
    runner
      .select()
      .from(markCodes)
      .where(and(eq(markCodes.orderNumber, orderNumber), isNull(markCodes.returnedAt)))
      .orderBy(asc(markCodes.id)),
    runner
      .select({ lineId: orderRefundLines.orderLineId, quantity: orderRefundLines.quantity })
      .from(orderRefundLines)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
      .where(and(eq(orderRefunds.orderNumber, orderNumber), ne(orderRefunds.state, 'failed'))),
  ]);
  return lines.map((line) => {
    const group = groups.find((g) => g.id === line.groupId);
    const chain = categoryChain(cats, group?.categorySlug ?? line.category);
    return {
      line,
      marked: effectiveMarked(group?.marked ?? null, chain),
      gtin: gtinOfBarcode(line.barcode),
      codes: codes.filter((c) => c.lineId === line.id),
      units: Math.max(
        0,
        line.count - refunded.filter((r) => r.lineId === line.id).reduce((a, r) => a + r.quantity, 0),
      ),
    };
  });
}

/** Marked lines whose units lack codes, with how many; empty when the order may leave. */
export function missingCodes(lines: readonly MarkedLine[]): { line: LineRow; missing: number }[] {
  return lines
    .filter((l) => l.marked && l.codes.length < l.units)
    .map((l) => ({ line: l.line, missing: l.units - l.codes.length }));
}

/**
 * Refuses a hand-over (to the carrier, or to the buyer who collects it) while marked units of the
 * order have no code, naming them in Russian (docs/product/marking.md). Call it before the step.
 */
export async function assertMarkCodesComplete(runner: Runner, orderNumber: number, locale: Locale) {
  const missing = missingCodes(await markedLinesOf(runner, orderNumber));
  if (missing.length === 0) return;
  const list = missing
    .map((m) =>
      staffMessage('marking.missing_line', locale, {
        name: `${m.line.name}, ${m.line.size}`,
        count: m.missing,
      }),
    )
    .join('; ');
  throw new AppError('conflict', staffMessage('marking.missing', locale, { list }), { field: 'markCode' });
}

/**
 * The codes of an order's units, by order line, oldest scan first: what a receipt carries for each
 * unit (the settlement receipt, and a refund receipt of the same units, docs/product/marking.md).
 * `includeReturned` adds the codes of units already marked returned (a refund receipt made after the
 * return was recorded). Lines of unmarked goods are absent.
 */
export async function markCodesForLines(
  runner: Runner,
  orderNumber: number,
  { includeReturned = false }: { includeReturned?: boolean } = {},
): Promise<Map<number, string[]>> {
  const rows = await runner
    .select({ lineId: markCodes.lineId, code: markCodes.code })
    .from(markCodes)
    .where(
      and(eq(markCodes.orderNumber, orderNumber), includeReturned ? undefined : isNull(markCodes.returnedAt)),
    )
    .orderBy(asc(markCodes.id));
  const byLine = new Map<number, string[]>();
  for (const r of rows) byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), r.code]);
  return byLine;
}

/**
 * A returned unit's code is free again (it may be sold with another order): the `count` most
 * recently scanned live codes of the line, or exactly `codes` when given. Inside the caller's
 * transaction (the return's or refund's). Returns the codes released.
 */
export async function releaseMarkCodes(
  tx: Runner,
  orderNumber: number,
  lineId: number,
  count: number,
  at: Date,
  codes?: readonly string[],
): Promise<string[]> {
  const live = await tx
    .select({ id: markCodes.id, code: markCodes.code })
    .from(markCodes)
    .where(
      and(eq(markCodes.orderNumber, orderNumber), eq(markCodes.lineId, lineId), isNull(markCodes.returnedAt)),
    )
    .orderBy(asc(markCodes.id));
  const chosen = codes ? live.filter((c) => codes.includes(c.code)) : count > 0 ? live.slice(-count) : [];
  if (chosen.length === 0) return [];
  await tx
    .update(markCodes)
    .set({ returnedAt: at })
    .where(
      inArray(
        markCodes.id,
        chosen.map((c) => c.id),
      ),
    );
  return chosen.map((c) => c.code);
}

/** Locks the order's row and refuses unless it is still in a state that takes scans. */
async function lockScanningOrder(tx: Tx, orderNumber: number, locale: Locale) {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.number, orderNumber))
    .for('update');
  if (!order) throw new AppError('not_found', staffMessage('page.not_found', locale));
  if (!(SCANNING_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError(
      'conflict',
      staffMessage('marking.wrong_state', locale, { status: orderStatusName(order.status, locale) }),
    );
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Scanning at packing (docs/product/marking.md): staff scan each unit's DataMatrix on the back
 * office's order page. The server checks the code's form, that its GTIN is the barcode of a marked
 * line of the order (when that line's barcode is a GTIN), that the line still lacks codes, and that
 * no live code anywhere names the same unit (a unique index, so two staff scanning at once cannot
 * both store it).
 */
export function createMarkingService({ db, clock }: { db: Db; clock: () => Date }) {
  function refused(message: string): AppError {
    return new AppError('invalid_data', message, { field: 'markCode' });
  }

  async function view(orderNumber: number) {
    const [lines, [order]] = await Promise.all([
      markedLinesOf(db, orderNumber),
      db.select({ status: orders.status }).from(orders).where(eq(orders.number, orderNumber)),
    ]);
    const marked = lines.filter((l) => l.marked);
    return {
      /** Codes may be scanned or removed now (the order is paid and has not left). */
      open: order !== undefined && (SCANNING_STATUSES as readonly string[]).includes(order.status),
      lines: marked.map((l) => ({
        id: l.line.id,
        name: l.line.name,
        size: l.line.size,
        count: l.units,
        codes: l.codes.map((c) => ({ id: c.id, code: c.code, form: c.form })),
      })),
      total: marked.reduce((a, l) => a + l.units, 0),
      done: marked.reduce((a, l) => a + Math.min(l.codes.length, l.units), 0),
    };
  }

  return {
    view,

    async scan(orderNumber: number, raw: string, actor: Actor, locale: Locale) {
      const parsed = parseMarkCode(raw);
      if ('refused' in parsed) throw refused(staffMessage(`marking.refused.${parsed.refused}`, locale));
      try {
        await db.transaction(async (tx) => {
          await lockScanningOrder(tx, orderNumber, locale);
          const lines = (await markedLinesOf(tx, orderNumber)).filter((l) => l.marked);
          if (lines.length === 0) throw new AppError('conflict', staffMessage('marking.not_marked', locale));
          const same = lines.find((l) =>
            l.codes.some((c) => c.gtin === parsed.gtin && c.serial === parsed.serial),
          );
          if (same) throw refused(staffMessage('marking.duplicate_here', locale));
          // The code's product: the line whose barcode is its GTIN; lines without a GTIN barcode take any.
          const fitting = lines.filter((l) => l.gtin === parsed.gtin || l.gtin === null);
          if (fitting.length === 0) throw refused(staffMessage('marking.wrong_product', locale));
          const open = [...fitting]
            .sort((a, b) => Number(b.gtin !== null) - Number(a.gtin !== null))
            .find((l) => l.codes.length < l.units);
          if (!open) throw refused(staffMessage('marking.all_scanned', locale));
          await tx.insert(markCodes).values({
            orderNumber,
            lineId: open.line.id,
            gtin: parsed.gtin,
            serial: parsed.serial,
            code: parsed.code,
            form: parsed.form,
            scannedAt: clock(),
            scannedBy: actor.userId,
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const [other] = await db
          .select({ orderNumber: markCodes.orderNumber })
          .from(markCodes)
          .where(
            and(
              eq(markCodes.gtin, parsed.gtin),
              eq(markCodes.serial, parsed.serial),
              isNull(markCodes.returnedAt),
            ),
          );
        throw refused(
          other && other.orderNumber !== orderNumber
            ? staffMessage('marking.duplicate_other', locale, { number: other.orderNumber })
            : staffMessage('marking.duplicate_here', locale),
        );
      }
      return view(orderNumber);
    },

    /** Removes a code scanned by mistake, while the order has not left. */
    async remove(orderNumber: number, codeId: number, locale: Locale) {
      await db.transaction(async (tx) => {
        await lockScanningOrder(tx, orderNumber, locale);
        const gone = await tx
          .delete(markCodes)
          .where(
            and(
              eq(markCodes.id, codeId),
              eq(markCodes.orderNumber, orderNumber),
              isNull(markCodes.returnedAt),
            ),
          )
          .returning({ id: markCodes.id });
        if (gone.length === 0) throw new AppError('not_found', staffMessage('marking.not_found', locale));
      });
      return view(orderNumber);
    },
  };
}

export type MarkingService = ReturnType<typeof createMarkingService>;
