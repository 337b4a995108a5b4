import '../../admin/catalogue/catalogue.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { adminApi, errorText } from '../../admin/api.ts';
import { CatalogueConflict, catalogueChange } from '../../admin/catalogue/conflict.ts';
import type { L10n, ProductRow } from '../../admin/catalogue/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';

interface CollectionRow {
  slug: string;
  name: L10n;
  position: number;
  version: number;
  products: number;
}
interface CollectionRecord {
  slug: string;
  name: L10n;
  description: L10n;
  position: number;
  version: number;
  members: { id: string; name: L10n; published: boolean }[];
}

export async function clientLoader({ request }: { request: Request }) {
  const slug = new URL(request.url).searchParams.get('slug');
  const [list, open] = await Promise.all([
    adminApi<{ rows: CollectionRow[] }>('/api/admin/catalogue/collections'),
    slug
      ? adminApi<{ collection: CollectionRecord }>(
          `/api/admin/catalogue/collections/${encodeURIComponent(slug)}`,
        )
      : null,
  ]);
  return { rows: list.rows, open: open?.collection ?? null };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const blank = (): CollectionRecord => ({
  slug: '',
  name: { ru: '', en: '' },
  description: { ru: '', en: '' },
  position: 0,
  version: 0,
  members: [],
});

export default function CollectionsPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { rows, open } = useLoaderData<typeof clientLoader>();
  const [, setParams] = useSearchParams();
  const { revalidate } = useRevalidator();
  const [draft, setDraft] = useState<CollectionRecord | null>(open);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [newer, setNewer] = useState<CollectionRecord | null>(null);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProductRow[]>([]);
  useEffect(() => {
    setDraft(open);
    setNewer(null);
  }, [open]);
  const name = (l: L10n) => (locale === 'en' && l.en ? l.en : l.ru);

  async function find() {
    if (!q.trim()) return;
    const res = await adminApi<{ rows: ProductRow[] }>(
      `/api/admin/catalogue/products?q=${encodeURIComponent(q)}&limit=10`,
    );
    setFound(res.rows);
  }

  async function save() {
    if (!draft) return;
    setMessage(null);
    const body = {
      name: draft.name,
      description: draft.description,
      position: draft.position,
      groupIds: draft.members.map((m) => m.id),
    };
    try {
      if (!draft.slug) {
        const res = await catalogueChange<{ collection: CollectionRecord }>(
          '/api/admin/catalogue/collections',
          'POST',
          body,
        );
        setParams({ slug: res.collection.slug });
      } else {
        const res = await catalogueChange<{ collection: CollectionRecord }>(
          `/api/admin/catalogue/collections/${draft.slug}`,
          'PUT',
          { ...body, version: draft.version },
        );
        setDraft(res.collection);
        revalidate();
      }
      setMessage({ ok: true, text: tr('Сохранено', 'Saved') });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
      if (e instanceof CatalogueConflict) setNewer(e.current as CollectionRecord);
    }
  }

  async function remove() {
    if (!draft?.slug || !window.confirm(tr('Точно удалить?', 'Delete for sure?'))) return;
    try {
      await catalogueChange(
        `/api/admin/catalogue/collections/${draft.slug}?version=${draft.version}`,
        'DELETE',
      );
      setParams({});
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
      if (e instanceof CatalogueConflict) setNewer(e.current as CollectionRecord);
    }
  }

  const move = (i: number, by: number) => {
    if (!draft) return;
    const members = [...draft.members];
    const [m] = members.splice(i, 1);
    if (!m) return;
    members.splice(Math.max(0, Math.min(members.length, i + by)), 0, m);
    setDraft({ ...draft, members });
  };

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Коллекции', 'Collections')}</h1>
        {canEdit && (
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => setDraft(blank())}>
            {tr('Новая коллекция', 'New collection')}
          </button>
        )}
      </div>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th>{tr('Название', 'Name')}</th>
              <th className="adm-num">{tr('Порядок', 'Order')}</th>
              <th className="adm-num">{tr('Товаров', 'Products')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.slug}>
                <td>
                  <Link to={`/admin/collections?slug=${r.slug}`}>{name(r.name)}</Link>{' '}
                  <span className="adm-muted">/{r.slug}</span>
                </td>
                <td className="adm-num">{r.position}</td>
                <td className="adm-num">{r.products}</td>
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
      {newer && draft && (
        <div className="adm-cat__conflict" role="alert">
          {tr('Сейчас:', 'Now:')} {newer.name.ru} / {newer.name.en} ·{' '}
          {tr(`товаров: ${newer.members.length}`, `products: ${newer.members.length}`)}{' '}
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
        <section className="adm-card" aria-label={tr('Коллекция', 'Collection')} style={{ marginTop: 16 }}>
          <h2>{draft.slug ? name(draft.name) : tr('Новая коллекция', 'New collection')}</h2>
          <div className="adm-cat__pair">
            {(['ru', 'en'] as const).map((lang) => (
              <label key={lang} className="adm-field">
                {tr('Название', 'Name')} ({lang.toUpperCase()})
                <input
                  value={draft.name[lang]}
                  disabled={!canEdit}
                  onChange={(e) => setDraft({ ...draft, name: { ...draft.name, [lang]: e.target.value } })}
                />
              </label>
            ))}
            {(['ru', 'en'] as const).map((lang) => (
              <label key={lang} className="adm-field">
                {tr('Описание', 'Description')} ({lang.toUpperCase()})
                <textarea
                  value={draft.description[lang]}
                  disabled={!canEdit}
                  onChange={(e) =>
                    setDraft({ ...draft, description: { ...draft.description, [lang]: e.target.value } })
                  }
                />
              </label>
            ))}
          </div>
          <label className="adm-field" style={{ width: 120, marginTop: 12 }}>
            {tr('Порядок', 'Order')}
            <input
              type="number"
              value={draft.position}
              disabled={!canEdit}
              onChange={(e) => setDraft({ ...draft, position: Number.parseInt(e.target.value, 10) || 0 })}
            />
          </label>
          <h3>{tr('Товары по порядку', 'Products in order')}</h3>
          <ol>
            {draft.members.map((m, i) => (
              <li key={m.id} className="adm-cat__row" style={{ marginBottom: 4 }}>
                <Link to={`/admin/products/${encodeURIComponent(m.id)}`}>{name(m.name)}</Link>
                {!m.published && <span className="adm-badge adm-badge--muted">{tr('скрыт', 'hidden')}</span>}
                {canEdit && (
                  <>
                    <button
                      type="button"
                      className="adm-btn"
                      aria-label={tr('Выше', 'Up')}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="adm-btn"
                      aria-label={tr('Ниже', 'Down')}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="adm-btn adm-btn--danger"
                      onClick={() =>
                        setDraft({ ...draft, members: draft.members.filter((x) => x.id !== m.id) })
                      }
                    >
                      {tr('Убрать', 'Remove')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ol>
          {canEdit && (
            <div className="adm-cat__row">
              <label className="adm-field">
                {tr('Добавить товар', 'Add a product')}
                <input
                  type="search"
                  value={q}
                  placeholder={tr('название, артикул, штрихкод', 'name, article, barcode')}
                  onChange={(e) => setQ(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void find();
                    }
                  }}
                />
              </label>
              <button type="button" className="adm-btn" onClick={find}>
                {tr('Найти', 'Find')}
              </button>
              {found
                .filter((p) => !draft.members.some((m) => m.id === p.id))
                .map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    className="adm-btn"
                    onClick={() =>
                      setDraft({
                        ...draft,
                        members: [...draft.members, { id: p.id, name: p.name, published: p.published }],
                      })
                    }
                  >
                    + {name(p.name)} ({name(p.colorName)})
                  </button>
                ))}
            </div>
          )}
          {canEdit && (
            <div className="adm-cat__savebar">
              <button type="button" className="adm-btn adm-btn--primary" onClick={save}>
                {tr('Сохранить', 'Save')}
              </button>
              {draft.slug && (
                <button type="button" className="adm-btn adm-btn--danger" onClick={remove}>
                  {tr('Удалить коллекцию', 'Delete the collection')}
                </button>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
