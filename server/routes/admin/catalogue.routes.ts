import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkBody,
  catalogueFieldLabels,
  categoryCreateBody,
  categoryUpdateBody,
  collectionCreateBody,
  collectionUpdateBody,
  duplicateBody,
  productCreateBody,
  productIdParams,
  productListQuery,
  productUpdateBody,
  publishBody,
  sizeTableCreateBody,
  sizeTableParams,
  sizeTableUpdateBody,
  slugParams,
  stockBody,
  variantIdParams,
  versionField,
} from '../../../core/catalogue/catalogue-admin.schemas.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps } from './staff-route.ts';

const versionQuery = z.object({ version: z.coerce.number().pipe(versionField) });

/**
 * The back office's catalogue (docs/decisions/0028-catalogue-back-office.md): editors; stock also managers.
 * A change answers `result: true` with what it returns; a conflict is the error handler's (409).
 */
export function catalogueRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const service = deps.services.catalogueAdmin;
  const editor = roles.editor;
  const anyStaff = roles.anyStaff;
  const labels = catalogueFieldLabels;

  staffRead(app, deps, {
    url: '/api/admin/catalogue/products',
    roles: anyStaff,
    query: productListQuery,
    get: (query) => service.listProducts(query),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/options',
    roles: anyStaff,
    get: () => service.editorOptions(),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/products',
    roles: editor,
    body: productCreateBody,
    labels,
    status: 201,
    act: (_, body, actor, locale) => service.createProduct(body, actor, locale),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/products/bulk',
    roles: editor,
    body: bulkBody,
    act: (_, body, actor, locale) => service.bulkEdit(body.ids, body.change, actor, locale),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/products/:id',
    roles: anyStaff,
    params: productIdParams,
    get: ({ id }, locale) => service.getProduct(id, locale),
  });

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/products/:id',
    roles: editor,
    params: productIdParams,
    body: productUpdateBody,
    labels,
    act: ({ id }, body, actor, locale) => service.updateProduct(id, body, actor, locale),
  });

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/products/:id/published',
    roles: editor,
    params: productIdParams,
    body: publishBody,
    act: ({ id }, body, actor, locale) => service.setPublished(id, body, actor, locale),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/products/:id/duplicate',
    roles: editor,
    params: productIdParams,
    body: duplicateBody,
    act: ({ id }, body, actor, locale) => service.duplicateProduct(id, body, actor, locale),
  });

  // Stock: managers too (DECISIONS 30).
  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/variants/:id/stock',
    roles: anyStaff,
    params: variantIdParams,
    body: stockBody,
    act: async ({ id }, body, actor, locale) => ({
      variant: await service.setStock(id, body, actor, locale),
    }),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/categories',
    roles: anyStaff,
    get: () => service.listCategories(),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/categories',
    roles: editor,
    body: categoryCreateBody,
    labels,
    status: 201,
    act: async (_, body, actor, locale) => ({ category: await service.createCategory(body, actor, locale) }),
  });

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/categories/:slug',
    roles: editor,
    params: slugParams,
    body: categoryUpdateBody,
    labels,
    act: async ({ slug }, body, actor, locale) => ({
      category: await service.updateCategory(slug, body, actor, locale),
    }),
  });

  staffAction(app, deps, {
    method: 'DELETE',
    url: '/api/admin/catalogue/categories/:slug',
    roles: editor,
    params: slugParams,
    query: versionQuery,
    act: ({ slug, version }, _, actor, locale) => service.removeCategory(slug, version, actor, locale),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/collections',
    roles: anyStaff,
    get: () => service.listCollections(),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/collections/:slug',
    roles: anyStaff,
    params: slugParams,
    get: async ({ slug }, locale) => ({ collection: await service.getCollection(slug, locale) }),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/collections',
    roles: editor,
    body: collectionCreateBody,
    status: 201,
    act: async (_, body, actor, locale) => ({
      collection: await service.createCollection(body, actor, locale),
    }),
  });

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/collections/:slug',
    roles: editor,
    params: slugParams,
    body: collectionUpdateBody,
    act: async ({ slug }, body, actor, locale) => ({
      collection: await service.updateCollection(slug, body, actor, locale),
    }),
  });

  staffAction(app, deps, {
    method: 'DELETE',
    url: '/api/admin/catalogue/collections/:slug',
    roles: editor,
    params: slugParams,
    query: versionQuery,
    act: ({ slug, version }, _, actor, locale) => service.removeCollection(slug, version, actor, locale),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/size-tables',
    roles: anyStaff,
    get: () => service.listSizeTables(),
  });

  staffRead(app, deps, {
    url: '/api/admin/catalogue/size-tables/:id',
    roles: anyStaff,
    params: sizeTableParams,
    get: async ({ id }, locale) => ({ sizeTable: await service.getSizeTable(id, locale) }),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/size-tables',
    roles: editor,
    body: sizeTableCreateBody,
    status: 201,
    act: async (_, body, actor) => ({ sizeTable: await service.createSizeTable(body, actor) }),
  });

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/size-tables/:id',
    roles: editor,
    params: sizeTableParams,
    body: sizeTableUpdateBody,
    act: async ({ id }, body, actor, locale) => ({
      sizeTable: await service.updateSizeTable(id, body, actor, locale),
    }),
  });

  staffAction(app, deps, {
    method: 'DELETE',
    url: '/api/admin/catalogue/size-tables/:id',
    roles: editor,
    params: sizeTableParams,
    query: versionQuery,
    act: ({ id, version }, _, actor, locale) => service.removeSizeTable(id, version, actor, locale),
  });
}
