import { useRevalidator } from 'react-router';
import type { MessageKey } from '../../i18n/ru.ts';
import { InlineText } from './inline-text.tsx';
import { pageLocale, staffApi } from './staff-api.ts';

interface TextsList {
  rows: {
    key: string;
    ru: { override: { updatedAt: string } | null };
    en: { override: { updatedAt: string } | null };
  }[];
}

/** Each override's edit stamp (DECISIONS 31), read once per page and kept up to date by the saves. */
let stamps: Promise<Map<string, string | null>> | null = null;
function textStamps(): Promise<Map<string, string | null>> {
  stamps ??= staffApi<TextsList>('/api/admin/texts').then((list) => {
    const map = new Map<string, string | null>();
    for (const row of list.rows) {
      map.set(`ru:${row.key}`, row.ru.override?.updatedAt ?? null);
      map.set(`en:${row.key}`, row.en.override?.updatedAt ?? null);
    }
    return map;
  });
  stamps.catch(() => {
    stamps = null;
  });
  return stamps;
}

/**
 * An interface text of the page's edition (a label, a tab's title or text) edited in place: saved as
 * the back office's text override (PUT /api/admin/texts, over the override's stamp).
 */
export function EditableText({ k, text, multiline }: { k: MessageKey; text: string; multiline?: boolean }) {
  const revalidator = useRevalidator();
  return (
    <InlineText
      value={text}
      label={k}
      multiline={multiline}
      onSave={async (value) => {
        const locale = pageLocale();
        const map = await textStamps();
        const saved = await staffApi<{ text: { updatedAt: string | null } }>('/api/admin/texts', {
          method: 'PUT',
          body: { locale, key: k, value, updatedAt: map.get(`${locale}:${k}`) ?? null },
        }).catch((error) => {
          stamps = null;
          throw error;
        });
        map.set(`${locale}:${k}`, saved.text.updatedAt);
        // The root loader carries the overrides: read again so every place showing the text agrees.
        void revalidator.revalidate();
      }}
    />
  );
}

interface ProductRecord {
  product: { version: number; name: { ru: string; en: string }; sizeTableId: string | null };
}

/** The product's versions as this page last saw them. */
const productVersions = new Map<string, number>();

async function productRecord(id: string): Promise<ProductRecord> {
  return staffApi<ProductRecord>(`/api/admin/catalogue/products/${encodeURIComponent(id)}`);
}

/** The product's name in the page's edition, renamed over the product's version. */
export function EditableProductName({ id, name }: { id: string; name: string }) {
  const revalidator = useRevalidator();
  return (
    <InlineText
      value={name}
      label={pageLocale() === 'en' ? 'Product name' : 'Название товара'}
      onSave={async (value) => {
        const record = await productRecord(id);
        const version = productVersions.get(id) ?? record.product.version;
        const locale = pageLocale();
        const saved = await staffApi<{ version: number }>(
          `/api/admin/in-place/products/${encodeURIComponent(id)}/name`,
          { method: 'PUT', body: { version, name: { ...record.product.name, [locale]: value } } },
        ).catch((error) => {
          productVersions.delete(id);
          throw error;
        });
        productVersions.set(id, saved.version);
        void revalidator.revalidate();
      }}
    />
  );
}

interface SizeTableRow {
  id: string;
  version: number;
  title: { ru: string; en: string };
  items: {
    name: { ru: string; en: string };
    columns: string[];
    rows: string[][];
    text: { ru: string; en: string };
  }[];
}

/** Where in the size table a text sits. */
export type SizeTableSpot =
  | { kind: 'title' }
  | { kind: 'name' | 'text'; item: number }
  | { kind: 'column'; item: number; column: number }
  | { kind: 'cell'; item: number; row: number; column: number };

function place(table: SizeTableRow, spot: SizeTableSpot, value: string): SizeTableRow {
  const locale = pageLocale();
  const next = structuredClone(table);
  if (spot.kind === 'title') next.title[locale] = value;
  else {
    const item = next.items[spot.item];
    if (!item) throw new Error('size table changed');
    switch (spot.kind) {
      case 'name':
        item.name[locale] = value;
        break;
      case 'text':
        item.text[locale] = value;
        break;
      case 'column':
        item.columns[spot.column] = value;
        break;
      case 'cell': {
        const row = item.rows[spot.row];
        if (!row) throw new Error('size table changed');
        row[spot.column] = value;
        break;
      }
    }
  }
  return next;
}

/** A text of the product's size table, saved through the back office's size-table update (its version). */
export function EditableSizeTable({
  productId,
  spot,
  text,
}: {
  productId: string;
  spot: SizeTableSpot;
  text: string;
}) {
  const revalidator = useRevalidator();
  return (
    <InlineText
      value={text}
      label={pageLocale() === 'en' ? 'Size table' : 'Таблица размеров'}
      allowEmpty={spot.kind === 'cell' || spot.kind === 'text'}
      onSave={async (value) => {
        const { product } = await productRecord(productId);
        if (!product.sizeTableId) throw new Error('no size table');
        const id = encodeURIComponent(product.sizeTableId);
        const { sizeTable } = await staffApi<{ sizeTable: SizeTableRow }>(
          `/api/admin/catalogue/size-tables/${id}`,
        );
        const next = place(sizeTable, spot, value);
        await staffApi(`/api/admin/catalogue/size-tables/${id}`, {
          method: 'PUT',
          body: { version: sizeTable.version, title: next.title, items: next.items },
        });
        void revalidator.revalidate();
      }}
    />
  );
}
