import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { orderNotes, orders, orderTags } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { parseOrderSearch } from './orders-admin.rules.ts';
import type { OrdersAdminService } from './orders-admin.service.ts';
import type { OrderSortColumn, OrdersBulkStepInput, OrdersListQuery } from './orders-list.schemas.ts';
import type {
  OrderNotesAnswer,
  OrdersBulkAnswer,
  OrdersListEntry,
  OrdersListPage,
} from './orders-list.wire.ts';

const PAGE_SIZE = 25;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Midnight of a Moscow calendar day (UTC+3 all year since 2014; DECISIONS 15). */
function moscowMidnight(day: string, plusDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + plusDays * 86_400_000);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The whitelisted sort columns (core/orders/orders-list.schemas.ts) as database columns. */
const sortable: Record<OrderSortColumn, SQL | AnyPgColumn> = {
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  fullName: sql`lower(${orders.fullName})`,
  deliveryMethod: orders.getWay,
  payment: orders.payment,
  total: orders.total,
};

/**
 * The back office's orders list (issue 34): any column sorted, filters, tags and a page, plus the
 * staff's internal notes and tags on an order, and the actions on a selection of orders. A step on
 * the selection goes order by order through the order service's transition table and version check.
 */
export function createOrdersListService({
  db,
  audit,
  ordersAdmin,
}: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  ordersAdmin: Pick<OrdersAdminService, 'takeStep'>;
}) {
  function conditions(f: OrdersListQuery): SQL[] {
    const where: SQL[] = [];
    if (f.status) where.push(eq(orders.status, f.status));
    if (f.payment) where.push(eq(orders.payment, f.payment));
    if (f.deliveryMethod) where.push(eq(orders.getWay, f.deliveryMethod));
    if (f.from) where.push(gte(orders.createdAt, moscowMidnight(f.from)));
    if (f.to) where.push(lt(orders.createdAt, moscowMidnight(f.to, 1)));
    if (f.tag) {
      where.push(
        sql`exists (select 1 from ${orderTags} where ${orderTags.orderNumber} = ${orders.number} and ${orderTags.tag} = ${f.tag})`,
      );
    }
    const search = f.q ? parseOrderSearch(f.q) : null;
    if (search?.kind === 'number') where.push(eq(orders.number, search.number));
    if (search?.kind === 'phone') {
      where.push(
        search.exact ? eq(orders.phone, search.digits) : like(orders.phone, `%${escapeLike(search.digits)}%`),
      );
    }
    if (search?.kind === 'email') where.push(sql`lower(${orders.email}) = ${search.email}`);
    if (search?.kind === 'name') where.push(ilike(orders.fullName, `%${escapeLike(search.text)}%`));
    return where;
  }

  async function tagsOf(numbers: number[]): Promise<Map<number, string[]>> {
    const byOrder = new Map<number, string[]>();
    if (numbers.length === 0) return byOrder;
    const rows = await db
      .select()
      .from(orderTags)
      .where(inArray(orderTags.orderNumber, numbers))
      .orderBy(asc(orderTags.tag));
    for (const r of rows) byOrder.set(r.orderNumber, [...(byOrder.get(r.orderNumber) ?? []), r.tag]);
    return byOrder;
  }

  async function list(f: OrdersListQuery): Promise<OrdersListPage> {
    const page = f.page ?? 1;
    const pageSize = f.pageSize ?? PAGE_SIZE;
    const where = conditions(f);
    const condition = where.length ? and(...where) : undefined;
    const column = sortable[f.sort ?? 'number'];
    const direction = (f.dir ?? 'desc') === 'asc' ? asc : desc;
    const [counted, rows, tagRows] = await Promise.all([
      db.select({ n: count() }).from(orders).where(condition),
      db
        .select({
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          version: orders.version,
          fullName: orders.fullName,
          phone: orders.phone,
          email: orders.email,
          deliveryMethod: orders.getWay,
          payment: orders.payment,
          total: orders.total,
          notes: sql<number>`(select count(*)::int from ${orderNotes} where ${orderNotes.orderNumber} = ${orders.number})`,
        })
        .from(orders)
        .where(condition)
        // The number breaks ties, so a page never repeats or skips an order.
        .orderBy(direction(column), direction(orders.number))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.selectDistinct({ tag: orderTags.tag }).from(orderTags).orderBy(asc(orderTags.tag)).limit(200),
    ]);
    const tags = await tagsOf(rows.map((r) => r.number));
    return {
      rows: rows.map(
        (r): OrdersListEntry => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          notes: Number(r.notes),
          tags: tags.get(r.number) ?? [],
        }),
      ),
      total: Number(counted[0]?.n ?? 0),
      page,
      pageSize,
      tags: tagRows.map((r) => r.tag),
    };
  }

  async function requireOrder(number: number, locale: Locale) {
    const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.number, number));
    if (!row) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
  }

  async function notes(number: number, locale: Locale): Promise<OrderNotesAnswer> {
    await requireOrder(number, locale);
    const rows = await db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderNumber, number))
      .orderBy(asc(orderNotes.id));
    const tags = await tagsOf([number]);
    return {
      notes: rows.map((n) => ({
        id: n.id,
        text: n.text,
        author: n.authorLabel,
        createdAt: n.createdAt.toISOString(),
      })),
      tags: tags.get(number) ?? [],
    };
  }

  async function addNote(number: number, text: string, actor: Actor, locale: Locale) {
    await requireOrder(number, locale);
    await db.transaction(async (tx) => {
      const [note] = await tx
        .insert(orderNotes)
        .values({ orderNumber: number, text, authorId: actor.userId, authorLabel: actor.email })
        .returning();
      await audit.record(tx, actor, {
        action: 'order.note',
        entityType: 'order',
        entityId: String(number),
        after: { note: note?.text },
      });
    });
    return notes(number, locale);
  }

  /**
   * Replaces an order's tags. `before` is the list the screen showed: if another staff member changed
   * the tags meanwhile, the change is refused with the current tags (the conflict protocol, DECISIONS 31).
   */
  async function setTags(
    number: number,
    next: string[],
    before: string[] | undefined,
    actor: Actor,
    locale: Locale,
  ) {
    await requireOrder(number, locale);
    const wanted = [...new Set(next)].sort();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${orders} where ${orders.number} = ${number} for update`);
      const current = (
        await tx.select().from(orderTags).where(eq(orderTags.orderNumber, number)).orderBy(asc(orderTags.tag))
      ).map((r) => r.tag);
      if (before !== undefined && [...new Set(before)].sort().join('\n') !== current.join('\n')) {
        throw new StaleError(
          t(
            locale,
            'Метки заказа уже изменил другой сотрудник',
            'Another staff member has already changed the order’s tags',
          ),
          { tags: current },
        );
      }
      await tx.delete(orderTags).where(eq(orderTags.orderNumber, number));
      if (wanted.length)
        await tx.insert(orderTags).values(wanted.map((tag) => ({ orderNumber: number, tag })));
      await audit.record(tx, actor, {
        action: 'order.tags',
        entityType: 'order',
        entityId: String(number),
        before: { tags: current },
        after: { tags: wanted },
      });
      return { tags: wanted };
    });
  }

  /** Adds one tag to each selected order (an order that has it keeps it once). */
  async function bulkTag(numbers: number[], tag: string, actor: Actor): Promise<OrdersBulkAnswer> {
    const unique = [...new Set(numbers)];
    return db.transaction(async (tx) => {
      const found = await tx
        .select({ number: orders.number })
        .from(orders)
        .where(inArray(orders.number, unique));
      const known = new Set(found.map((r) => r.number));
      const tagged = unique.filter((n) => known.has(n));
      if (tagged.length) {
        await tx
          .insert(orderTags)
          .values(tagged.map((orderNumber) => ({ orderNumber, tag })))
          .onConflictDoNothing();
        for (const number of tagged) {
          await audit.record(tx, actor, {
            action: 'order.tags',
            entityType: 'order',
            entityId: String(number),
            after: { added: tag },
          });
        }
      }
      return { results: unique.map((number) => ({ number, ok: known.has(number) })) };
    });
  }

  /**
   * One step for each selected order, one by one through the order service (its transition table,
   * version check and messages): each answer says whether its order moved, or why not.
   */
  async function bulkStep(
    input: OrdersBulkStepInput,
    actor: Actor,
    locale: Locale,
  ): Promise<OrdersBulkAnswer> {
    const results: OrdersBulkAnswer['results'] = [];
    const current = new Map(
      (
        await db
          .select({ number: orders.number, version: orders.version, status: orders.status })
          .from(orders)
          .where(
            inArray(
              orders.number,
              input.orders.map((o) => o.number),
            ),
          )
      ).map((o) => [o.number, o]),
    );
    for (const order of input.orders) {
      const now = current.get(order.number);
      // Changed since the screen showed it: reported as a conflict, left for the manager to look at.
      if (now && (now.version !== order.version || now.status !== order.from)) {
        results.push({
          number: order.number,
          ok: false,
          conflict: true,
          message: t(
            locale,
            'Заказ изменился, пока вы смотрели список',
            'The order changed while you were looking at the list',
          ),
        });
        continue;
      }
      try {
        await ordersAdmin.takeStep(
          order.number,
          { version: order.version, from: order.from, to: input.to },
          actor,
          locale,
        );
        results.push({ number: order.number, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({
          number: order.number,
          ok: false,
          conflict: error instanceof StaleError,
          message: error.localized(locale),
        });
      }
    }
    return { results };
  }

  return { list, notes, addNote, setTags, bulkTag, bulkStep };
}

export type OrdersListService = ReturnType<typeof createOrdersListService>;
