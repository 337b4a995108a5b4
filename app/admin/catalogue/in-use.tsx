import { Link } from 'react-router';
import type { CatalogueConflict } from './conflict.ts';

/** What keeps a record from being deleted: the count, the first products, the subcategories. */
export function InUseList({
  usedBy,
  locale,
}: {
  usedBy: NonNullable<CatalogueConflict['usedBy']>;
  locale: 'ru' | 'en';
}) {
  const tr = (ru: string, en: string) => (locale === 'en' ? en : ru);
  return (
    <div className="adm-cat__conflict">
      {usedBy.count > 0 && (
        <>
          {tr(`Используют товары: ${usedBy.count}`, `Used by products: ${usedBy.count}`)}
          <ul>
            {usedBy.products.map((p) => (
              <li key={p.id}>
                <Link to={`/admin/products/${encodeURIComponent(p.id)}`}>{p.name}</Link>{' '}
                <span className="adm-muted">({p.id})</span>
              </li>
            ))}
            {usedBy.count > usedBy.products.length && <li>…</li>}
          </ul>
        </>
      )}
      {usedBy.categories && usedBy.categories.length > 0 && (
        <p>
          {tr('Подкатегории:', 'Subcategories:')} {usedBy.categories.join(', ')}
        </p>
      )}
    </div>
  );
}
