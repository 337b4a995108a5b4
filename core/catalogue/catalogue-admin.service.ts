import { type CatalogueAdminDeps, createCatalogueAdminContext } from './admin/catalogue-admin.context.ts';
import { createCategoriesAdmin } from './admin/categories-admin.service.ts';
import { createCollectionsAdmin } from './admin/collections-admin.service.ts';
import { createProductsAdmin } from './admin/products-admin.service.ts';
import { createSizeTablesAdmin } from './admin/size-tables-admin.service.ts';

export { InUseError, StaleError } from './admin/catalogue-admin.context.ts';

/**
 * The back office's catalogue (issue 15; docs/decisions/0028-catalogue-back-office.md), composed of
 * its parts in ./admin/: products, categories, collections and size tables. Every change runs in one
 * transaction with its audit record (DECISIONS 31) and the announcement of the read-cache tags it
 * touched, so the storefront (read cache and page cache, on every instance) shows it at once; the
 * search index is dropped after the commit.
 */
export function createCatalogueAdminService(deps: CatalogueAdminDeps) {
  const context = createCatalogueAdminContext(deps);
  return {
    ...createProductsAdmin(context),
    ...createCategoriesAdmin(context),
    ...createCollectionsAdmin(context),
    ...createSizeTablesAdmin(context),
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
