import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readJsonCookie } from '../../core/cart/cookies.rules.ts';
import {
  groupByIdSchema,
  groupsByIdsSchema,
  isViewedCookie,
  productPageContentSchema,
  rememberViewed,
  tagsFetchSchema,
  VIEWED_COOKIE_MAX_AGE_S,
} from '../../core/catalogue/catalogue.schemas.ts';
import { restockSignUpSchema } from '../../core/catalogue/restock.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { searchRequestSchema } from '../../core/search/search.schemas.ts';
import type { Services } from '../../core/services.ts';
import { parseInput, requestLocale } from '../request.ts';

export function catalogueRoutes(
  app: FastifyInstance,
  { services, secureCookies }: { services: Services; secureCookies: (request: FastifyRequest) => boolean },
) {
  // catalogue.md §7: favourites and the cart; ids missing from the answer no longer exist.
  // catalogue.md §7 search; the edition comes from the page that asks (Accept-Language or ?lang).
  app.post('/api/search', async (request) => {
    const { query } = parseInput(searchRequestSchema, request.body, request);
    return services.search.search(query, requestLocale(request));
  });

  app.get('/api/preorder/sign-up', async (request) => {
    const { email, productID } = parseInput(restockSignUpSchema, request.query, request);
    const locale = requestLocale(request);
    await services.limits.hit(
      `restock:${request.ip}`,
      { limit: 20, windowSeconds: 3600 },
      'Too many requests',
    );
    return { result: true, ...(await services.restock.signUp(email, productID, locale)) };
  });

  app.post('/api/groups-by-ids', async (request) => {
    const ids = parseInput(groupsByIdsSchema, request.body, request);
    return services.catalogue.listGroupsByIds(ids);
  });

  app.post('/api/group-by-id', async (request) => {
    const { _id } = parseInput(groupByIdSchema, request.body, request);
    const [group] = await services.catalogue.listGroupsByIds([_id]);
    if (!group) throw new AppError('not_found', 'Product not found');
    return group;
  });

  app.post('/api/tags-fetch', async (request) => {
    const { src, productID } = parseInput(tagsFetchSchema, request.body, request);
    return { result: true, data: await services.catalogue.listPhotoTags(productID, src) };
  });

  app.post('/api/get-product-page-content', async (request, reply) => {
    const body = parseInput(productPageContentSchema, request.body, request);
    const viewed = readJsonCookie(request.headers.cookie, 'viewed', isViewedCookie, []);
    const content = await services.catalogue.getSuggestions(body._id, viewed, body.forLike.limit);
    if (!content) throw new AppError('not_found', 'Product not found');
    const next = rememberViewed(viewed, body._id);
    reply.header(
      'set-cookie',
      `viewed=${encodeURIComponent(JSON.stringify(next))}; Path=/; Max-Age=${VIEWED_COOKIE_MAX_AGE_S}; SameSite=Lax${secureCookies(request) ? '; Secure' : ''}`,
    );
    return { page: body._id, ...content };
  });
}
