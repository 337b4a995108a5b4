import { data } from 'react-router';
import { appContext } from '#app-context';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import { localeFromPath, pick } from '../../core/i18n.ts';
import { ProductView } from '../components/product-view.tsx';
import { translate } from '../i18n/index.ts';
import type { Route } from './+types/product';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const product = await services.catalogue.getProductPage(params.id);
  if (!product) throw data('This page could not be found', { status: 404 });
  // DECISIONS 25: `p` (or `product`) names the exact variant; with one variant there is nothing to choose.
  const wanted = url.searchParams.get('p') ?? url.searchParams.get('product');
  const selected =
    product.variants.find((v) => v.id === wanted)?.id ??
    (product.variants.length === 1 ? (product.variants[0]?.id ?? null) : null);
  const base = locale === 'en' ? '/en' : '';
  return { product, selected, locale, canonical: `${publicUrl}${base}/products/${product.id}`, publicUrl };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const { product: p, locale } = d;
  const name = `${pick(p.name, locale)}, ${pick(p.colorName, locale).toLowerCase()}`;
  const available = p.variants.some((v) => v.stock > 0);
  const preorder = p.variants.some((v) => v.stock === 0 && v.preorder);
  return [
    { title: `${name} | ${translate(locale, 'meta.title')}` },
    { name: 'description', content: pick(p.description, locale) },
    { tagName: 'link', rel: 'canonical', href: d.canonical },
    { property: 'og:title', content: name },
    {
      property: 'og:image',
      content: p.photos[0] ? `${d.publicUrl}${photoSources(p.photos[0].src).src}` : '',
    },
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
          item: `${d.publicUrl}${locale === 'en' ? '/en' : ''}${item.path}`,
        })),
      },
    },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name,
        sku: p.art,
        color: pick(p.colorName, locale),
        image: p.photos.map((ph) => `${d.publicUrl}${photoSources(ph.src).src}`),
        description: pick(p.description, locale),
        offers: {
          '@type': 'Offer',
          url: d.canonical,
          priceCurrency: 'RUB',
          price: (p.price / 100).toFixed(2),
          availability: available
            ? 'https://schema.org/InStock'
            : preorder
              ? 'https://schema.org/PreOrder'
              : 'https://schema.org/OutOfStock',
        },
      },
    },
  ];
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProductView product={loaderData.product} selected={loaderData.selected} locale={loaderData.locale} />
  );
}
