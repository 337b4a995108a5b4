import type { z } from 'zod';
import type {
  bulkBody,
  categoryCreateBody,
  categoryUpdateBody,
  collectionCreateBody,
  collectionUpdateBody,
  duplicateBody,
  productCreateBody,
  productListQuery,
  productUpdateBody,
  publishBody,
  sizeTableCreateBody,
  sizeTableUpdateBody,
  stockBody,
} from '../../../core/catalogue/catalogue-admin.schemas.ts';
import { endpoint } from '../ui/api-client.ts';
import type { EditorOptions, L10n, ProductRecord, ProductRow, SizeTableItem, Variant } from './types.ts';

export interface ProductPage {
  rows: ProductRow[];
  total: number;
  page: number;
  limit: number;
}
export interface CollectionRow {
  slug: string;
  name: L10n;
  position: number;
  version: number;
  products: number;
}
export interface CollectionRecord {
  slug: string;
  name: L10n;
  description: L10n;
  position: number;
  version: number;
  members: { id: string; name: L10n; published: boolean }[];
}
export interface SizeTable {
  id: string;
  title: L10n;
  items: SizeTableItem[];
  version: number;
  products: number;
}

type BySlug = { slug: string };
type ById = { id: string };
type Versioned<P> = P & { version: number };

/** The catalogue's staff endpoints (server/routes/admin/catalogue.routes.ts), typed from their schemas. */
export const catalogueApi = {
  products: endpoint<ProductPage, z.input<typeof productListQuery>>(
    'GET',
    () => '/api/admin/catalogue/products',
  ),
  options: endpoint<EditorOptions>('GET', () => '/api/admin/catalogue/options'),
  bulk: endpoint<{ changed: number }, z.input<typeof bulkBody>>(
    'POST',
    () => '/api/admin/catalogue/products/bulk',
  ),
  product: endpoint<ProductRecord, undefined, ById>(
    'GET',
    (p) => `/api/admin/catalogue/products/${encodeURIComponent(p.id)}`,
  ),
  createProduct: endpoint<ProductRecord, z.input<typeof productCreateBody>>(
    'POST',
    () => '/api/admin/catalogue/products',
  ),
  updateProduct: endpoint<ProductRecord, z.input<typeof productUpdateBody>, ById>(
    'PUT',
    (p) => `/api/admin/catalogue/products/${encodeURIComponent(p.id)}`,
  ),
  publish: endpoint<ProductRecord, z.input<typeof publishBody>, ById>(
    'PUT',
    (p) => `/api/admin/catalogue/products/${encodeURIComponent(p.id)}/published`,
  ),
  duplicate: endpoint<ProductRecord, z.input<typeof duplicateBody>, ById>(
    'POST',
    (p) => `/api/admin/catalogue/products/${encodeURIComponent(p.id)}/duplicate`,
  ),
  stock: endpoint<{ variant: Variant }, z.input<typeof stockBody>, ById>(
    'PUT',
    (p) => `/api/admin/catalogue/variants/${encodeURIComponent(p.id)}/stock`,
  ),

  collections: endpoint<{ rows: CollectionRow[] }>('GET', () => '/api/admin/catalogue/collections'),
  collection: endpoint<{ collection: CollectionRecord }, undefined, BySlug>(
    'GET',
    (p) => `/api/admin/catalogue/collections/${encodeURIComponent(p.slug)}`,
  ),
  createCollection: endpoint<{ collection: CollectionRecord }, z.input<typeof collectionCreateBody>>(
    'POST',
    () => '/api/admin/catalogue/collections',
  ),
  updateCollection: endpoint<{ collection: CollectionRecord }, z.input<typeof collectionUpdateBody>, BySlug>(
    'PUT',
    (p) => `/api/admin/catalogue/collections/${encodeURIComponent(p.slug)}`,
  ),
  deleteCollection: endpoint<unknown, undefined, Versioned<BySlug>>(
    'DELETE',
    (p) => `/api/admin/catalogue/collections/${encodeURIComponent(p.slug)}?version=${p.version}`,
  ),

  sizeTables: endpoint<{ rows: SizeTable[] }>('GET', () => '/api/admin/catalogue/size-tables'),
  createSizeTable: endpoint<{ sizeTable: SizeTable }, z.input<typeof sizeTableCreateBody>>(
    'POST',
    () => '/api/admin/catalogue/size-tables',
  ),
  updateSizeTable: endpoint<{ sizeTable: SizeTable }, z.input<typeof sizeTableUpdateBody>, ById>(
    'PUT',
    (p) => `/api/admin/catalogue/size-tables/${encodeURIComponent(p.id)}`,
  ),
  deleteSizeTable: endpoint<unknown, undefined, Versioned<ById>>(
    'DELETE',
    (p) => `/api/admin/catalogue/size-tables/${encodeURIComponent(p.id)}?version=${p.version}`,
  ),

  categoryCreate: endpoint<{ category: unknown }, z.input<typeof categoryCreateBody>>(
    'POST',
    () => '/api/admin/catalogue/categories',
  ),
  categoryUpdate: endpoint<{ category: unknown }, z.input<typeof categoryUpdateBody>, BySlug>(
    'PUT',
    (p) => `/api/admin/catalogue/categories/${encodeURIComponent(p.slug)}`,
  ),
  categoryDelete: endpoint<unknown, undefined, Versioned<BySlug>>(
    'DELETE',
    (p) => `/api/admin/catalogue/categories/${encodeURIComponent(p.slug)}?version=${p.version}`,
  ),
};
