import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addressUpdateSchema,
  cartItemsSchema,
  checkCodeSchema,
  deviceIdSchema,
  emailOnlySchema,
  getCodeQuerySchema,
  getCodeSchema,
  passwordSignInSchema,
  profileUpdateSchema,
  removeAddressSchema,
  wgCitiesSchema,
} from '../../core/accounts/accounts.schemas.ts';
import { cabinetOrderToWire, userToWire } from '../../core/accounts/accounts.wire.ts';
import { clientKey } from '../../core/accounts/auth.rules.ts';
import type { SignedIn } from '../../core/accounts/auth.service.ts';
import { isCartCookie, readJsonCookie } from '../../core/cart/cookies.rules.ts';
import type { Services } from '../../core/services.ts';
import { shopperMessage } from '../../core/shopper-messages.ts';
import { setCookie } from '../cookies.ts';
import { parseInput, requestLocale } from '../request.ts';
import { clearTokenCookie, getUser, requireUser, sessionToken, setTokenCookie } from '../session.ts';

const MONTH_S = 30 * 24 * 60 * 60;

/**
 * Sign-in, the cabinet's data and the signed-in cart (catalogue.md §7, checkout.md §6, DECISIONS 8,
 * 16, 17). Every user route takes the user from the session, never from the request body.
 */
export function accountsRoutes(
  app: FastifyInstance,
  { services, secureCookies }: { services: Services; secureCookies: (request: FastifyRequest) => boolean },
) {
  const { auth, users } = services;

  /** The sign-in client: the address the server sees and the app's `x-device-id` when it sends one. */
  const client = (request: FastifyRequest) =>
    clientKey(request.ip, deviceIdSchema.parse(request.headers['x-device-id']));

  /** A sign-in answer: the session cookie, the merged cart in its cookie, the user and the token for the app. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, result: SignedIn) {
    setTokenCookie(reply, result.token, secureCookies(request));
    const cookieCart = readJsonCookie(request.headers.cookie, 'cart', isCartCookie, []);
    const cart = await users.mergeCart(result.user.id, cookieCart);
    setCookie(reply, 'cart', JSON.stringify(cart), { maxAgeS: MONTH_S, secure: secureCookies(request) });
    return {
      result: true,
      data: {
        token: result.token,
        user: userToWire(await users.getUserView(result.user), result.token),
        cart,
        created: result.created,
      },
    };
  }

  app.get('/api/auth/init', async () => ({ result: true, data: auth.initToken() }));

  app.post('/api/auth/get-code', async (request) => {
    const { phone } = parseInput(getCodeSchema, request.body, request);
    const query = parseInput(getCodeQuerySchema, request.query, request);
    const header = request.headers['init-token'];
    const data = await auth.sendCode({
      phone,
      // By call unless SMS is asked for (after the countdown the browser switches to SMS).
      channel: query.isBySMS === 'true' || query.isByCall === 'false' ? 'sms' : 'call',
      ip: request.ip,
      client: client(request),
      locale: requestLocale(request),
      initToken: typeof header === 'string' ? header : undefined,
    });
    return { result: true, data };
  });

  app.post('/api/auth/check-code', async (request, reply) => {
    const { phone, code } = parseInput(checkCodeSchema, request.body, request);
    const result = await auth.signInWithCode({
      phone,
      code,
      ip: request.ip,
      client: client(request),
      locale: requestLocale(request),
    });
    return signedIn(request, reply, result);
  });

  app.post('/api/auth/check-email', async (request) => {
    const { email } = parseInput(emailOnlySchema, request.body, request);
    const exists = await auth.emailExists(email, request.ip, requestLocale(request));
    return { result: true, data: exists ? 1 : 0 };
  });

  app.post('/api/auth/registerByEmail', async (request, reply) => {
    const { email } = parseInput(emailOnlySchema, request.body, request);
    const result = await auth.registerByEmail(email, request.ip, requestLocale(request));
    return signedIn(request, reply, result);
  });

  app.post('/api/auth/authByEmail', async (request, reply) => {
    const { email, password } = parseInput(passwordSignInSchema, request.body, request);
    const result = await auth.signInWithPassword({
      email,
      password,
      ip: request.ip,
      client: client(request),
      locale: requestLocale(request),
    });
    return signedIn(request, reply, result);
  });

  app.post('/api/auth/reset-password', async (request) => {
    const { email } = parseInput(emailOnlySchema, request.body, request);
    const locale = requestLocale(request);
    await auth.resetPassword({ email, ip: request.ip, client: client(request), locale });
    return {
      result: true,
      message: shopperMessage('auth.password_reset_sent', locale),
    };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await auth.revokeSession(token);
    clearTokenCookie(reply, secureCookies(request));
    return { result: true };
  });

  // checkout.md §6: a refused token is answered `result: false` and its cookie removed.
  app.get('/api/user/fetch', async (request, reply) => {
    const user = await getUser(services, request);
    if (!user) {
      if (sessionToken(request)) clearTokenCookie(reply, secureCookies(request));
      reply.status(401);
      return {
        result: false,
        message: shopperMessage('account.sign_in', requestLocale(request)),
      };
    }
    return {
      result: true,
      data: {
        ...userToWire(await users.getUserView(user), sessionToken(request)),
        cart: await users.getCart(user.id),
      },
    };
  });

  app.post('/api/user/update', async (request) => {
    const user = await requireUser(services, request);
    const token = sessionToken(request);
    const locale = requestLocale(request);
    const body = request.body as Record<string, unknown> | undefined;
    // An address comes alone (`{ address }`); anything else is the profile.
    if (body && typeof body === 'object' && 'address' in body) {
      const { address } = parseInput(addressUpdateSchema, body, request);
      const addresses = await users.saveAddress(user.id, address);
      return { result: true, data: { ...userToWire(await users.getUserView(user), token), addresses } };
    }
    const input = parseInput(profileUpdateSchema, body ?? {}, request);
    const updated = await users.updateProfile(user, input, {
      ip: request.ip,
      client: client(request),
      locale,
    });
    return { result: true, data: userToWire(updated, token) };
  });

  app.post('/api/user/remove-address', async (request) => {
    const user = await requireUser(services, request);
    const { id } = parseInput(removeAddressSchema, request.body, request);
    const addresses = await users.removeAddress(user.id, id);
    return { result: true, data: { addresses } };
  });

  app.get('/api/user/orders', async (request) => {
    const user = await requireUser(services, request);
    return { result: true, data: (await users.listOrders(user)).map(cabinetOrderToWire) };
  });

  app.put('/api/user/cart', async (request) => {
    const user = await requireUser(services, request);
    const { items } = parseInput(cartItemsSchema, request.body, request);
    return { result: true, data: await users.putCart(user.id, items) };
  });

  // catalogue.md §3: the cabinet's city suggestions (cityName, id, countryId, countryName, postCodeArray).
  app.post('/api/wg-cities', async (request) => {
    const { query } = parseInput(wgCitiesSchema, request.body, request);
    await services.limits.hit(
      `wg-cities:${request.ip}`,
      { limit: 600, windowSeconds: 3600 },
      shopperMessage('request.too_many', requestLocale(request)),
    );
    const cities = query ? await services.delivery.suggestCities(query) : [];
    return {
      result: true,
      data: cities.map((c) => ({
        cityName: c.name,
        fullName: c.full_name,
        id: c.code,
        countryId: 1,
        countryName: 'Россия',
        postCodeArray: c.postal_code ? [c.postal_code] : [],
      })),
    };
  });
}
