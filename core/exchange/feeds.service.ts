import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { effectiveAudience } from '../catalogue/audience.rules.ts';
import { descriptionText } from '../catalogue/description.rules.ts';
import { photoJpeg } from '../catalogue/media.rules.ts';
import type { Db } from '../db/client.ts';
import {
  categories,
  type LocalizedText,
  productGroups,
  productPhotos,
  variantProducts,
} from '../db/schema/index.ts';
import type { Locale } from '../i18n.ts';
import type { Currency, ForeignCurrency } from '../money.ts';
import { editionCurrency } from '../wire.ts';
import { type FeedOffer, googleFeed, ymlFeed } from './feeds.rules.ts';

export type FeedKind = 'yml' | 'google';

/** What the feeds take from the shop's settings (core/content/settings.schemas.ts `main.feeds`). */
export interface FeedSettings {
  shopName: string;
  /** The brand of every offer: the setting, else the shop's Russian name. */
  vendor: string;
  preorderDays: number;
}

export interface BuiltFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The Yandex Market (YML) and Google Merchant Center feeds per edition, every variant an offer
 * (docs/decisions/0031-catalogue-exchange.md). A feed is built once and kept in the read cache
 * under the settings' and the catalogue's tags (catalogue, listings and every group in it), so any
 * settings, catalogue, price or stock change a manual edit or an import announces rebuilds it on the
 * next request. Its rules and their sources: docs/product/feeds.md.
 */
export function createFeedsService({
  db,
  cache = noReadCache,
  clock,
  settings,
  rates,
}: {
  db: Db;
  cache?: ReadCache;
  clock: () => Date;
  settings: (locale: Locale) => Promise<FeedSettings>;
  /** The latest exchange rates (core/rates/rates.service.ts), null while none is known. */
  rates: () => Promise<{ rates: Partial<Record<ForeignCurrency, number>> } | null>;
}) {
  async function offers(locale: Locale): Promise<{ offers: FeedOffer[]; categories: FeedCategory[] }> {
    const text = (l: LocalizedText) => (locale === 'en' && l.en ? l.en : l.ru);
    const cats = await db.select().from(categories).orderBy(asc(categories.slug));
    const catNumber = new Map(cats.map((c, i) => [c.slug, i + 1]));
    const bySlug = new Map(cats.map((c) => [c.slug, c]));
    /** A category and its ancestors, nearest first (a cycle cannot be saved, but is cut short anyway). */
    const chain = (slug: string) => {
      const out: (typeof cats)[number][] = [];
      for (
        let c = bySlug.get(slug);
        c && out.length < cats.length;
        c = c.parentSlug ? bySlug.get(c.parentSlug) : undefined
      )
        out.push(c);
      return out;
    };
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
      list.push(photoJpeg(p.src));
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
        description: descriptionText(text(group.description)),
        categoryNumber: catNumber.get(group.categorySlug) ?? 0,
        price: group.price,
        oldPrice: group.oldPrice,
        available: variant.stock > 0,
        preorder: variant.stock === 0 && variant.preorder,
        barcode: variant.barcode,
        size: variant.size,
        colour: text(group.colorName) || variant.color,
        path: `/products/${group.id}`,
        photos: photosOf.get(group.id) ?? [],
        audience: effectiveAudience(group, chain(group.categorySlug)),
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

  /**
   * The feed's text with its validator, from the cache while the catalogue is unchanged. The Google
   * feed of the English edition is priced in `currency` (USD, EUR or AED; USD when absent) by the
   * storefront's own rule and rates (core/wire.ts `editionCurrency`, DECISIONS 7), the Russian one
   * in roubles; the rates are part of the cache key, so a new day's rates make a new feed.
   */
  async function get(
    kind: FeedKind,
    locale: Locale,
    publicUrl: string,
    currency: Currency | null = null,
  ): Promise<BuiltFeed> {
    const latest = kind === 'google' && locale === 'en' ? await rates() : null;
    const pricing = {
      currency: editionCurrency(locale, currency, latest !== null),
      rates: latest?.rates ?? {},
    };
    const rate = pricing.currency === 'RUB' ? '' : `:${pricing.rates[pricing.currency]}`;
    return cache.get<BuiltFeed & { groups: string[] }>(
      `feed:${kind}:${locale}:${publicUrl}:${kind === 'google' ? pricing.currency : 'RUB'}${rate}`,
      (value) => [
        cacheTags.settings,
        cacheTags.catalogue,
        cacheTags.listings,
        ...value.groups.map((g) => cacheTags.group(g)),
      ],
      async () => {
        const now = clock();
        const data = await offers(locale);
        const base = locale === 'en' ? `${publicUrl}/en` : publicUrl;
        const shop = await settings(locale);
        const body =
          kind === 'yml'
            ? ymlFeed({
                shopName: shop.shopName,
                vendor: shop.vendor,
                url: base,
                publicUrl,
                now,
                categories: data.categories,
                offers: data.offers,
              })
            : googleFeed({
                shopName: shop.shopName,
                brand: shop.vendor,
                locale,
                url: base,
                publicUrl,
                now,
                preorderDays: shop.preorderDays,
                pricing,
                offers: data.offers,
              });
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
