import '../../admin/content/content.css';
import '../../admin/ui/kit.css';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { move, SaveStatus, useSave } from '../../admin/content/form.tsx';
import type { ContentPage } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';

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
  const [ask, confirmDialog] = useConfirm();

  async function saveOrder() {
    const ok = await save.run(() =>
      adminApi('/api/admin/pages-order', { method: 'PUT', body: { ids: shown } }),
    );
    if (ok) revalidator.revalidate();
  }
  async function remove(page: ContentPage) {
    const sure = await ask({
      title: tr(`Удалить страницу /${page.slug}?`, `Delete the page /${page.slug}?`),
      confirm: tr('Удалить', 'Delete'),
      danger: true,
    });
    if (!sure) return;
    const ok = await save.run(() =>
      adminApi(`/api/admin/pages/${page.id}`, { method: 'DELETE', body: { updatedAt: page.updatedAt } }),
    );
    if (ok) {
      setOrder((o) => o.filter((id) => id !== page.id));
      revalidator.revalidate();
    }
  }

  const columns: Column<ContentPage>[] = [
    {
      key: 'title',
      header: tr('Заголовок', 'Title'),
      render: (page) => <Link to={`/admin/pages/${page.id}`}>{page.title.ru || page.slug}</Link>,
    },
    {
      key: 'slug',
      header: tr('Адрес', 'Address'),
      render: (page) => (
        <a href={`/${page.slug}`} target="_blank" rel="noreferrer">
          /{page.slug}
        </a>
      ),
    },
    { key: 'sections', header: tr('Разделов', 'Sections'), render: (page) => page.sections.length },
    {
      key: 'changed',
      header: tr('Изменена', 'Changed'),
      render: (page) => formatDateTime(page.updatedAt, locale),
    },
    {
      key: 'order',
      header: tr('Порядок', 'Order'),
      render: (page) => {
        const i = shown.indexOf(page.id);
        return (
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
        );
      },
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={tr('Страницы', 'Pages')}>
        <Link className="adm-btn adm-btn--primary" to="/admin/pages/new">
          {tr('Новая страница', 'New page')}
        </Link>
      </PageHead>
      <DataTable
        label={tr('Страницы', 'Pages')}
        columns={columns}
        rows={shown.flatMap((id) => byId.get(id) ?? [])}
        rowKey={(page) => page.id}
      />
      <div className="adm-cnt__actions">
        <button type="button" className="adm-btn" disabled={!changed || save.busy} onClick={saveOrder}>
          {tr('Сохранить порядок', 'Save the order')}
        </button>
        <SaveStatus busy={save.busy} done={save.done} problem={save.problem} />
      </div>
      {confirmDialog}
    </div>
  );
}
