import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { photoSources } from '../catalogue/media.rules.ts';
import type { Db } from '../db/client.ts';
import {
  categories,
  type LocalizedText,
  productGroups,
  productPhotos,
  variantProducts,
} from '../db/schema/index.ts';
import type { Locale } from '../i18n.ts';
import { type FeedOffer, googleFeed, ymlFeed } from './feeds.rules.ts';

export type FeedKind = 'yml' | 'google';

export interface BuiltFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The Yandex Market (YML) and Google Merchant Center feeds per edition, every variant an offer
 * (docs/decisions/0031-catalogue-exchange.md). A feed is built once and kept in the read cache
 * under the catalogue's tags (catalogue, listings and every group in it), so any catalogue,
 * price or stock change a manual edit or an import announces rebuilds it on the next request.
 */
export function createFeedsService({
  db,
  cache = noReadCache,
  clock,
  shopName,
}: {
  db: Db;
  cache?: ReadCache;
  clock: () => Date;
  shopName: (locale: Locale) => Promise<string>;
}) {
  async function offers(locale: Locale): Promise<{ offers: FeedOffer[]; categories: FeedCategory[] }> {
    const text = (l: LocalizedText) => (locale === 'en' && l.en ? l.en : l.ru);
    const cats = await db.select().from(categories).orderBy(asc(categories.slug));
    const catNumber = new Map(cats.map((c, i) => [c.slug, i + 1]));
    const rows = await db
      .select({ group: productGroups, variant: variantProducts })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(and(eq(productGroups.published, true), gt(productGroups.price, 0)))
      .orderBy(asc(productGroups.id), asc(variantProducts.id));
    const photos = await db
      .select()
      .from(productPhotos)
      .orderBy(asc(productPhotos.groupId), asc(productPhotos.position));
    const photosOf = new Map<string, string[]>();
    for (const p of photos) {
      const list = photosOf.get(p.groupId) ?? [];
      list.push(photoSources(p.src).src);
      photosOf.set(p.groupId, list);
    }
    const groupNumber = new Map<string, number>();
    const list: FeedOffer[] = rows.map(({ group, variant }) => {
      if (!groupNumber.has(group.id)) groupNumber.set(group.id, groupNumber.size + 1);
      return {
        id: variant.id,
        groupId: group.id,
        groupNumber: groupNumber.get(group.id) ?? 0,
        art: group.art,
        name: text(group.name),
        description: text(group.description),
        categoryNumber: catNumber.get(group.categorySlug) ?? 0,
        price: group.price,
        oldPrice: group.oldPrice,
        available: variant.stock > 0,
        preorder: variant.stock === 0 && variant.preorder,
        barcode: variant.barcode,
        size: variant.size,
        colour: text(group.colorName),
        path: `/products/${group.id}`,
        photos: photosOf.get(group.id) ?? [],
      };
    });
    return {
      offers: list,
      categories: cats.map((c) => ({
        number: catNumber.get(c.slug) ?? 0,
        parentNumber: c.parentSlug ? (catNumber.get(c.parentSlug) ?? null) : null,
        name: text(c.name),
      })),
    };
  }

  /** The feed's text with its validator, from the cache while the catalogue is unchanged. */
  function get(kind: FeedKind, locale: Locale, publicUrl: string): Promise<BuiltFeed> {
    return cache.get<BuiltFeed & { groups: string[] }>(
      `feed:${kind}:${locale}:${publicUrl}`,
      (value) => [cacheTags.catalogue, cacheTags.listings, ...value.groups.map((g) => cacheTags.group(g))],
      async () => {
        const now = clock();
        const data = await offers(locale);
        const base = locale === 'en' ? `${publicUrl}/en` : publicUrl;
        const name = await shopName(locale);
        const body =
          kind === 'yml'
            ? ymlFeed({
                shopName: name,
                url: base,
                publicUrl,
                now,
                categories: data.categories,
                offers: data.offers,
              })
            : googleFeed({ shopName: name, url: base, publicUrl, offers: data.offers });
        return {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
          lastModified: new Date(Math.floor(now.getTime() / 1000) * 1000),
          groups: [...new Set(data.offers.map((o) => o.groupId))],
        };
      },
    );
  }

  return { get };
}

export interface FeedCategory {
  number: number;
  parentNumber: number | null;
  name: string;
}

export type FeedsService = ReturnType<typeof createFeedsService>;
