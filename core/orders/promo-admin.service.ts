import { and, desc, eq, ilike, notInArray, sql } from 'drizzle-orm';
import type { Actor, createAuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { orders, promoCodes } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { PromoCreateInput, PromoUpdateInput } from './promo-admin.schemas.ts';

type PromoRow = typeof promoCodes.$inferSelect;
type Audit = Pick<ReturnType<typeof createAuditService>, 'record'>;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

export interface PromoView {
  code: string;
  percent: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  phone: string | null;
  firstOrderOnly: boolean;
  createdAt: string;
  updatedAt: string;
}

function view(row: PromoRow): PromoView {
  return {
    code: row.code,
    percent: row.percent,
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

/** Promo codes in the back office (admins and managers; docs/product/promo-codes.md). */
export function createPromoAdminService({ db, audit, clock }: { db: Db; audit: Audit; clock: () => Date }) {
  /** Every code, newest first, with the orders that used it (those not cancelled or failed). */
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
      .where(query.q ? ilike(promoCodes.code, `%${query.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined)
      .orderBy(desc(promoCodes.createdAt), promoCodes.code)
      .limit(500);
    return { rows: rows.map((r) => ({ ...view(r.promo), orders: Number(r.orders) })) };
  }

  async function get(code: string, locale: Locale): Promise<PromoView> {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    if (!row) throw new AppError('not_found', t(locale, 'Промокод не найден', 'Promo code not found'));
    return view(row);
  }

  async function create(input: PromoCreateInput, actor: Actor, locale: Locale): Promise<PromoView> {
    const now = clock();
    return db.transaction(async (tx) => {
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
      if (!before) throw new AppError('not_found', t(locale, 'Промокод не найден', 'Promo code not found'));
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

  return { list, get, create, update };
}

export type PromoAdminService = ReturnType<typeof createPromoAdminService>;
