import { data } from 'react-router';
import { appContext } from '#app-context';
import type { CategoryView } from '../../core/catalogue/catalogue.types.ts';
import { parseListingQuery } from '../../core/catalogue/listing.rules.ts';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import { type Localized, localeFromPath, pick } from '../../core/i18n.ts';
import { translate } from '../i18n/index.ts';
import { laterHydrated } from '../lib/later-hydrated.tsx';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/catalog';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const base = locale === 'en' ? '/en' : '';
  const query = parseListingQuery(url.searchParams);
  const catalogue = services.catalogue;
  const all = await catalogue.listCategories();

  let title: Localized = { ru: translate('ru', 'catalog.title'), en: translate('en', 'catalog.title') };
  let description: Localized | null = null;
  let scope: Parameters<typeof catalogue.listGroups>[0] = { kind: 'all' };
  let current: CategoryView | null = null;
  let parent: CategoryView | null = null;
  let path = `${base}/catalog`;

  if (params.collection) {
    const collection = await catalogue.getCollection(params.collection);
    if (!collection) throw data(null, { status: 404 });
    scope = { kind: 'collection', slug: collection.slug };
    title = collection.name;
    description = collection.description;
    path = `${base}/catalog/collection/${collection.slug}`;
  } else if (params.category) {
    const top = all.find((c) => c.slug === params.category && c.parentSlug === null);
    const sub = params.subcategory
      ? all.find((c) => c.slug === params.subcategory && c.parentSlug === params.category)
      : undefined;
    if (!top || (params.subcategory && !sub)) throw data(null, { status: 404 });
    current = sub ?? top;
    parent = sub ? top : null;
    scope = { kind: 'category', slug: current.slug };
    title = current.name;
    path = sub ? `${base}/catalog/${top.slug}/${sub.slug}` : `${base}/catalog/${top.slug}`;
  }

  const listing = await catalogue.listGroups(scope, query);
  if (query.page > listing.pages) throw data(null, { status: 404 });
  const activeTop = parent ?? (current?.parentSlug === null ? current : null);
  return {
    locale,
    path,
    canonical: `${publicUrl}${path}${query.page > 1 ? `?page=${query.page}` : ''}`,
    title,
    description,
    query,
    listing,
    current: current?.slug ?? null,
    parent,
    tops: all.filter((c) => c.parentSlug === null),
    subcategories: activeTop ? all.filter((c) => c.parentSlug === activeTop.slug) : [],
    activeTop: activeTop?.slug ?? null,
    childrenOf: Object.fromEntries(
      all
        .filter((c) => c.parentSlug === null)
        .map((t) => [t.slug, all.filter((c) => c.parentSlug === t.slug)]),
    ),
  };
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const name = pick(d.title, d.locale);
  const shop = translate(d.locale, 'meta.title');
  const page = d.query.page > 1 ? ` — ${translate(d.locale, 'catalog.page', { page: d.query.page })}` : '';
  const publicUrl = rootFromMatches(matches)?.publicUrl ?? new URL(d.canonical).origin;
  const photo = d.listing.cards[0]?.photos[0];
  return seoMeta(publicUrl, {
    locale: d.locale,
    title: `${name}${page} | ${shop}`,
    socialTitle: name,
    description: d.description
      ? pick(d.description, d.locale)
      : `${name}. ${translate(d.locale, 'meta.description')}`,
    path: d.path,
    canonical: d.canonical,
    image: photo ? photoSources(photo).src : null,
  });
}

// The listing, its filters and pages hydrate once their code arrives after the first load
// (docs/decisions/0049-first-load-split.md).
const CatalogView = laterHydrated(() => import('../components/catalog-view.tsx').then((m) => m.CatalogView));

export default function Catalog({ loaderData }: Route.ComponentProps) {
  return <CatalogView d={loaderData} />;
}
