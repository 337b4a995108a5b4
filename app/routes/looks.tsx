import '../styles/looks.css';
import { appContext } from '#app-context';
import { lookItemIds } from '../../core/content/looks.rules.ts';
import { localeFromPath, pick } from '../../core/i18n.ts';
import { LookCard, type LookView } from '../components/looks/look-card.tsx';
import { translate, useT } from '../i18n/index.ts';
import { seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/looks';

/**
 * The looks page ('instashop', catalogue.md §7 GET /api/custompages/instashop): each look's photo
 * with its shoppable tags, by index; 'Купить образ' puts a size of every item into the cart. Items,
 * sizes, stock and prices come from the catalogue here on the server, never from the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const looks = await services.customPages.listLooks();
  const ids = [...new Set(looks.flatMap((l) => lookItemIds(l.tags)))];
  const groups = ids.length > 0 ? await services.catalogue.listGroupDetails(ids) : [];
  const byId = new Map(groups.map((g) => [g.id, g]));
  const views: LookView[] = looks
    .filter((look) => look.src)
    .map((look) => ({
      id: look._id,
      src: look.src,
      // A tag whose product left the catalogue (or is hidden) is not shown.
      tags: look.tags.filter((tag) => byId.has(tag.productID)),
      items: lookItemIds(look.tags).flatMap((id) => {
        const g = byId.get(id);
        if (!g) return [];
        return [
          {
            id: g.id,
            name: pick(g.name, locale),
            colour: pick(g.colorName, locale),
            categorySlug: g.categorySlug,
            photo: g.photos[0] ?? null,
            price: g.price,
            oldPrice: g.oldPrice,
            variants: g.variants.map((v) => ({
              id: v.id,
              size: v.size,
              barcode: v.barcode,
              stock: v.stock,
              preorder: v.preorder,
            })),
          },
        ];
      }),
    }));
  return { looks: views, locale, canonical: `${publicUrl}${locale === 'en' ? '/en' : ''}/looks` };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const url = new URL(d.canonical);
  return seoMeta(url.origin, {
    locale: d.locale,
    title: `${translate(d.locale, 'looks.title')} | ${translate(d.locale, 'meta.title')}`,
    socialTitle: translate(d.locale, 'looks.title'),
    description: translate(d.locale, 'looks.subtitle'),
    path: url.pathname,
  });
}

export default function Looks({ loaderData }: Route.ComponentProps) {
  const { looks, locale } = loaderData;
  const t = useT();
  return (
    <div className="looks">
      <header className="looks__head">
        <h1 className="looks__title">{t('looks.title')}</h1>
        <p className="looks__subtitle">{t('looks.subtitle')}</p>
      </header>
      {looks.length === 0 ? (
        <p className="looks__empty">{t('looks.empty')}</p>
      ) : (
        <ul className="looks__grid">
          {looks.map((look, i) => (
            <li key={look.id}>
              <LookCard look={look} locale={locale} number={i + 1} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
