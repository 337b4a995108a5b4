import { asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  cartReminders,
  crmRequests,
  newsletterSubscriptions,
  orderEvents,
  orderLines,
  orders,
  outbox,
  restockSubscriptions,
  sessions,
  signInCodes,
  userAddresses,
  userCarts,
  users,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { provenContacts } from './proven-contacts.ts';

type Runner = Db | Tx;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/**
 * What an anonymised order carries instead of the person (docs/decisions/0014-customer-erasure.md):
 * one fixed word, never a hash of what was there, so nothing on the order leads back to them.
 */
export const ERASED = 'удалено';
/** The order event that marks an order whose person was removed on request. */
export const ERASED_CAUSE = 'personal data removed on request (DECISIONS 20)';

/**
 * The back office's customers (DECISIONS 20, 30): one customer's page, the export of
 * everything the shop holds about them, and deletion on request.
 *
 * A customer is an account. Rows kept by contact alone (guest orders, restock sign-ups, reminders,
 * callback requests, sent messages) count as theirs only through a contact the account proved (a
 * mailed password or a sign-in code): a contact merely typed into a profile may be someone else's.
 */
export function createCustomersAdminService({
  db,
  audit,
  clock,
}: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  clock: () => Date;
}) {
  async function requireUser(runner: Runner, id: string, locale: Locale, forUpdate = false) {
    const query = runner.select().from(users).where(eq(users.id, id));
    const [user] = forUpdate ? await query.for('update') : await query;
    if (!user) throw new AppError('not_found', t(locale, 'Покупатель не найден', 'Customer not found'));
    return user;
  }

  /** The customer's orders for staff: the account's, and any kept by a contact it has proven. */
  function ordersOf(user: typeof users.$inferSelect): SQL {
    const proven = provenContacts(user);
    const conditions: SQL[] = [eq(orders.userId, user.id)];
    if (proven.phone) conditions.push(eq(orders.phone, proven.phone));
    if (proven.email) conditions.push(eq(sql`lower(${orders.email})`, proven.email));
    return or(...conditions) as SQL;
  }

  function profileOf(user: typeof users.$inferSelect) {
    return {
      id: user.id,
      name: user.name,
      secondName: user.secondName,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: user.phone,
      phoneVerified: user.phoneVerified,
      birthDate: user.birthDate,
      role: user.role,
      notificationChannel: user.notificationChannel,
      createdAt: user.createdAt.toISOString(),
      consent: user.consentAt
        ? { version: user.consentVersion, at: user.consentAt.toISOString(), ip: user.consentIp }
        : null,
    };
  }

  async function addressesOf(runner: Runner, userId: string) {
    const rows = await runner
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.id));
    return rows.map(({ userId: _u, ...a }) => ({ ...a, createdAt: a.createdAt.toISOString() }));
  }

  /** One customer's page: profile, proven contacts, addresses, orders, consents, channel. */
  async function get(id: string, locale: Locale) {
    const user = await requireUser(db, id, locale);
    const orderRows = await db
      .select({
        number: orders.number,
        status: orders.status,
        locale: orders.locale,
        createdAt: orders.createdAt,
        total: orders.total,
        displayCurrency: orders.displayCurrency,
        displayTotal: orders.displayTotal,
        userId: orders.userId,
        consentVersion: orders.consentVersion,
        consentAt: orders.consentAt,
        consentIp: orders.consentIp,
        consentChannel: orders.consentChannel,
      })
      .from(orders)
      .where(ordersOf(user))
      .orderBy(desc(orders.createdAt))
      .limit(200);
    return {
      customer: profileOf(user),
      addresses: await addressesOf(db, user.id),
      orders: orderRows.map((o) => ({
        number: o.number,
        status: o.status,
        locale: o.locale,
        createdAt: o.createdAt.toISOString(),
        total: o.total,
        displayCurrency: o.displayCurrency,
        displayTotal: o.displayTotal,
        /** Placed signed in, or as a guest with one of the account's proven contacts. */
        byAccount: o.userId === user.id,
      })),
      consents: [
        ...(user.consentAt
          ? [
              {
                source: 'registration',
                version: user.consentVersion,
                at: user.consentAt.toISOString(),
                ip: user.consentIp,
              },
            ]
          : []),
        // 38-FZ: the consent to marketing messages, while it stands (docs/product/marketing-consent.md).
        ...(user.marketingConsentAt
          ? [
              {
                source: 'marketing',
                version: user.marketingConsentVersion,
                at: user.marketingConsentAt.toISOString(),
                ip: user.marketingConsentIp,
              },
            ]
          : []),
        ...orderRows.map((o) => ({
          source: `order ${o.number}`,
          version: o.consentVersion,
          at: o.consentAt.toISOString(),
          ip: o.consentIp,
          /** On the site's checkout, or from the app (docs/product/checkout-and-payments.md). */
          channel: o.consentChannel,
        })),
      ],
    };
  }

  /** Everything the shop holds about the customer (DECISIONS 20), as one JSON document. */
  async function exportData(id: string, actor: Actor, locale: Locale) {
    return db.transaction(async (tx) => {
      const user = await requireUser(tx, id, locale);
      const proven = provenContacts(user);
      const orderRows = await tx.select().from(orders).where(ordersOf(user)).orderBy(asc(orders.number));
      const numbers = orderRows.map((o) => o.number);
      const lines = numbers.length
        ? await tx
            .select()
            .from(orderLines)
            .where(inArray(orderLines.orderNumber, numbers))
            .orderBy(asc(orderLines.id))
        : [];
      const events = numbers.length
        ? await tx
            .select()
            .from(orderEvents)
            .where(inArray(orderEvents.orderNumber, numbers))
            .orderBy(asc(orderEvents.id))
        : [];
      const [cart] = await tx.select().from(userCarts).where(eq(userCarts.userId, user.id));
      const sessionRows = await tx
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(asc(sessions.id));
      const restock = proven.email
        ? await tx.select().from(restockSubscriptions).where(eq(restockSubscriptions.email, proven.email))
        : [];
      const newsletter = proven.email
        ? await tx
            .select()
            .from(newsletterSubscriptions)
            .where(eq(newsletterSubscriptions.email, proven.email))
        : [];
      const reminders = proven.phone
        ? await tx.select().from(cartReminders).where(eq(cartReminders.phone, proven.phone))
        : [];
      const requests = proven.phone
        ? await tx.select().from(crmRequests).where(eq(crmRequests.phone, proven.phone))
        : [];
      const recipients = [proven.email, proven.phone].filter((c): c is string => c !== null);
      const messages = recipients.length
        ? await tx
            .select()
            .from(outbox)
            .where(inArray(outbox.recipient, recipients))
            .orderBy(asc(outbox.id))
            .limit(1000)
        : [];
      const document = {
        exportedAt: clock().toISOString(),
        profile: profileOf(user),
        addresses: await addressesOf(tx, user.id),
        cart: cart ? { items: cart.items, updatedAt: cart.updatedAt.toISOString() } : null,
        sessions: sessionRows.map((s) => ({
          createdAt: s.createdAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          revokedAt: s.revokedAt?.toISOString() ?? null,
          ip: s.ip,
        })),
        orders: orderRows.map((o) => ({
          number: o.number,
          status: o.status,
          locale: o.locale,
          createdAt: o.createdAt.toISOString(),
          getWay: o.getWay,
          payment: o.payment,
          fullName: o.fullName,
          phone: o.phone,
          email: o.email,
          comment: o.comment,
          delivery: o.delivery,
          payerPhone: o.payerPhone,
          goodsTotal: o.goodsTotal,
          deliveryPrice: o.deliveryPrice,
          promoCode: o.promoCode,
          promoDiscount: o.promoDiscount,
          total: o.total,
          displayCurrency: o.displayCurrency,
          displayTotal: o.displayTotal,
          trackingNumber: o.trackingNumber,
          consent: { version: o.consentVersion, at: o.consentAt.toISOString(), ip: o.consentIp },
          lines: lines
            .filter((l) => l.orderNumber === o.number)
            .map((l) => ({
              variantId: l.variantId,
              name: l.name,
              size: l.size,
              price: l.price,
              count: l.count,
            })),
          history: events
            .filter((e) => e.orderNumber === o.number)
            .map((e) => ({ from: e.fromStatus, to: e.toStatus, at: e.at.toISOString() })),
        })),
        restockSubscriptions: restock.map((r) => ({
          productId: r.productId,
          createdAt: r.createdAt.toISOString(),
          notifiedAt: r.notifiedAt?.toISOString() ?? null,
        })),
        newsletter: newsletter.map((n) => ({ email: n.email, createdAt: n.createdAt.toISOString() })),
        cartReminders: reminders.map((r) => ({
          variantIds: r.variantIds,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
        callbackRequests: requests.map((r) => ({
          formSubject: r.formSubject,
          name: r.name,
          phone: r.phone,
          question: r.question,
          createdAt: r.createdAt.toISOString(),
        })),
        // What was sent to them, without its text: sign-in codes and mailed passwords stay out of a file.
        messages: messages.map((m) => ({
          channel: m.channel,
          to: m.recipient,
          subject: typeof m.payload.subject === 'string' ? m.payload.subject : null,
          createdAt: m.createdAt.toISOString(),
        })),
      };
      await audit.record(tx, actor, {
        action: 'customer.export',
        entityType: 'customer',
        entityId: user.id,
        after: {
          sections: Object.fromEntries(
            Object.entries(document)
              .filter(([, v]) => Array.isArray(v))
              .map(([k, v]) => [k, (v as unknown[]).length]),
          ),
        },
      });
      return document;
    });
  }

  /**
   * Deletion on request (DECISIONS 20, docs/decisions/0014-customer-erasure.md): the account and what
   * hangs on it go; orders stay for accounting with the person replaced by `ERASED`. The audit log
   * records which kinds of data went and how many, never the values.
   */
  async function remove(id: string, confirm: string, actor: Actor, locale: Locale) {
    return db.transaction(async (tx) => {
      const user = await requireUser(tx, id, locale, true);
      if (user.role !== 'customer') {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Это сотрудник: сначала снимите его роль',
            'This is a staff member: remove their role first',
          ),
        );
      }
      const typed = confirm.trim().toLowerCase();
      const typedDigits = typed.replace(/\D/g, '');
      const matches =
        (user.email !== null && typed === user.email.toLowerCase()) ||
        (user.phone !== null &&
          typedDigits.length > 0 &&
          /^[\d\s()+-]+$/.test(typed) &&
          (typedDigits === user.phone ||
            (typedDigits.startsWith('8') && `7${typedDigits.slice(1)}` === user.phone)));
      if (!matches) {
        throw new AppError(
          'invalid_data',
          t(
            locale,
            'Введите e-mail или телефон покупателя для подтверждения',
            "Type the customer's e-mail or phone to confirm",
          ),
          { field: 'confirm' },
        );
      }
      const proven = provenContacts(user);
      const now = clock();

      const affected = await tx
        .select({ number: orders.number, status: orders.status })
        .from(orders)
        .where(ordersOf(user))
        .for('update');
      const numbers = affected.map((o) => o.number);
      if (numbers.length) {
        await tx
          .update(orders)
          .set({
            fullName: ERASED,
            phone: ERASED,
            email: ERASED,
            comment: '',
            staffComment: '',
            payerPhone: sql`case when ${orders.payerPhone} is null then null else ${ERASED} end`,
            consentIp: ERASED,
            deviceId: null,
            delivery: sql`${orders.delivery} || ${JSON.stringify({ address: ERASED, room: '', postal: '' })}::jsonb`,
            userId: null,
            version: sql`${orders.version} + 1`,
            updatedAt: now,
          })
          .where(inArray(orders.number, numbers));
        // The marker: an event that changes no state and says why the person is gone.
        await tx.insert(orderEvents).values(
          affected.map((o) => ({
            orderNumber: o.number,
            fromStatus: o.status,
            toStatus: o.status,
            cause: ERASED_CAUSE,
            at: now,
          })),
        );
      }

      const count = async (q: Promise<unknown[]>) => (await q).length;
      const removed = {
        addresses: await count(
          tx
            .delete(userAddresses)
            .where(eq(userAddresses.userId, user.id))
            .returning({ id: userAddresses.id }),
        ),
        cart: await count(
          tx.delete(userCarts).where(eq(userCarts.userId, user.id)).returning({ id: userCarts.userId }),
        ),
        sessions: await count(
          tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id }),
        ),
        restockSubscriptions: proven.email
          ? await count(
              tx
                .delete(restockSubscriptions)
                .where(eq(restockSubscriptions.email, proven.email))
                .returning({ id: restockSubscriptions.id }),
            )
          : 0,
        newsletter: proven.email
          ? await count(
              tx
                .delete(newsletterSubscriptions)
                .where(eq(newsletterSubscriptions.email, proven.email))
                .returning({ id: newsletterSubscriptions.id }),
            )
          : 0,
        cartReminders: proven.phone
          ? await count(
              tx
                .delete(cartReminders)
                .where(eq(cartReminders.phone, proven.phone))
                .returning({ id: cartReminders.id }),
            )
          : 0,
        callbackRequests: proven.phone
          ? await count(
              tx
                .delete(crmRequests)
                .where(eq(crmRequests.phone, proven.phone))
                .returning({ id: crmRequests.id }),
            )
          : 0,
        signInCodes: proven.phone
          ? await count(
              tx
                .delete(signInCodes)
                .where(eq(signInCodes.phone, proven.phone))
                .returning({ id: signInCodes.id }),
            )
          : 0,
        messages: await count(
          tx
            .delete(outbox)
            .where(
              inArray(
                outbox.recipient,
                [proven.email, proven.phone].filter((c): c is string => c !== null).concat(['']),
              ),
            )
            .returning({ id: outbox.id }),
        ),
      };
      // The account row goes (not anonymised): nothing is left to match, and the unique contact
      // indexes stay free for the person to register again. Orders keep their number, lines and totals.
      await tx.delete(users).where(eq(users.id, user.id));

      const kinds = {
        profile: [
          'name',
          'secondName',
          'email',
          'phone',
          'birthDate',
          'password',
          'consent',
          'notificationChannel',
        ],
        ...removed,
        ordersAnonymised: numbers.length,
      };
      await audit.record(tx, actor, {
        action: 'customer.delete',
        entityType: 'customer',
        entityId: user.id,
        before: { orders: numbers },
        after: { removed: kinds },
      });
      for (const number of numbers) {
        await audit.record(tx, actor, {
          action: 'order.anonymise',
          entityType: 'order',
          entityId: String(number),
          after: {
            erased: [
              'fullName',
              'phone',
              'email',
              'comment',
              'staffComment',
              'payerPhone',
              'consentIp',
              'deviceId',
              'delivery.address',
              'delivery.room',
              'delivery.postal',
            ],
          },
        });
      }
      return { removed: kinds, orders: numbers };
    });
  }

  return { get, exportData, remove };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;
