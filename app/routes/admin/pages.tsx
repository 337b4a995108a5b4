import '../../admin/content/content.css';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { move, SaveStatus, useSave } from '../../admin/content/form.tsx';
import type { ContentPage } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';

export async function clientLoader() {
  return adminApi<{ rows: ContentPage[] }>('/api/admin/pages');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The generic pages (editors): their order, a link to each editor, deletion. */
export default function PagesPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [order, setOrder] = useState(rows.map((r) => r.id));
  const save = useSave();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = [
    ...order.filter((id) => byId.has(id)),
    ...rows.map((r) => r.id).filter((id) => !order.includes(id)),
  ];
  const changed = shown.join() !== rows.map((r) => r.id).join();

  async function saveOrder() {
    const ok = await save.run(() =>
      adminApi('/api/admin/pages-order', { method: 'PUT', body: { ids: shown } }),
    );
    if (ok) revalidator.revalidate();
  }
  async function remove(page: ContentPage) {
    if (!window.confirm(tr(`Удалить страницу /${page.slug}?`, `Delete the page /${page.slug}?`))) return;
    const ok = await save.run(() =>
      adminApi(`/api/admin/pages/${page.id}`, { method: 'DELETE', body: { updatedAt: page.updatedAt } }),
    );
    if (ok) {
      setOrder((o) => o.filter((id) => id !== page.id));
      revalidator.revalidate();
    }
  }

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Страницы', 'Pages')}</h1>
        <Link className="adm-btn adm-btn--primary" to="/admin/pages/new">
          {tr('Новая страница', 'New page')}
        </Link>
      </div>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{tr('Заголовок', 'Title')}</th>
              <th scope="col">{tr('Адрес', 'Address')}</th>
              <th scope="col">{tr('Разделов', 'Sections')}</th>
              <th scope="col">{tr('Изменена', 'Changed')}</th>
              <th scope="col">{tr('Порядок', 'Order')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((id, i) => {
              const page = byId.get(id);
              if (!page) return null;
              return (
                <tr key={id}>
                  <td>
                    <Link to={`/admin/pages/${id}`}>{page.title.ru || page.slug}</Link>
                  </td>
                  <td>
                    <a href={`/${page.slug}`} target="_blank" rel="noreferrer">
                      /{page.slug}
                    </a>
                  </td>
                  <td>{page.sections.length}</td>
                  <td>{formatDateTime(page.updatedAt, locale)}</td>
                  <td>
                    <span className="adm-cnt__item-buttons">
                      <button
                        type="button"
                        className="adm-btn"
                        disabled={i === 0}
                        aria-label={`${tr('Выше', 'Up')}: /${page.slug}`}
                        onClick={() => setOrder(move(shown, i, -1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="adm-btn"
                        disabled={i === shown.length - 1}
                        aria-label={`${tr('Ниже', 'Down')}: /${page.slug}`}
                        onClick={() => setOrder(move(shown, i, 1))}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="adm-btn adm-btn--danger"
                        aria-label={`${tr('Удалить', 'Delete')}: /${page.slug}`}
                        onClick={() => remove(page)}
                      >
                        ×
                      </button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="adm-cnt__actions">
        <button type="button" className="adm-btn" disabled={!changed || save.busy} onClick={saveOrder}>
          {tr('Сохранить порядок', 'Save the order')}
        </button>
        <SaveStatus busy={save.busy} done={save.done} problem={save.problem} />
      </div>
    </div>
  );
}
