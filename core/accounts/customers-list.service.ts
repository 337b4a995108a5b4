import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { CustomersListQuery } from './customers-admin.schemas.ts';
import type { CustomerListRow, CustomersListAnswer, GuestCustomerAnswer } from './customers-list.wire.ts';

const PAGE_SIZE = 25;

/** The statuses whose totals count as money the buyer paid (core/orders/order.rules.ts `isPaidStatus`). */
const PAID = sql.raw(`('paid', 'confirmed', 'shipped', 'ready_for_pickup', 'delivered')`);

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** `%`, `_` and `\` typed by staff are matched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Each order with the buyer it belongs to (docs/product/customers.md): the customer account that
 * placed it; else, for a guest order, the customer account that proved its phone or e-mail
 * (core/accounts/proven-contacts.ts, the rule the shopper's cabinet follows); else the phone it was
 * placed with, `phone:79…`, which keeps one guest buyer's orders together. Staff accounts own none.
 */
const ownedOrders = sql`
  select o.number, o.total, o.status, o.created_at, o.full_name, o.phone, o.email,
    (select count(*) from returns r where r.order_number = o.number)::int as returns,
    coalesce(
      (select u.id::text from users u where u.role = 'customer' and u.id = o.user_id),
      case when o.user_id is null then (
        select u.id::text from users u
        where u.role = 'customer'
          and ((u.phone_verified and u.phone = o.phone)
            or (u.email_verified and lower(u.email) = lower(o.email)))
        order by u.created_at, u.id limit 1
      ) end,
      'phone:' || o.phone
    ) as owner
  from orders o`;

const buyerStats = sql`
  select owner,
    count(*)::int as orders,
    coalesce(sum(total) filter (where status in ${PAID}), 0)::bigint as amount,
    sum(returns)::int as returns,
    max(created_at) as last_order,
    min(created_at) as first_order,
    (array_agg(full_name order by created_at desc))[1] as name,
    (array_agg(phone order by created_at desc))[1] as phone,
    (array_agg(email order by created_at desc))[1] as email
  from owned group by owner`;

const buyers = sql`
  select u.id::text as key, 'account' as kind,
    trim(u.second_name || ' ' || u.name) as name, u.phone, u.phone_verified, u.email, u.email_verified,
    u.created_at as since, coalesce(s.orders, 0) as orders, coalesce(s.amount, 0) as amount,
    coalesce(s.returns, 0) as returns, s.last_order
  from users u left join stats s on s.owner = u.id::text
  where u.role = 'customer'
  union all
  select substr(s.owner, 7), 'guest', s.name, s.phone, false, s.email, false,
    s.first_order, s.orders, s.amount, s.returns, s.last_order
  from stats s where s.owner like 'phone:%'`;

const sortable: Record<NonNullable<CustomersListQuery['sort']>, SQL> = {
  name: sql.raw('lower(name)'),
  orders: sql.raw('orders'),
  amount: sql.raw('amount'),
  lastOrder: sql.raw('last_order'),
  since: sql.raw('since'),
};

interface BuyerRecord {
  key: string;
  kind: 'account' | 'guest';
  name: string | null;
  phone: string | null;
  phone_verified: boolean;
  email: string | null;
  email_verified: boolean;
  since: Date | string;
  orders: number | string;
  amount: number | string | bigint;
  returns: number | string;
  last_order: Date | string | null;
  total: number | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * The back office's customers list (issue 34): every buyer, not only accounts. A guest buyer is a
 * customer by the contact their orders carry; a guest order with a contact a customer account
 * proved is that account's. Each with orders, paid amount, returns and last order.
 */
export function createCustomersListService({ db }: { db: Db }) {
  async function list(query: CustomersListQuery): Promise<CustomersListAnswer> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const words: SQL[] = [];
    const q = query.q?.trim() ?? '';
    if (q) {
      const pattern = likePattern(q);
      words.push(sql`name ilike ${pattern}`, sql`email ilike ${likePattern(q.toLowerCase())}`);
      const digits = q.replace(/\D/g, '');
      // "+7 (900) 123-45-67", "8900…" and "900123" all find 79001234567.
      if (digits.length >= 3 && /^[\d\s()+-]+$/.test(q)) {
        words.push(sql`phone like ${likePattern(digits)}`);
        if (digits.startsWith('8') && digits.length === 11) words.push(sql`phone = ${`7${digits.slice(1)}`}`);
      }
    }
    const where = words.length ? sql`where ${sql.join(words, sql` or `)}` : sql``;
    const column = sortable[query.sort ?? 'lastOrder'];
    const dir = sql.raw((query.dir ?? 'desc') === 'asc' ? 'asc nulls first' : 'desc nulls last');
    const result = (await db.execute(sql`
      with owned as (${ownedOrders}), stats as (${buyerStats}), buyers as (${buyers})
      select *, count(*) over () as total from buyers ${where}
      order by ${column} ${dir}, since desc, kind, key
      limit ${pageSize} offset ${(page - 1) * pageSize}`)) as unknown as { rows: BuyerRecord[] };
    const rows = result.rows;
    return {
      customers: rows.map(
        (r): CustomerListRow => ({
          kind: r.kind,
          key: r.key,
          name: r.name ?? '',
          phone: r.phone,
          phoneVerified: Boolean(r.phone_verified),
          email: r.email,
          emailVerified: Boolean(r.email_verified),
          since: iso(r.since),
          orders: Number(r.orders),
          amount: Number(r.amount),
          returns: Number(r.returns),
          lastOrder: r.last_order === null ? null : iso(r.last_order),
        }),
      ),
      total: Number(rows[0]?.total ?? 0),
      page,
      pageSize,
    };
  }

  /** A guest buyer's page: the orders kept by their phone, their returns, totals and consents. */
  async function guest(phone: string, locale: Locale): Promise<GuestCustomerAnswer> {
    const result = (await db.execute(sql`
      with owned as (${ownedOrders})
      select o.number, o.status, o.created_at, o.total, o.full_name, o.email,
        o.consent_version, o.consent_at, o.consent_ip, o.consent_channel,
        coalesce((select array_agg(r.number order by r.number) from returns r where r.order_number = o.number), '{}') as return_numbers
      from owned w join orders o on o.number = w.number
      where w.owner = ${`phone:${phone}`}
      order by o.created_at desc, o.number desc
      limit 200`)) as unknown as {
      rows: {
        number: number;
        status: string;
        created_at: Date | string;
        total: number | string;
        full_name: string;
        email: string;
        consent_version: string;
        consent_at: Date | string;
        consent_ip: string;
        consent_channel: 'web' | 'app';
        return_numbers: number[] | string;
      }[];
    };
    const rows = result.rows;
    if (rows.length === 0)
      throw new AppError('not_found', t(locale, 'Покупатель не найден', 'Customer not found'));
    const paid = new Set(['paid', 'confirmed', 'shipped', 'ready_for_pickup', 'delivered']);
    const orders = rows.map((o) => ({
      number: Number(o.number),
      status: o.status,
      createdAt: iso(o.created_at),
      total: Number(o.total),
      returns: (Array.isArray(o.return_numbers) ? o.return_numbers : []).map(Number),
    }));
    return {
      customer: {
        phone,
        names: [...new Set(rows.map((o) => o.full_name))],
        emails: [...new Set(rows.map((o) => o.email.toLowerCase()))],
        since: orders.at(-1)?.createdAt ?? '',
      },
      totals: {
        orders: orders.length,
        amount: orders.filter((o) => paid.has(o.status)).reduce((s, o) => s + o.total, 0),
        returns: orders.reduce((s, o) => s + o.returns.length, 0),
        lastOrder: orders[0]?.createdAt ?? null,
      },
      orders,
      consents: rows.map((o) => ({
        source: `order ${o.number}`,
        version: o.consent_version,
        at: iso(o.consent_at),
        ip: o.consent_ip,
        channel: o.consent_channel,
      })),
    };
  }

  return { list, guest };
}

export type CustomersListService = ReturnType<typeof createCustomersListService>;
