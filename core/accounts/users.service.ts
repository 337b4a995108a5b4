import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders, userAddresses, userCarts, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { MARKETING_CONSENT_VERSION, mayGiveMarketingConsent } from '../messages/marketing.rules.ts';
import type { Providers } from '../providers/index.ts';
import type { AddressInput, ProfileUpdate } from './accounts.schemas.ts';
import type { CabinetOrder, SavedAddress, UserView } from './accounts.types.ts';
import { mergeCarts } from './auth.rules.ts';
import type { AuthService, SessionUser } from './auth.service.ts';
import { type ContactOwner, shopperOrders } from './proven-contacts.ts';

const MAX_ADDRESSES = 20;

export type { CabinetOrder, SavedAddress, UserView };

/**
 * The signed-in shopper's own data: profile, saved addresses, orders and the server cart
 * (catalogue.md §2 cabinet, DECISIONS 8). Every call takes the session's user id: nobody reaches
 * another's rows.
 */
export function createUsersService({
  db,
  providers,
  auth,
  clock = () => new Date(),
}: {
  db: Db;
  providers: Pick<Providers, 'carriers'>;
  auth: Pick<AuthService, 'consumeCode'>;
  clock?: () => Date;
}) {
  async function listAddresses(userId: string): Promise<SavedAddress[]> {
    const rows = await db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.id));
    return rows.map(({ cityId, userId: _u, createdAt: _c, ...a }) => ({ ...a, cityID: cityId }));
  }

  async function getUserView(user: SessionUser): Promise<UserView> {
    return {
      _id: user.id,
      name: user.name,
      secondName: user.secondName,
      email: user.email,
      phone: user.phone,
      birthDate: user.birthDate,
      notificationChannel: user.notificationChannel,
      marketingConsent: user.marketingConsentAt !== null,
      isAdmin: user.role === 'admin',
      addresses: await listAddresses(user.id),
    };
  }

  /**
   * `POST /api/user/update`: name, birth date and channel change freely; an e-mail or phone is set only
   * while empty (catalogue.md §5: locked when present), a phone only with a code sent to it.
   */
  async function updateProfile(
    user: SessionUser,
    input: ProfileUpdate,
    ctx: { ip: string; client: string; locale: Locale },
  ): Promise<UserView> {
    const { locale } = ctx;
    const patch: Partial<typeof users.$inferInsert> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.secondName !== undefined) patch.secondName = input.secondName;
    if (input.birthDate !== undefined) patch.birthDate = input.birthDate;
    if (input.notificationChannel !== undefined) patch.notificationChannel = input.notificationChannel;
    if (input.marketingConsent === false && user.marketingConsentAt) {
      Object.assign(patch, {
        marketingConsentAt: null,
        marketingConsentIp: null,
        marketingConsentVersion: null,
      });
    }
    if (input.marketingConsent === true && !user.marketingConsentAt) {
      // 38-FZ: recorded with its moment, address and wording, and only for an account whose contact
      // was proven (core/messages/marketing.rules.ts).
      if (!mayGiveMarketingConsent(user)) {
        throw new AppError(
          'not_allowed',
          { key: 'account.confirm_contact_for_marketing' },
          { field: 'marketingConsent' },
        );
      }
      Object.assign(patch, {
        marketingConsentAt: clock(),
        marketingConsentIp: ctx.ip,
        marketingConsentVersion: MARKETING_CONSENT_VERSION,
      });
    }
    if (input.email !== undefined && input.email !== user.email) {
      if (user.email) {
        throw new AppError(
          'not_allowed',
          { key: 'account.email_fixed' },
          {
            field: 'email',
          },
        );
      }
      const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (holder) throw taken('email');
      patch.email = input.email;
    }
    if (input.phone !== undefined && input.phone !== user.phone) {
      if (user.phone) {
        throw new AppError(
          'not_allowed',
          { key: 'account.phone_fixed' },
          {
            field: 'phone',
          },
        );
      }
      if (!user.emailVerified) {
        // Whoever typed an e-mail into registration holds this account until the mailbox is proven: a
        // phone attached now would outlive the owner's proof and sign its holder back in.
        throw new AppError('not_allowed', { key: 'account.confirm_email_first' }, { field: 'phone' });
      }
      if (!input.code) {
        throw new AppError('invalid_data', { key: 'account.confirm_phone' }, { field: 'code' });
      }
      // A phone already on another account fails before its code is spent.
      const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
      if (holder) throw taken('phone');
      await auth.consumeCode({
        phone: input.phone,
        code: input.code,
        ip: ctx.ip,
        client: ctx.client,
        locale,
      });
      patch.phone = input.phone;
      patch.phoneVerified = true;
    }
    if (Object.keys(patch).length === 0) return getUserView(user);
    try {
      // Locked once present: the update only fills a contact that is still empty, also under a race.
      const [updated] = await db
        .update(users)
        .set(patch)
        .where(
          and(
            eq(users.id, user.id),
            patch.email ? isNull(users.email) : undefined,
            patch.phone ? isNull(users.phone) : undefined,
          ),
        )
        .returning();
      if (!updated) {
        throw new AppError('not_allowed', { key: 'account.contacts_set' });
      }
      return getUserView(updated);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(patch.phone ? 'phone' : 'email');
      throw error;
    }

    function taken(field: 'phone' | 'email') {
      return new AppError(
        'conflict',
        field === 'phone' ? { key: 'account.phone_taken' as const } : { key: 'account.email_taken' as const },
        { field },
      );
    }
  }

  /** Adds or changes a saved address; the city must be one the carrier knows (chosen from the list). */
  async function saveAddress(userId: string, input: AddressInput): Promise<SavedAddress[]> {
    const city = await providers.carriers.sdek.cityByCode(input.cityID);
    if (!city) {
      throw new AppError('invalid_data', { key: 'account.city_from_list' }, { field: 'city' });
    }
    const values = {
      country: input.country,
      countryId: input.countryId,
      postcode: input.postcode || city.postalCodes[0] || '',
      // The carrier's name for the chosen code, not the typed text.
      city: city.name,
      cityId: city.code,
      street: input.street,
      house: input.house,
      entrance: input.entrance,
      floor: input.floor,
      room: input.room,
    };
    if (input.id !== undefined) {
      const [row] = await db
        .update(userAddresses)
        .set(values)
        .where(and(eq(userAddresses.id, input.id), eq(userAddresses.userId, userId)))
        .returning({ id: userAddresses.id });
      if (!row) throw new AppError('not_found', { key: 'account.address_not_found' });
    } else {
      await db.transaction(async (tx) => {
        // Serialises a user's concurrent additions so the cap holds.
        await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
        const count = await tx.$count(userAddresses, eq(userAddresses.userId, userId));
        if (count >= MAX_ADDRESSES) {
          throw new AppError('conflict', {
            key: 'account.addresses_limit',
            params: { limit: MAX_ADDRESSES },
          });
        }
        await tx.insert(userAddresses).values({ ...values, userId });
      });
    }
    return listAddresses(userId);
  }

  /** `POST /api/user/remove-address`: another user's address is "not found", as an unknown one. */
  async function removeAddress(userId: string, id: number): Promise<SavedAddress[]> {
    const [row] = await db
      .delete(userAddresses)
      .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
      .returning({ id: userAddresses.id });
    if (!row) throw new AppError('not_found', { key: 'account.address_not_found' });
    return listAddresses(userId);
  }

  /**
   * 'Мои покупки': the shopper's orders, newest first, with their lines: those placed signed in and
   * the guest orders placed with a phone or e-mail they have proven (core/accounts/proven-contacts.ts).
   */
  async function listOrders(user: ContactOwner): Promise<CabinetOrder[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(shopperOrders(user))
      .orderBy(desc(orders.createdAt))
      .limit(100);
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderNumber,
          rows.map((o) => o.number),
        ),
      )
      .orderBy(asc(orderLines.id));
    return rows.map((o) => ({
      orderID: o.number,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      deliveryMethod: o.getWay,
      payment: o.payment,
      city: o.delivery.city,
      address: o.delivery.pvz ?? [o.delivery.address, o.delivery.room].filter(Boolean).join(', '),
      summ: o.goodsPayable,
      deliveryPrice: o.deliveryPrice,
      promocodeDiscountPrice: o.promoDiscount,
      total: o.total,
      products: lines
        .filter((l) => l.orderNumber === o.number)
        .map((l) => ({
          variantId: l.variantId,
          groupId: l.groupId,
          name: l.name,
          size: l.size,
          price: l.price,
          count: l.count,
        })),
    }));
  }

  async function getCart(userId: string) {
    const [row] = await db.select().from(userCarts).where(eq(userCarts.userId, userId));
    return row?.items ?? [];
  }

  async function putCart(userId: string, items: { _id: string; count: number }[]) {
    await db
      .insert(userCarts)
      .values({ userId, items })
      .onConflictDoUpdate({ target: userCarts.userId, set: { items, updatedAt: sql`now()` } });
    return items;
  }

  /** On sign-in (DECISIONS 8): the cookie cart joins the one kept on the server. */
  async function mergeCart(userId: string, cookieItems: { _id: string; count: number }[]) {
    const merged = mergeCarts(await getCart(userId), cookieItems);
    return putCart(userId, merged);
  }

  return {
    getUserView,
    updateProfile,
    saveAddress,
    removeAddress,
    listAddresses,
    listOrders,
    getCart,
    putCart,
    mergeCart,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
