import { type Localized, pick } from '../i18n.ts';
import { discountPercent } from '../money.ts';
import { type WireEdition, wireFlag, wirePrice } from '../wire.ts';
import type { CategoryView, GroupDetails, PhotoTagView, VariantView } from './catalogue.types.ts';
import { photoRenditionWidths, photoSources } from './media.rules.ts';

/**
 * The product group and its size variants as the public API answers them (catalogue.md §3, §7;
 * checkout.md §3; DECISIONS 28): `POST /api/groups-by-ids`, `/api/group-by-id` and the blocks of
 * `/api/get-product-page-content`. docs/product/api-wire-shapes.md lists every field and its source.
 */

/** catalogue.md §3 Variant product. */
export interface WireVariant {
  _id: string;
  Color: string;
  TheSize: string;
  WarehouseQuantity: number;
  /** 1: can be pre-ordered while out of stock. */
  preorder: 0 | 1;
  /** 1: an arrival notice can be asked for. */
  notification: 0 | 1;
  name: string;
  Barcode: string;
  price: number;
}

/** catalogue.md §3 Product photo. */
export interface WirePhoto {
  src: string;
  productID: string;
}

/** catalogue.md §3 Product group. */
export interface WireGroup {
  _id: string;
  art: string;
  name: string;
  Barcode: string | null;
  /** The category's name: the section the stock system files the group under. */
  SynchronizationSection: string;
  /** The category's slug. */
  category: string;
  /** What the shopper pays now. */
  price: number;
  /** The price before the reduction; null when the group is not reduced. */
  oldPrice: number | null;
  /** The price after the group's own reduction (promo codes apply at checkout): equal to `price`. */
  priceWithDiscount: number;
  /** Whole percent off the old price; 0 when not reduced. */
  discount: number;
  isNew: boolean;
  /** The article's colours, this group included: the group to open, the colour's name and hex value. */
  colors: { _id: string; name: string; value: string }[];
  /** The sizes in the spec's order (catalogue.md §5). */
  sizes: string[];
  /** The sizes as one text, e.g. `XS, S, M`. */
  size: string;
  /** The colour's name. */
  color: string;
  photos: WirePhoto[];
  /** Video paths, served under /media. */
  videos: string[];
  source: {
    name: string;
    new: 0 | 1;
    sale: 0 | 1;
    bestseller: 0 | 1;
    price: number;
    priceWithDiscount: number;
    category: string;
    /** Pieces in stock over all sizes. */
    count: number;
  };
  products: WireVariant[];
  /** The same variants keyed by size. */
  productsBySize: Record<string, WireVariant>;
}

export function variantToWire(
  variant: VariantView,
  group: { name: Localized; colorName: Localized; price: number },
  edition: WireEdition,
): WireVariant {
  return {
    _id: variant.id,
    Color: pick(group.colorName, edition.locale),
    TheSize: variant.size,
    WarehouseQuantity: variant.stock,
    preorder: wireFlag(variant.preorder),
    notification: wireFlag(variant.notification),
    name: pick(group.name, edition.locale),
    Barcode: variant.barcode,
    price: wirePrice(group.price, edition),
  };
}

/**
 * A group on the wire. `categories` names the group's category (a missing one leaves its slug as the
 * section's name).
 */
export function groupToWire(
  group: GroupDetails,
  categories: ReadonlyMap<string, CategoryView>,
  edition: WireEdition,
): WireGroup {
  const { locale } = edition;
  const name = pick(group.name, locale);
  const category = categories.get(group.categorySlug);
  const price = wirePrice(group.price, edition);
  const products = group.variants.map((v) => variantToWire(v, group, edition));
  const sizes = products.map((p) => p.TheSize);
  return {
    _id: group.id,
    art: group.art,
    name,
    Barcode: group.barcode,
    SynchronizationSection: category ? pick(category.name, locale) : group.categorySlug,
    category: group.categorySlug,
    price,
    oldPrice: group.oldPrice === null ? null : wirePrice(group.oldPrice, edition),
    priceWithDiscount: price,
    discount: discountPercent(group.price, group.oldPrice),
    isNew: group.isNew,
    colors: group.colours.map((c) => ({ _id: c.id, name: pick(c.colorName, locale), value: c.colorHex })),
    sizes,
    size: sizes.join(', '),
    color: pick(group.colorName, locale),
    photos: group.photos.map((src) => ({ src: photoSources(src).src, productID: group.id })),
    videos: group.videos.map((src) => `/media/${src}`),
    source: {
      name,
      new: wireFlag(group.isNew),
      sale: wireFlag(discountPercent(group.price, group.oldPrice) > 0),
      bestseller: wireFlag(group.isBestseller),
      price,
      priceWithDiscount: price,
      category: group.categorySlug,
      count: group.variants.reduce((n, v) => n + v.stock, 0),
    },
    products,
    productsBySize: Object.fromEntries(products.map((p) => [p.TheSize, p])),
  };
}

/**
 * The stored photo key (`products/x-front`, `uploads/<id>-1600`) of a photo address the app sends
 * back: any of its renditions (`/media/products/x-front-480.webp`, the largest of an upload
 * `/media/uploads/<id>-1600-1600.webp`, its `.avif` or `.jpg` twin), absolute or with a query, or
 * the key itself. A width the photo is not made at is not a rendition: the address is kept as it is.
 */
export function photoKeyFromWire(src: string): string {
  const path = src
    .replace(/[?#].*$/, '')
    .replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '')
    .replace(/^\/(?:media\/)?/, '');
  const rendition = /^(.+)-(\d{2,5})\.(?:webp|avif|jpe?g)$/i.exec(path);
  if (rendition?.[1] && photoRenditionWidths(rendition[1]).includes(Number(rendition[2])))
    return rendition[1];
  return path;
}

/** catalogue.md §3 Photo tag: `productID` is the group owning the photo, `group` the product it shows. */
export interface WirePhotoTag {
  _id: number;
  left: number;
  top: number;
  name: string;
  /** The English edition's text; '' until translated (`name` is shown then). */
  nameEn: string;
  path: string;
  productID: string;
  maxWidth: number;
  /** The shown product's id. */
  link: string;
  /** The shown product, or null when it is gone or hidden. */
  group: WireGroup | null;
}

export function photoTagToWire(tag: PhotoTagView, productID: string, group: WireGroup | null): WirePhotoTag {
  return {
    _id: tag.id,
    left: tag.left,
    top: tag.top,
    name: tag.name,
    nameEn: tag.nameEn,
    path: tag.path,
    productID,
    maxWidth: tag.maxWidth,
    link: tag.link,
    group,
  };
}
