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
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const versionQuery = z.object({ version: z.coerce.number().pipe(versionField) });

/** A catalogue change answers `result: true` with what it returns; a conflict is the error handler's (409). */
async function answer(work: () => Promise<unknown>) {
  return { result: true, ...((await work()) as object) };
}

/** The back office's catalogue (docs/decisions/0028-catalogue-back-office.md): editors; stock also managers. */
export function catalogueRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const service = deps.services.catalogueAdmin;
  const editor = roles.editor;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/products',
    roles: roles.anyStaff,
    async handler(request) {
      return {
        result: true,
        ...(await service.listProducts(parseInput(productListQuery, request.query, request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/options',
    roles: roles.anyStaff,
    async handler() {
      return { result: true, ...(await service.editorOptions()) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/products',
    roles: editor,
    async handler(request, reply, actor) {
      const body = parseInput(productCreateBody, request.body, request, catalogueFieldLabels);
      const created = await service.createProduct(body, actor, requestLocale(request));
      return reply.status(201).send({ result: true, ...created });
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/products/bulk',
    roles: editor,
    async handler(request, _reply, actor) {
      const body = parseInput(bulkBody, request.body, request);
      return {
        result: true,
        ...(await service.bulkEdit(body.ids, body.change, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/products/:id',
    roles: roles.anyStaff,
    async handler(request) {
      const { id } = parseInput(productIdParams, request.params, request);
      return { result: true, ...(await service.getProduct(id, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/products/:id',
    roles: editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(productIdParams, request.params, request);
      const body = parseInput(productUpdateBody, request.body, request, catalogueFieldLabels);
      return answer(() => service.updateProduct(id, body, actor, requestLocale(request)));
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/products/:id/published',
    roles: editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(productIdParams, request.params, request);
      const body = parseInput(publishBody, request.body, request);
      return answer(() => service.setPublished(id, body, actor, requestLocale(request)));
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/products/:id/duplicate',
    roles: editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(productIdParams, request.params, request);
      const body = parseInput(duplicateBody, request.body, request);
      return answer(() => service.duplicateProduct(id, body, actor, requestLocale(request)));
    },
  });

  // Stock: managers too (DECISIONS 30).
  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/variants/:id/stock',
    roles: roles.anyStaff,
    async handler(request, _reply, actor) {
      const { id } = parseInput(variantIdParams, request.params, request);
      const body = parseInput(stockBody, request.body, request);
      return answer(async () => ({
        variant: await service.setStock(id, body, actor, requestLocale(request)),
      }));
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/categories',
    roles: roles.anyStaff,
    async handler() {
      return { result: true, ...(await service.listCategories()) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/categories',
    roles: editor,
    async handler(request, reply, actor) {
      const body = parseInput(categoryCreateBody, request.body, request, catalogueFieldLabels);
      const category = await service.createCategory(body, actor, requestLocale(request));
      return reply.status(201).send({ result: true, category });
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/categories/:slug',
    roles: editor,
    async handler(request, _reply, actor) {
      const { slug } = parseInput(slugParams, request.params, request);
      const body = parseInput(categoryUpdateBody, request.body, request, catalogueFieldLabels);
      return answer(async () => ({
        category: await service.updateCategory(slug, body, actor, requestLocale(request)),
      }));
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/catalogue/categories/:slug',
    roles: editor,
    async handler(request, _reply, actor) {
      const { slug } = parseInput(slugParams, request.params, request);
      const { version } = parseInput(versionQuery, request.query, request);
      return answer(() => service.removeCategory(slug, version, actor, requestLocale(request)));
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/collections',
    roles: roles.anyStaff,
    async handler() {
      return { result: true, ...(await service.listCollections()) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/collections/:slug',
    roles: roles.anyStaff,
    async handler(request) {
      const { slug } = parseInput(slugParams, request.params, request);
      return { result: true, collection: await service.getCollection(slug, requestLocale(request)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/collections',
    roles: editor,
    async handler(request, reply, actor) {
      const body = parseInput(collectionCreateBody, request.body, request);
      const collection = await service.createCollection(body, actor, requestLocale(request));
      return reply.status(201).send({ result: true, collection });
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/collections/:slug',
    roles: editor,
    async handler(request, _reply, actor) {
      const { slug } = parseInput(slugParams, request.params, request);
      const body = parseInput(collectionUpdateBody, request.body, request);
      return answer(async () => ({
        collection: await service.updateCollection(slug, body, actor, requestLocale(request)),
      }));
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/catalogue/collections/:slug',
    roles: editor,
    async handler(request, _reply, actor) {
      const { slug } = parseInput(slugParams, request.params, request);
      const { version } = parseInput(versionQuery, request.query, request);
      return answer(() => service.removeCollection(slug, version, actor, requestLocale(request)));
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/size-tables',
    roles: roles.anyStaff,
    async handler() {
      return { result: true, ...(await service.listSizeTables()) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/catalogue/size-tables/:id',
    roles: roles.anyStaff,
    async handler(request) {
      const { id } = parseInput(sizeTableParams, request.params, request);
      return { result: true, sizeTable: await service.getSizeTable(id, requestLocale(request)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/catalogue/size-tables',
    roles: editor,
    async handler(request, reply, actor) {
      const body = parseInput(sizeTableCreateBody, request.body, request);
      return reply.status(201).send({ result: true, sizeTable: await service.createSizeTable(body, actor) });
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/catalogue/size-tables/:id',
    roles: editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(sizeTableParams, request.params, request);
      const body = parseInput(sizeTableUpdateBody, request.body, request);
      return answer(async () => ({
        sizeTable: await service.updateSizeTable(id, body, actor, requestLocale(request)),
      }));
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/catalogue/size-tables/:id',
    roles: editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(sizeTableParams, request.params, request);
      const { version } = parseInput(versionQuery, request.query, request);
      return answer(() => service.removeSizeTable(id, version, actor, requestLocale(request)));
    },
  });
}
