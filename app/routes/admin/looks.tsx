import '../../admin/content/content.css';
import '../../admin/media/media.css';
import { type DragEvent, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { slugOf } from '../../../core/catalogue/slug.rules.ts';
import type { CategoryWire, LookWire } from '../../../core/content/custom-pages.schemas.ts';
import { sortCategoriesByName } from '../../../core/content/looks.rules.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { move } from '../../admin/content/form.tsx';
import { ImagePicker } from '../../admin/content/image-picker.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';

export async function clientLoader() {
  const [looks, categories] = await Promise.all([
    adminApi<LookWire[]>('/api/custompages/instashop'),
    adminApi<CategoryWire[]>('/api/custompages/categories?sort=index:1'),
  ]);
  return { looks, categories };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** What the page says after a call: done or refused. */
type Notice = { kind: 'ok' | 'error'; text: string } | null;

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return notice.kind === 'ok' ? (
    <p className="adm-ok" role="status">
      {notice.text}
    </p>
  ) : (
    <p className="adm-error" role="alert">
      {notice.text}
    </p>
  );
}

/**
 * Looks of the 'instashop' page and the custom-page categories (catalogue.md §3, §7, §9): editors
 * add a look by uploading its photo, order looks by dragging or with the arrows, delete them after
 * 'Точно удалить?'; the products of a look are tagged on the looks page itself.
 */
export default function LooksPage() {
  const { looks, categories } = useLoaderData<typeof clientLoader>();
  return (
    <div className="adm-page">
      <LooksSection looks={looks} />
      <CategoriesSection categories={categories} />
    </div>
  );
}

function LooksSection({ looks }: { looks: LookWire[] }) {
  const tr = useTr();
  const revalidator = useRevalidator();
  const [order, setOrder] = useState(looks.map((l) => l._id));
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const byId = new Map(looks.map((l) => [l._id, l]));
  const shown = [
    ...order.filter((id) => byId.has(id)),
    ...looks.map((l) => l._id).filter((id) => !order.includes(id)),
  ];
  const changed = shown.join() !== looks.map((l) => l._id).join();

  async function run(done: string, work: () => Promise<unknown>) {
    setBusy(true);
    setNotice(null);
    try {
      await work();
      setNotice({ kind: 'ok', text: done });
      await revalidator.revalidate();
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  const create = (src: string) =>
    run(tr('Образ добавлен', 'Look added'), async () => {
      const { data } = await adminApi<{ data: LookWire }>('/api/admin/looks', {
        method: 'POST',
        body: { src },
      });
      setOrder((o) => [...o.filter((id) => byId.has(id)), data._id]);
    });

  const saveOrder = () =>
    run(tr('Порядок сохранён', 'Order saved'), () =>
      adminApi('/api/admin/looks-order', { method: 'PUT', body: { ids: shown } }),
    );

  const remove = (look: LookWire, number: number) => {
    // catalogue.md §5: deletion asks 'Точно удалить?'.
    if (!window.confirm(tr(`Точно удалить? (образ ${number})`, `Delete look ${number}?`))) return;
    void run(tr('Образ удалён', 'Look deleted'), async () => {
      await adminApi(`/api/admin/looks/${look._id}`, {
        method: 'DELETE',
        body: { updatedAt: look.updatedAt },
      });
      setOrder((o) => o.filter((id) => id !== look._id));
    });
  };

  function onDrop(event: DragEvent<HTMLElement>, index: number) {
    event.preventDefault();
    setTarget(null);
    if (dragged !== null && dragged !== index) {
      const next = [...shown];
      const [item] = next.splice(dragged, 1);
      if (item) next.splice(index, 0, item);
      setOrder(next);
    }
    setDragged(null);
  }

  return (
    <section className="adm-card adm-media" aria-labelledby="looks-title">
      <div className="adm-page__head">
        <h1 id="looks-title">{tr('Образы', 'Looks')}</h1>
        <a className="adm-btn" href="/looks" target="_blank" rel="noreferrer">
          {tr('Открыть страницу образов', 'Open the looks page')}
        </a>
      </div>
      <p className="adm-muted">
        {tr(
          'Товары образа отмечаются на самой странице образов: Shift+клик по фото добавляет метку.',
          'The products of a look are tagged on the looks page itself: Shift+click on the photo adds a tag.',
        )}
      </p>
      <div className="adm-stack">
        <h2 className="adm-cnt__sections-title">{tr('Новый образ', 'New look')}</h2>
        <ImagePicker src="" onChange={(src) => void create(src)} />
      </div>
      <NoticeLine notice={notice} />
      {shown.length === 0 ? (
        <p className="adm-muted">{tr('Образов пока нет', 'No looks yet')}</p>
      ) : (
        <ol className="adm-media__grid" aria-label={tr('Порядок образов', 'Order of the looks')}>
          {shown.map((id, i) => {
            const look = byId.get(id);
            if (!look) return null;
            const label = tr(`Образ ${i + 1}`, `Look ${i + 1}`);
            return (
              <li
                key={id}
                className="adm-media__item"
                draggable={!busy}
                data-dragging={dragged === i}
                data-target={target === i && dragged !== i}
                onDragStart={(e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setTarget(null);
                }}
                onDragOver={(e) => {
                  e.preventDefault();
                  setTarget(i);
                }}
                onDrop={(e) => onDrop(e, i)}
              >
                <div className="adm-media__thumb">
                  <img src={look.src} alt={label} loading="lazy" />
                </div>
                <span className="adm-media__meta">
                  {label} · {tr('меток', 'tags')}: {look.tags.length}
                </span>
                <div className="adm-media__actions">
                  <button
                    type="button"
                    className="adm-btn"
                    disabled={busy || i === 0}
                    onClick={() => setOrder(move(shown, i, -1))}
                    aria-label={`${label}: ${tr('выше', 'earlier')}`}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="adm-btn"
                    disabled={busy || i === shown.length - 1}
                    onClick={() => setOrder(move(shown, i, 1))}
                    aria-label={`${label}: ${tr('ниже', 'later')}`}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="adm-btn adm-btn--danger"
                    disabled={busy}
                    onClick={() => remove(look, i + 1)}
                    aria-label={`${label}: ${tr('удалить', 'delete')}`}
                  >
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="adm-cnt__actions">
        <button
          type="button"
          className="adm-btn"
          disabled={!changed || busy}
          onClick={() => void saveOrder()}
        >
          {tr('Сохранить порядок', 'Save the order')}
        </button>
      </div>
    </section>
  );
}

type Draft = Pick<CategoryWire, 'name' | 'slug'> & { sections: string; index: number };

const draftOf = (c: CategoryWire): Draft => ({
  name: c.name,
  slug: c.slug,
  sections: c.sections.map(String).join(', '),
  index: c.index,
});

function CategoriesSection({ categories }: { categories: CategoryWire[] }) {
  const tr = useTr();
  const locale = useAdminLocale();
  const revalidator = useRevalidator();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // catalogue.md §9: the server sorts by index, the list shows them by name.
  const shown = sortCategoriesByName(categories, locale);

  const draft = (c: CategoryWire) => drafts[c._id] ?? draftOf(c);
  const edit = (c: CategoryWire, patch: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [c._id]: { ...draft(c), ...patch } }));
  const body = (c: CategoryWire) => {
    const d = draft(c);
    return {
      _id: c._id,
      name: d.name,
      slug: d.slug,
      sections: d.sections
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      index: d.index,
      date: c.date,
      updatedAt: c.updatedAt,
    };
  };

  async function run(done: string, work: () => Promise<unknown>) {
    setBusy(true);
    setNotice(null);
    try {
      await work();
      setNotice({ kind: 'ok', text: done });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  function add() {
    // catalogue.md §5: the name is asked for; empty or cancelled creates nothing.
    const name = window
      .prompt(tr('Название категории', 'Category name'), tr('Категория', 'Category'))
      ?.trim();
    if (!name) return;
    void run(tr('Категория добавлена', 'Category added'), () =>
      adminApi('/api/custompages/categories/create', {
        method: 'POST',
        body: { name, slug: slugOf(name, 'category'), sections: [], date: new Date().toISOString() },
      }),
    );
  }

  const saveOne = (c: CategoryWire) =>
    run(tr('Категория сохранена', 'Category saved'), async () => {
      await adminApi(`/api/custompages/categories/update/${c._id}`, { method: 'POST', body: body(c) });
      setDrafts(({ [c._id]: _, ...rest }) => rest);
    });

  // catalogue.md §7 update-all: one update per category, in parallel, one notice when all finish.
  const saveAll = () =>
    run(tr('Все категории сохранены', 'All categories saved'), async () => {
      const results = await Promise.allSettled(
        categories.map((c) =>
          adminApi(`/api/custompages/categories/update/${c._id}`, { method: 'POST', body: body(c) }),
        ),
      );
      setDrafts({});
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length > 0) {
        throw new Error(
          `${tr('Не сохранено', 'Not saved')}: ${failed.length}. ${errorText((failed[0] as PromiseRejectedResult).reason)}`,
        );
      }
    });

  const remove = (c: CategoryWire) => {
    if (!window.confirm(tr('Точно удалить?', 'Delete for sure?'))) return;
    void run(tr('Категория удалена', 'Category deleted'), () =>
      adminApi(`/api/custompages/categories/${c._id}?updatedAt=${encodeURIComponent(c.updatedAt)}`, {
        method: 'DELETE',
      }),
    );
  };

  return (
    <section className="adm-card" aria-labelledby="categories-title">
      <div className="adm-page__head">
        <h2 id="categories-title">{tr('Категории страниц', 'Page categories')}</h2>
        <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={add}>
          {tr('Добавить категорию', 'Add a category')}
        </button>
      </div>
      <NoticeLine notice={notice} />
      {shown.length === 0 ? (
        <p className="adm-muted">{tr('Категорий пока нет', 'No categories yet')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{tr('Название', 'Name')}</th>
                <th scope="col">{tr('Адрес', 'Slug')}</th>
                <th scope="col">{tr('Разделы (через запятую)', 'Sections (comma separated)')}</th>
                <th scope="col">{tr('Порядок', 'Index')}</th>
                <th scope="col">{tr('Создана', 'Created')}</th>
                <th scope="col">{tr('Действия', 'Actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => {
                const d = draft(c);
                return (
                  <tr key={c._id}>
                    <td>
                      <input
                        className="adm-cnt__input"
                        aria-label={`${tr('Название', 'Name')}: ${c.name}`}
                        value={d.name}
                        onChange={(e) => edit(c, { name: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="adm-cnt__input"
                        aria-label={`${tr('Адрес', 'Slug')}: ${c.name}`}
                        value={d.slug}
                        onChange={(e) => edit(c, { slug: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="adm-cnt__input"
                        aria-label={`${tr('Разделы', 'Sections')}: ${c.name}`}
                        value={d.sections}
                        onChange={(e) => edit(c, { sections: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="adm-cnt__input"
                        type="number"
                        min={0}
                        aria-label={`${tr('Порядок', 'Index')}: ${c.name}`}
                        value={d.index}
                        onChange={(e) => edit(c, { index: Number(e.target.value) })}
                      />
                    </td>
                    <td>{formatDateTime(c.date, locale)}</td>
                    <td>
                      <span className="adm-cnt__item-buttons">
                        <button
                          type="button"
                          className="adm-btn"
                          disabled={busy}
                          onClick={() => void saveOne(c)}
                          aria-label={`${tr('Сохранить', 'Save')}: ${c.name}`}
                        >
                          {tr('Сохранить', 'Save')}
                        </button>
                        <button
                          type="button"
                          className="adm-btn adm-btn--danger"
                          disabled={busy}
                          onClick={() => remove(c)}
                          aria-label={`${tr('Удалить', 'Delete')}: ${c.name}`}
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
      )}
      <div className="adm-cnt__actions">
        <button
          type="button"
          className="adm-btn"
          disabled={busy || categories.length === 0}
          onClick={() => void saveAll()}
        >
          {tr('Сохранить все', 'Save all')}
        </button>
      </div>
    </section>
  );
}
