import '../../admin/catalogue/catalogue.css';
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { adminApi, errorText } from '../../admin/api.ts';
import { CatalogueConflict, catalogueChange } from '../../admin/catalogue/conflict.ts';
import { InUseList } from '../../admin/catalogue/in-use.tsx';
import type { L10n, SizeTableItem } from '../../admin/catalogue/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';

interface SizeTable {
  id: string;
  title: L10n;
  items: SizeTableItem[];
  version: number;
  products?: number;
}

export async function clientLoader() {
  return adminApi<{ rows: SizeTable[] }>('/api/admin/catalogue/size-tables');
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
  const tr = useTr();
  const locale = useAdminLocale();
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [draft, setDraft] = useState<SizeTable | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [newer, setNewer] = useState<SizeTable | null>(null);
  const [usedBy, setUsedBy] = useState<CatalogueConflict['usedBy']>(undefined);
  useEffect(() => {
    setDraft((d) => (d?.id ? (rows.find((r) => r.id === d.id) ?? null) : d));
  }, [rows]);
  const name = (l: L10n) => (locale === 'en' && l.en ? l.en : l.ru);

  const setItem = (i: number, patch: Partial<SizeTableItem>) =>
    draft && setDraft({ ...draft, items: draft.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) });

  async function save() {
    if (!draft) return;
    setMessage(null);
    setUsedBy(undefined);
    try {
      const body = { title: draft.title, items: draft.items };
      const res = draft.id
        ? await catalogueChange<{ sizeTable: SizeTable }>(
            `/api/admin/catalogue/size-tables/${draft.id}`,
            'PUT',
            {
              ...body,
              version: draft.version,
            },
          )
        : await catalogueChange<{ sizeTable: SizeTable }>('/api/admin/catalogue/size-tables', 'POST', body);
      setDraft(res.sizeTable);
      setMessage({ ok: true, text: tr('Сохранено', 'Saved') });
      revalidate();
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
      if (e instanceof CatalogueConflict) setNewer(e.current as SizeTable);
    }
  }

  async function remove() {
    if (!draft?.id || !window.confirm(tr('Точно удалить?', 'Delete for sure?'))) return;
    setMessage(null);
    try {
      await catalogueChange(
        `/api/admin/catalogue/size-tables/${draft.id}?version=${draft.version}`,
        'DELETE',
      );
      setDraft(null);
      revalidate();
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
      if (e instanceof CatalogueConflict) {
        setUsedBy(e.usedBy);
        if (e.current) setNewer(e.current as SizeTable);
      }
    }
  }

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Таблицы размеров', 'Size tables')}</h1>
        {canEdit && (
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            onClick={() => setDraft({ id: '', title: { ru: '', en: '' }, items: [blankItem()], version: 0 })}
          >
            {tr('Новая таблица', 'New size table')}
          </button>
        )}
      </div>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th>{tr('Название', 'Title')}</th>
              <th className="adm-num">{tr('Товаров', 'Products')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <button type="button" className="adm-btn" onClick={() => setDraft(r)}>
                    {name(r.title)}
                  </button>{' '}
                  <span className="adm-muted">{r.id}</span>
                </td>
                <td className="adm-num">{r.products ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {message && (
        <p className={message.ok ? 'adm-ok' : 'adm-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {usedBy && <InUseList usedBy={usedBy} locale={locale} />}
      {newer && (
        <div className="adm-cat__conflict" role="alert">
          {tr('Сейчас:', 'Now:')} {newer.title.ru} / {newer.title.en}{' '}
          <button
            type="button"
            className="adm-btn"
            onClick={() => {
              setDraft(newer);
              setNewer(null);
            }}
          >
            {tr('Загрузить новые значения', 'Load the newer values')}
          </button>
        </div>
      )}
      {draft && (
        <section
          className="adm-card"
          style={{ marginTop: 16 }}
          aria-label={tr('Таблица размеров', 'Size table')}
        >
          <div className="adm-cat__pair">
            {(['ru', 'en'] as const).map((lang) => (
              <label key={lang} className="adm-field">
                {tr('Название', 'Title')} ({lang.toUpperCase()})
                <input
                  value={draft.title[lang]}
                  disabled={!canEdit}
                  onChange={(e) => setDraft({ ...draft, title: { ...draft.title, [lang]: e.target.value } })}
                />
              </label>
            ))}
          </div>
          {draft.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the tables of one size table have no ids
            <div key={i} className="adm-card" style={{ marginTop: 12 }}>
              <div className="adm-cat__pair">
                {(['ru', 'en'] as const).map((lang) => (
                  <label key={lang} className="adm-field">
                    {tr('Подзаголовок', 'Heading')} ({lang.toUpperCase()})
                    <input
                      value={item.name[lang]}
                      disabled={!canEdit}
                      onChange={(e) => setItem(i, { name: { ...item.name, [lang]: e.target.value } })}
                    />
                  </label>
                ))}
              </div>
              <div className="adm-table-wrap" style={{ marginTop: 8 }}>
                <table className="adm-table adm-cat__cells">
                  <thead>
                    <tr>
                      {item.columns.map((c, ci) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                        <th key={ci}>
                          <input
                            aria-label={tr(`Столбец ${ci + 1}`, `Column ${ci + 1}`)}
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
                              aria-label={tr(
                                `Строка ${ri + 1}, столбец ${ci + 1}`,
                                `Row ${ri + 1}, column ${ci + 1}`,
                              )}
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
                    {tr('+ строка', '+ row')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn"
                    onClick={() => setItem(i, { rows: item.rows.slice(0, -1) })}
                    disabled={item.rows.length === 0}
                  >
                    {tr('− строка', '− row')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn"
                    onClick={() =>
                      setItem(i, { columns: [...item.columns, ''], rows: item.rows.map((r) => [...r, '']) })
                    }
                  >
                    {tr('+ столбец', '+ column')}
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
                    {tr('− столбец', '− column')}
                  </button>
                  <button
                    type="button"
                    className="adm-btn adm-btn--danger"
                    disabled={draft.items.length <= 1}
                    onClick={() => setDraft({ ...draft, items: draft.items.filter((_, k) => k !== i) })}
                  >
                    {tr('Убрать таблицу', 'Remove the table')}
                  </button>
                </p>
              )}
              <div className="adm-cat__pair">
                {(['ru', 'en'] as const).map((lang) => (
                  <label key={lang} className="adm-field">
                    {tr('Пояснение', 'Text')} ({lang.toUpperCase()})
                    <textarea
                      value={item.text[lang]}
                      disabled={!canEdit}
                      onChange={(e) => setItem(i, { text: { ...item.text, [lang]: e.target.value } })}
                    />
                  </label>
                ))}
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
                {tr('Добавить таблицу', 'Add a table')}
              </button>
              <button type="button" className="adm-btn adm-btn--primary" onClick={save}>
                {tr('Сохранить', 'Save')}
              </button>
              {draft.id && (
                <button type="button" className="adm-btn adm-btn--danger" onClick={remove}>
                  {tr('Удалить', 'Delete')}
                </button>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
