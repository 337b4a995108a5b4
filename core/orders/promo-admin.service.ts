import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Actor, createAuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import {
  categories,
  collections,
  orders,
  productGroups,
  promoBatches,
  promoCodes,
} from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { formatRoubles, staffMessage } from '../staff-messages.ts';
import { csvCell } from './orders-admin.rules.ts';
import { batchCode, type PromoScope } from './promo.rules.ts';
import type { PromoBatchView, PromoView } from './promo.wire.ts';

export type { PromoBatchView, PromoView } from './promo.wire.ts';

import type { PromoBatchInput, PromoCreateInput, PromoUpdateInput } from './promo-admin.schemas.ts';

type PromoRow = typeof promoCodes.$inferSelect;
type Audit = Pick<ReturnType<typeof createAuditService>, 'record'>;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

function view(row: PromoRow): PromoView {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount: row.amount,
    minOrder: row.minOrder,
    limitTo: row.limitTo,
    batchId: row.batchId,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    perCustomerLimit: row.perCustomerLimit,
    phone: row.phone,
    firstOrderOnly: row.firstOrderOnly,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `2026-11-20 12:00` in Moscow time, as Excel reads a date. */
function moscowDateTime(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Promo codes in the back office (admins and managers; docs/product/promo-codes.md). */
export function createPromoAdminService({
  db,
  audit,
  clock,
  random = randomBytes,
}: {
  db: Db;
  audit: Audit;
  clock: () => Date;
  /** Random bytes for batch codes; a test may pass its own. */
  random?: (size: number) => Uint8Array;
}) {
  /**
   * Every code made alone (a batch's codes are listed with their batch), newest first, with the
   * orders that used it (those not cancelled or failed). A search looks in batches too.
   */
  async function list(query: { q?: string }) {
    const used = db
      .select({ code: orders.promoCode, n: sql<number>`count(*)::int`.as('n') })
      .from(orders)
      .where(notInArray(orders.status, ['cancelled', 'payment_failed']))
      .groupBy(orders.promoCode)
      .as('used');
    const rows = await db
      .select({ promo: promoCodes, orders: sql<number>`coalesce(${used.n}, 0)` })
      .from(promoCodes)
      .leftJoin(used, eq(used.code, promoCodes.code))
      .where(
        query.q
          ? ilike(promoCodes.code, `%${query.q.replace(/[%_\\]/g, '\\$&')}%`)
          : isNull(promoCodes.batchId),
      )
      .orderBy(desc(promoCodes.createdAt), promoCodes.code)
      .limit(500);
    return {
      rows: rows.map((r) => ({ ...view(r.promo), orders: Number(r.orders) })),
      batches: await listBatches(),
    };
  }

  async function listBatches(): Promise<PromoBatchView[]> {
    const batches = await db.select().from(promoBatches).orderBy(desc(promoBatches.createdAt)).limit(100);
    if (batches.length === 0) return [];
    const ids = batches.map((b) => b.id);
    const uses = await db
      .select({
        batchId: promoCodes.batchId,
        used: sql<number>`count(*) filter (where ${promoCodes.usedCount} > 0)`,
      })
      .from(promoCodes)
      .where(inArray(promoCodes.batchId, ids))
      .groupBy(promoCodes.batchId);
    const firsts = await db
      .selectDistinctOn([promoCodes.batchId])
      .from(promoCodes)
      .where(inArray(promoCodes.batchId, ids))
      .orderBy(promoCodes.batchId, promoCodes.code);
    return batches.map((b) => {
      const first = firsts.find((f) => f.batchId === b.id);
      return {
        id: b.id,
        prefix: b.prefix,
        count: b.count,
        used: Number(uses.find((u) => u.batchId === b.id)?.used ?? 0),
        createdAt: b.createdAt.toISOString(),
        offer: first ? view(first) : null,
      };
    });
  }

  async function get(code: string, locale: Locale): Promise<PromoView> {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    if (!row) throw new AppError('not_found', staffMessage('promo.not_found', locale));
    return view(row);
  }

  /** Refuses a limit naming a category, collection or product the shop does not have. */
  async function checkScope(runner: Pick<Db, 'select'>, scope: PromoScope, locale: Locale) {
    const missing = async (
      wanted: string[],
      table: typeof categories | typeof collections,
    ): Promise<string[]> => {
      if (wanted.length === 0) return [];
      const found = await runner.select({ slug: table.slug }).from(table).where(inArray(table.slug, wanted));
      return wanted.filter((w) => !found.some((f) => f.slug === w));
    };
    const products = scope.products.length
      ? await runner
          .select({ id: productGroups.id })
          .from(productGroups)
          .where(inArray(productGroups.id, scope.products))
      : [];
    const fields: [keyof PromoScope, string[]][] = [
      ['categories', await missing(scope.categories, categories)],
      ['collections', await missing(scope.collections, collections)],
      ['products', scope.products.filter((p) => !products.some((f) => f.id === p))],
    ];
    for (const [field, unknown] of fields) {
      if (unknown.length > 0) {
        throw new AppError(
          'invalid_data',
          staffMessage('promo.unknown_scope', locale, { names: unknown.join(', ') }),
          {
            field: `limitTo.${field}`,
          },
        );
      }
    }
  }

  async function create(input: PromoCreateInput, actor: Actor, locale: Locale): Promise<PromoView> {
    const now = clock();
    return db.transaction(async (tx) => {
      await checkScope(tx, input.limitTo, locale);
      const [row] = await tx
        .insert(promoCodes)
        .values({ ...input, usedCount: 0, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new AppError(
          'conflict',
          t(locale, `Промокод ${input.code} уже есть`, `The promo code ${input.code} already exists`),
          { field: 'code' },
        );
      }
      const after = view(row);
      await audit.record(tx, actor, {
        action: 'promo.create',
        entityType: 'promo_code',
        entityId: row.code,
        after,
      });
      return after;
    });
  }

  /** Saves over the edit stamp the screen showed; a newer save wins and this one gets 409. */
  async function update(
    code: string,
    input: PromoUpdateInput,
    actor: Actor,
    locale: Locale,
  ): Promise<PromoView> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
      if (!before) throw new AppError('not_found', staffMessage('promo.not_found', locale));
      if (before.updatedAt.getTime() !== new Date(input.updatedAt).getTime()) {
        throw new StaleError(
          t(
            locale,
            'Промокод изменили, пока вы его редактировали: показаны новые значения',
            'The promo code was changed while you edited it: the newer values are shown',
          ),
          view(before),
          'updatedAt',
        );
      }
      if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
        throw new AppError(
          'invalid_data',
          t(
            locale,
            `Лимит не может быть меньше числа использований (${before.usedCount})`,
            `The limit cannot be below the uses so far (${before.usedCount})`,
          ),
          { field: 'usageLimit' },
        );
      }
      await checkScope(tx, input.limitTo, locale);
      const { updatedAt: _shown, ...fields } = input;
      const stamp = new Date(Math.max(clock().getTime(), before.updatedAt.getTime() + 1));
      const [row] = await tx
        .update(promoCodes)
        .set({ ...fields, updatedAt: stamp })
        .where(and(eq(promoCodes.code, code)))
        .returning();
      if (!row) throw new Error(`promo code ${code} vanished under its lock`);
      const after = view(row);
      await audit.record(tx, actor, {
        action: before.active && !row.active ? 'promo.disable' : 'promo.update',
        entityType: 'promo_code',
        entityId: code,
        before: view(before),
        after,
      });
      return after;
    });
  }

  /**
   * Makes a campaign's batch: `count` codes `PREFIX-XXXXXXXX`, each single-use, with the shared
   * offer, in one transaction (all or none). A code that happens to exist already is drawn again.
   */
  async function createBatch(input: PromoBatchInput, actor: Actor, locale: Locale): Promise<PromoBatchView> {
    const now = clock();
    const { prefix, count: wanted, ...offer } = input;
    return db.transaction(async (tx) => {
      await checkScope(tx, offer.limitTo, locale);
      const [batch] = await tx
        .insert(promoBatches)
        .values({ prefix, count: wanted, createdAt: now })
        .returning();
      if (!batch) throw new Error('the promo batch was not stored');
      let made = 0;
      // Each round draws the codes still missing; a round that adds none means the prefix is crowded.
      for (let round = 0; made < wanted && round < 5; round++) {
        const fresh = new Set<string>();
        while (fresh.size < wanted - made) fresh.add(batchCode(prefix, random(16)));
        const values = [...fresh].map((code) => ({
          ...offer,
          code,
          batchId: batch.id,
          usageLimit: 1,
          usedCount: 0,
          phone: null,
          createdAt: now,
          updatedAt: now,
        }));
        for (let i = 0; i < values.length; i += 500) {
          const stored = await tx
            .insert(promoCodes)
            .values(values.slice(i, i + 500))
            .onConflictDoNothing()
            .returning({ code: promoCodes.code });
          made += stored.length;
        }
      }
      if (made < wanted) {
        throw new AppError('conflict', staffMessage('promo.batch_codes_taken', locale), { field: 'prefix' });
      }
      const [first] = await tx
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.batchId, batch.id))
        .orderBy(promoCodes.code)
        .limit(1);
      const result: PromoBatchView = {
        id: batch.id,
        prefix,
        count: wanted,
        used: 0,
        createdAt: batch.createdAt.toISOString(),
        offer: first ? view(first) : null,
      };
      const { batchId: _batch, code: _code, ...shared } = result.offer ?? ({} as PromoView);
      await audit.record(tx, actor, {
        action: 'promo.batch',
        entityType: 'promo_batch',
        entityId: prefix,
        after: { prefix, count: wanted, ...shared },
      });
      return result;
    });
  }

  /**
   * A batch's codes as a CSV for staff (Excel's semicolons, a BOM so it reads UTF-8): each code, what
   * it gives, the order it needs, until when, and whether it was used.
   */
  async function exportBatch(id: string, locale: Locale): Promise<{ prefix: string; csv: string }> {
    const [batch] = await db.select().from(promoBatches).where(eq(promoBatches.id, id));
    if (!batch) throw new AppError('not_found', staffMessage('promo.batch_not_found', locale));
    const rows = await db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.batchId, id))
      .orderBy(promoCodes.code);
    const say = (key: Parameters<typeof staffMessage>[0]) => staffMessage(key, locale);
    const header = [
      say('promo.csv.code'),
      say('promo.csv.kind'),
      say('promo.csv.value'),
      say('promo.csv.min_order'),
      say('promo.csv.valid_until'),
      say('promo.csv.used'),
    ];
    const value = (r: PromoRow) =>
      r.kind === 'percent'
        ? `${r.percent} %`
        : r.kind === 'amount'
          ? formatRoubles(r.amount ?? 0, locale)
          : '';
    const lines = rows.map((r) =>
      [
        csvCell(r.code),
        csvCell(say(`promo.kind.${r.kind}`)),
        csvCell(value(r)),
        csvCell(r.minOrder === null ? '' : formatRoubles(r.minOrder, locale)),
        csvCell(r.endsAt ? moscowDateTime(r.endsAt) : ''),
        csvCell(say(r.usedCount > 0 ? 'value.yes' : 'value.no')),
      ].join(';'),
    );
    return {
      prefix: batch.prefix,
      csv: `\uFEFF${header.map(csvCell).join(';')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`,
    };
  }

  return { list, get, create, update, createBatch, exportBatch };
}

export type PromoAdminService = ReturnType<typeof createPromoAdminService>;
