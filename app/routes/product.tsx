import { data } from 'react-router';
import { appContext } from '#app-context';
import { descriptionText } from '../../core/catalogue/description.rules.ts';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import { chosenVariant } from '../../core/catalogue/variant-choice.rules.ts';
import { localeFromPath, pick } from '../../core/i18n.ts';
import { translate } from '../i18n/index.ts';
import { laterHydrated } from '../lib/later-hydrated.tsx';
import { rootFromMatches, seoMeta, structuredPrice } from '../lib/seo.ts';
import type { Route } from './+types/product';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const product = await services.catalogue.getProductPage(params.id);
  if (!product) throw data(null, { status: 404 });
  // DECISIONS 25: `p` (or `product`) names the exact variant; with one variant there is nothing to choose.
  const selected = chosenVariant(product.variants, url.searchParams);
  const base = locale === 'en' ? '/en' : '';
  return {
    product,
    selected,
    locale,
    canonical: `${publicUrl}${base}/products/${product.id}`,
    publicUrl,
    // The description as plain text for the meta tags, made here: its rules stay out of the page's
    // first load (docs/decisions/0049-first-load-split.md).
    descriptionText: descriptionText(pick(product.description, locale)),
  };
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const { product: p, locale } = d;
  const root = rootFromMatches(matches);
  const name = `${pick(p.name, locale)}, ${pick(p.colorName, locale).toLowerCase()}`;
  const base = locale === 'en' ? '/en' : '';
  const images = p.photos.map((ph) => `${d.publicUrl}${photoSources(ph.src).src}`);
  const availability = (v: { stock: number; preorder: boolean }) =>
    v.stock > 0
      ? 'https://schema.org/InStock'
      : v.preorder
        ? 'https://schema.org/PreOrder'
        : 'https://schema.org/OutOfStock';
  // The page's own currency (issue 21): the English edition shows and says dollars.
  const { currency, price } = structuredPrice(p.price, root);
  const brand = { '@type': 'Brand', name: root?.shopName || translate(locale, 'meta.title').split(' — ')[0] };
  return [
    ...seoMeta(d.publicUrl, {
      locale,
      title: `${name} | ${translate(locale, 'meta.title')}`,
      socialTitle: name,
      description: d.descriptionText,
      path: `${base}/products/${p.id}`,
      canonical: d.canonical,
      image: images[0] ?? null,
      type: 'product',
    }),
    { property: 'product:price:amount', content: price },
    { property: 'product:price:currency', content: currency },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { name: translate(locale, 'catalog.title'), path: '/catalog' },
          ...(p.parentCategory
            ? [{ name: pick(p.parentCategory.name, locale), path: `/catalog/${p.parentCategory.slug}` }]
            : []),
          {
            name: pick(p.category.name, locale),
            path: `/catalog/${p.parentCategory ? `${p.parentCategory.slug}/` : ''}${p.category.slug}`,
          },
          { name, path: `/products/${p.id}` },
        ].map((item, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: item.name,
          item: `${d.publicUrl}${base}${item.path}`,
        })),
      },
    },
    {
      // One Offer per size (schema.org ProductGroup with its variants).
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name,
        productGroupID: p.id,
        sku: p.art,
        url: d.canonical,
        color: pick(p.colorName, locale),
        image: images,
        description: d.descriptionText,
        brand,
        ...(p.variants.length > 1 ? { variesBy: ['https://schema.org/size'] } : {}),
        hasVariant: p.variants.map((v) => ({
          '@type': 'Product',
          name: `${name}, ${v.size}`,
          sku: v.id,
          size: v.size,
          color: pick(p.colorName, locale),
          ...(/^\d{13}$/.test(v.barcode) ? { gtin13: v.barcode } : {}),
          image: images[0],
          brand,
          offers: {
            '@type': 'Offer',
            url: `${d.canonical}?p=${encodeURIComponent(v.id)}`,
            priceCurrency: currency,
            price,
            availability: availability(v),
            itemCondition: 'https://schema.org/NewCondition',
          },
        })),
      },
    },
  ];
}

// The product's view hydrates once its code arrives after the first load; its sizes are links and a
// tap on add to cart before is replayed (docs/decisions/0049-first-load-split.md, DECISIONS 27).
const ProductView = laterHydrated(() => import('../components/product-view.tsx').then((m) => m.ProductView));

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProductView product={loaderData.product} selected={loaderData.selected} locale={loaderData.locale} />
  );
}
