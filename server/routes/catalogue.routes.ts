import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { groupToWire, photoKeyFromWire, photoTagToWire } from '../../core/catalogue/catalogue.wire.ts';
import { restockSignUpSchema } from '../../core/catalogue/restock.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { searchRequestSchema } from '../../core/search/search.schemas.ts';
import { searchResultToWire } from '../../core/search/search.wire.ts';
import type { Services } from '../../core/services.ts';
import type { WireEdition } from '../../core/wire.ts';
import { setCookie } from '../cookies.ts';
import { requestEdition } from '../edition.ts';
import { parseInput, requestLocale } from '../request.ts';

export function catalogueRoutes(
  app: FastifyInstance,
  { services, secureCookies }: { services: Services; secureCookies: (request: FastifyRequest) => boolean },
) {
  /** Product groups in the app's wire shape (DECISIONS 28), in the order of `ids`. */
  async function wireGroups(ids: string[], edition: WireEdition) {
    if (ids.length === 0) return [];
    const [groups, categories] = await Promise.all([
      services.catalogue.listGroupDetails(ids),
      services.catalogue.listCategories(),
    ]);
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    return groups.map((g) => groupToWire(g, bySlug, edition));
  }

  /** The product page's suggestion blocks; remembers the product in the `viewed` cookie. */
  async function productContent(request: FastifyRequest, reply: FastifyReply) {
    const body = parseInput(productPageContentSchema, request.body, request);
    const viewed = readJsonCookie(request.headers.cookie, 'viewed', isViewedCookie, []);
    const content = await services.catalogue.getSuggestions(body._id, viewed, body.forLike.limit);
    if (!content) throw new AppError('not_found', { key: 'product.not_found' });
    const next = rememberViewed(viewed, body._id);
    setCookie(reply, 'viewed', JSON.stringify(next), {
      maxAgeS: VIEWED_COOKIE_MAX_AGE_S,
      secure: secureCookies(request),
    });
    return { id: body._id, ...content };
  }

  // catalogue.md §7 search; the edition comes from the page that asks (Accept-Language or ?lang).
  app.post('/api/search', async (request) => {
    const { query } = parseInput(searchRequestSchema, request.body, request);
    const [results, edition] = await Promise.all([
      services.search.search(query, requestLocale(request)),
      requestEdition(request, services.rates),
    ]);
    return results.map((r) => searchResultToWire(r, edition));
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

  // catalogue.md §7: favourites and the cart; ids missing from the answer no longer exist.
  app.post('/api/groups-by-ids', async (request) => {
    const ids = parseInput(groupsByIdsSchema, request.body, request);
    return wireGroups(ids, await requestEdition(request, services.rates));
  });

  app.post('/api/group-by-id', async (request) => {
    const { _id } = parseInput(groupByIdSchema, request.body, request);
    const [group] = await wireGroups([_id], await requestEdition(request, services.rates));
    if (!group) throw new AppError('not_found', { key: 'product.not_found' });
    return group;
  });

  app.post('/api/tags-fetch', async (request) => {
    const { src, productID } = parseInput(tagsFetchSchema, request.body, request);
    const key = photoKeyFromWire(src);
    const [tags, version] = await Promise.all([
      services.catalogue.listPhotoTags(productID, key),
      // What a staff save names (DECISIONS 31; server/routes/admin/in-place.routes.ts).
      services.inPlace.tagsVersionOf(productID, key),
    ]);
    const shown = await wireGroups(
      tags.map((t) => t.link).filter((link) => link !== ''),
      await requestEdition(request, services.rates),
    );
    const byId = new Map(shown.map((g) => [g._id, g]));
    return {
      result: true,
      data: tags.map((tag) => photoTagToWire(tag, productID, byId.get(tag.link) ?? null)),
      version,
    };
  });

  // catalogue.md §7: `page` is the product itself; the blocks are groups in the same shape.
  app.post('/api/get-product-page-content', async (request, reply) => {
    const content = await productContent(request, reply);
    const edition = await requestEdition(request, services.rates);
    const [page, like, suggestions, viewed] = await Promise.all([
      wireGroups([content.id], edition),
      wireGroups(
        content.like.map((c) => c.id),
        edition,
      ),
      wireGroups(
        content.suggestions.map((c) => c.id),
        edition,
      ),
      wireGroups(
        content.viewed.map((c) => c.id),
        edition,
      ),
    ]);
    return { page: page[0] ?? null, viewed, like, suggestions };
  });

  // The storefront's own lookups (docs/decisions/0023-api-wire-shapes.md): its pages render both
  // languages' names and convert kopecks themselves (DECISIONS 7), and its cart rules count in kopecks,
  // so they read the catalogue's internal shape; the app-facing calls above keep the specs' shape.
  app.post('/api/storefront/groups', async (request) => {
    const ids = parseInput(groupsByIdsSchema, request.body, request);
    return services.catalogue.listGroupsByIds(ids);
  });

  app.post('/api/storefront/product-content', async (request, reply) => {
    const { id: _, ...content } = await productContent(request, reply);
    return content;
  });

  app.post('/api/storefront/search', async (request) => {
    const { query } = parseInput(searchRequestSchema, request.body, request);
    return services.search.search(query, requestLocale(request));
  });
}
