import '../../admin/catalogue/catalogue.css';
import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { catalogueApi, type SizeTable } from '../../admin/catalogue/catalogue-api.ts';
import { type UsedBy, usedByOf } from '../../admin/catalogue/conflict.ts';
import { InUseList } from '../../admin/catalogue/in-use.tsx';
import { LocalizedFields, SaveAndDelete } from '../../admin/catalogue/record-fields.tsx';
import type { L10n, SizeTableItem } from '../../admin/catalogue/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

type Draft = Omit<SizeTable, 'products'> & { products?: number };

export async function clientLoader() {
  return callApi(catalogueApi.sizeTables);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const blankItem = (): SizeTableItem => ({
  name: { ru: '', en: '' },
  columns: ['RU', 'INT'],
  rows: [['', '']],
  text: { ru: '', en: '' },
});

export default function SizeTablesPage() {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { rows } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [usedBy, setUsedBy] = useState<UsedBy | undefined>(undefined);
  const [ask, confirmDialog] = useConfirm();
  useEffect(() => {
    setDraft((d) => (d?.id ? (rows.find((r) => r.id === d.id) ?? null) : d));
  }, [rows]);
  const name = (l: L10n) => (locale === 'en' && l.en ? l.en : l.ru);

  const setItem = (i: number, patch: Partial<SizeTableItem>) =>
    draft && setDraft({ ...draft, items: draft.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) });

  const save = useAction<[], void, SizeTable>(async () => {
    if (!draft) return;
    setUsedBy(undefined);
    remove.reset();
    const body = { title: draft.title, items: draft.items };
    const res = draft.id
      ? await callApi(catalogueApi.updateSizeTable, { id: draft.id }, { ...body, version: draft.version })
      : await callApi(catalogueApi.createSizeTable, body);
    setDraft(res.sizeTable);
    revalidator.revalidate();
  });

  const remove = useAction<[], void, SizeTable>(async () => {
    if (!draft?.id) return;
    save.reset();
    setUsedBy(undefined);
    try {
      await callApi(catalogueApi.deleteSizeTable, { id: draft.id, version: draft.version });
    } catch (e) {
      setUsedBy(usedByOf(e));
      throw e;
    }
    setDraft(null);
    revalidator.revalidate();
  });

  async function askRemove() {
    if (!draft?.id) return;
    const yes = await ask({
      title: t('cat.sizes.delete_sure', { name: name(draft.title) }),
      confirm: t('cat.delete'),
      danger: true,
    });
    if (yes) await remove.run();
  }

  function open(next: Draft | null) {
    save.reset();
    remove.reset();
    setUsedBy(undefined);
    setDraft(next);
  }

  const columns: Column<SizeTable>[] = [
    {
      key: 'title',
      header: t('cat.name'),
      render: (r) => (
        <>
          <button type="button" className="adm-btn" onClick={() => open(r)}>
            {name(r.title)}
          </button>{' '}
          <span className="adm-muted adm-id adm-cat__code">{r.id}</span>
        </>
      ),
    },
    { key: 'products', header: t('cat.products_count'), numeric: true, render: (r) => r.products ?? 0 },
  ];

  const error = save.error ?? remove.error;
  const conflict = save.conflict ?? remove.conflict;
  const newer = conflict?.current ?? null;

  return (
    <div className="adm-page">
      <PageHead title={t('cat.sizes.title')}>
        {canEdit && (
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            onClick={() => open({ id: '', title: { ru: '', en: '' }, items: [blankItem()], version: 0 })}
          >
            {t('cat.sizes.new')}
          </button>
        )}
      </PageHead>
      <DataTable
        label={t('cat.sizes.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('cat.sizes.none')}
      />
      {save.done && <StatusNote>{t('cat.saved')}</StatusNote>}
      <ErrorNote message={error} />
      {usedBy && <InUseList usedBy={usedBy} locale={locale} />}
      {newer && (
        <div className="adm-cat__conflict" role="alert">
          {conflict?.message ? <p>{conflict.message}</p> : null}
          {t('cat.sizes.newer', { name: `${newer.title.ru} / ${newer.title.en}` })}{' '}
          <button type="button" className="adm-btn" onClick={() => open(newer)}>
            {t('cat.load_newer')}
          </button>
        </div>
      )}
      {draft && (
        <section className="adm-card" style={{ marginTop: 16 }} aria-label={t('cat.sizes.one')}>
          <div className="adm-cat__pair">
            <LocalizedFields
              label={(lang) => t('cat.name_in', { lang })}
              value={draft.title}
              disabled={!canEdit}
              onChange={(title) => setDraft({ ...draft, title })}
            />
          </div>
          {draft.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the tables of one size table have no ids
            <div key={i} className="adm-card" style={{ marginTop: 12 }}>
              <div className="adm-cat__pair">
                <LocalizedFields
                  label={(lang) => t('cat.sizes.heading_in', { lang })}
                  value={item.name}
                  disabled={!canEdit}
                  onChange={(name) => setItem(i, { name })}
                />
              </div>
              <div className="adm-table-wrap" style={{ marginTop: 8 }}>
                {/* The cells are the table's own content, typed in place: a grid of fields, not a list. */}
                <table className="adm-table adm-cat__cells">
                  <thead>
                    <tr>
                      {item.columns.map((c, ci) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                        <th key={ci}>
                          <input
                            aria-label={t('cat.sizes.column', { column: ci + 1 })}
                            value={c}
                            disabled={!canEdit}
                            onChange={(e) =>
                              setItem(i, {
                                columns: item.columns.map((x, k) => (k === ci ? e.target.value : x)),
                              })
                            }
                          />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {item.rows.map((row, ri) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
                      <tr key={ri}>
                        {row.map((cell, ci) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                          <td key={ci}>
                            <input
                              aria-label={t('cat.sizes.cell', { row: ri + 1, column: ci + 1 })}
                              value={cell}
                              disabled={!canEdit}
                              onChange={(e) =>
                                setItem(i, {
                                  rows: item.rows.map((r, k) =>
                                    k === ri ? r.map((x, m) => (m === ci ? e.target.value : x)) : r,
                                  ),
                                })
                              }
                            />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {canEdit && (
                <p className="adm-cat__row">
                  <button
                    type="button"
                    className="adm-btn"
                    onClick={() => setItem(i, { rows: [...item.rows, item.columns.map(() => '')] })}
                  >
                    {t('cat.sizes.add_row')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn"
                    onClick={() => setItem(i, { rows: item.rows.slice(0, -1) })}
                    disabled={item.rows.length === 0}
                  >
                    {t('cat.sizes.remove_row')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn"
                    onClick={() =>
                      setItem(i, { columns: [...item.columns, ''], rows: item.rows.map((r) => [...r, '']) })
                    }
                  >
                    {t('cat.sizes.add_column')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn"
                    disabled={item.columns.length <= 1}
                    onClick={() =>
                      setItem(i, {
                        columns: item.columns.slice(0, -1),
                        rows: item.rows.map((r) => r.slice(0, -1)),
                      })
                    }
                  >
                    {t('cat.sizes.remove_column')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn adm-btn--danger"
                    disabled={draft.items.length <= 1}
                    onClick={() => setDraft({ ...draft, items: draft.items.filter((_, k) => k !== i) })}
                  >
                    {t('cat.sizes.remove_table')}
                  </button>
                </p>
              )}
              <div className="adm-cat__pair">
                <LocalizedFields
                  label={(lang) => t('cat.sizes.text_in', { lang })}
                  value={item.text}
                  disabled={!canEdit}
                  multiline
                  onChange={(text) => setItem(i, { text })}
                />
              </div>
            </div>
          ))}
          {canEdit && (
            <div className="adm-cat__savebar">
              <button
                type="button"
                className="adm-btn"
                onClick={() => setDraft({ ...draft, items: [...draft.items, blankItem()] })}
              >
                {t('cat.sizes.add_table')}
              </button>
              <SaveAndDelete
                saving={save.busy}
                onSave={() => save.run()}
                deleting={remove.busy}
                onDelete={draft.id ? askRemove : undefined}
                deleteLabel={t('cat.delete')}
              />
            </div>
          )}
        </section>
      )}
      {confirmDialog}
    </div>
  );
}
