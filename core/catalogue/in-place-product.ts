import { z } from 'zod';
import type { Actor } from '../audit/audit.service.ts';
import type { Locale } from '../i18n.ts';
import { localizedName } from './catalogue-admin.schemas.ts';
import type { CatalogueAdminService } from './catalogue-admin.service.ts';

/** `PUT /api/admin/in-place/products/:id/name`: the name over the product's version (DECISIONS 31). */
export const productNameBody = z.object({
  version: z.number().int().min(1),
  name: localizedName,
});
export type ProductNameInput = z.output<typeof productNameBody>;

/**
 * Renames a product from its page (catalogue.md §6) through the back office's own update: the same
 * version check, audit entry and cache drops; every other field is sent back as stored (the stock of
 * existing sizes is never taken from an update).
 */
export async function renameProduct(
  catalogueAdmin: Pick<CatalogueAdminService, 'getProduct' | 'updateProduct'>,
  id: string,
  input: ProductNameInput,
  actor: Actor,
  locale: Locale,
) {
  const { product, variants } = await catalogueAdmin.getProduct(id, locale);
  return catalogueAdmin.updateProduct(
    id,
    {
      version: input.version,
      art: product.art,
      name: input.name,
      description: product.description,
      composition: product.composition,
      care: product.care,
      categorySlug: product.categorySlug,
      collectionSlugs: product.collectionSlugs,
      colorName: product.colorName,
      colorHex: product.colorHex,
      price: product.price,
      oldPrice: product.oldPrice,
      isNew: product.isNew,
      isBestseller: product.isBestseller,
      sizeTableId: product.sizeTableId,
      ageGroup: product.ageGroup,
      gender: product.gender,
      vatRate: product.vatRate,
      published: product.published,
      variants: variants.map((v) => ({
        id: v.id,
        size: v.size,
        barcode: v.barcode,
        stock: v.stock,
        preorder: v.preorder,
        notification: v.notification,
      })),
    },
    actor,
    locale,
  );
}
