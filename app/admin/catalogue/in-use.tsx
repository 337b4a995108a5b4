import { Link } from 'react-router';
import { staffMessage } from '../../../core/staff-messages.ts';
import type { UsedBy } from './conflict.ts';

/** What keeps a record from being deleted: the count, the first products, the subcategories. */
export function InUseList({ usedBy, locale }: { usedBy: UsedBy; locale: 'ru' | 'en' }) {
  return (
    <div className="adm-cat__conflict">
      {usedBy.count > 0 && (
        <>
          {staffMessage('cat.used_by', locale, { count: usedBy.count })}
          <ul>
            {usedBy.products.map((p) => (
              <li key={p.id}>
                <Link to={`/admin/products/${encodeURIComponent(p.id)}`}>{p.name}</Link>{' '}
                <span className="adm-muted adm-id">({p.id})</span>
              </li>
            ))}
            {usedBy.count > usedBy.products.length && <li>…</li>}
          </ul>
        </>
      )}
      {usedBy.categories && usedBy.categories.length > 0 && (
        <p>
          {staffMessage('cat.subcategories', locale)} {usedBy.categories.join(', ')}
        </p>
      )}
    </div>
  );
}
