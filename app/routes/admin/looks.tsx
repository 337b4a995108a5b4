import '../../admin/content/content.css';
import '../../admin/media/media.css';
import '../../admin/ui/kit.css';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { slugOf } from '../../../core/catalogue/slug.rules.ts';
import type {
  CategoryWire,
  categoryCreateBody,
  categoryUpdateBody,
  LookWire,
  lookCreateBody,
  lookDeleteBody,
  lookOrderBody,
} from '../../../core/content/custom-pages.schemas.ts';
import { sortCategoriesByName } from '../../../core/content/looks.rules.ts';
import { type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { errorText } from '../../admin/api.ts';
import { move } from '../../admin/content/form.tsx';
import { ImagePicker } from '../../admin/content/image-picker.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale } from '../../admin/i18n.ts';
import { useDragOrder } from '../../admin/media/drag-order.ts';
import { MoveButtons } from '../../admin/media/move-buttons.tsx';
import { callApi, endpoint } from '../../admin/ui/api-client.ts';
import { useConfirm, usePrompt } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { StatusNote } from '../../admin/ui/notes.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

type ById = { id: string };

/** The looks' and page categories' endpoints (server/routes/custompages.routes.ts), typed from their schemas. */
const looksApi = {
  looks: endpoint<LookWire[]>('GET', () => '/api/custompages/instashop'),
  categories: endpoint<CategoryWire[]>('GET', () => '/api/custompages/categories?sort=index:1'),
  create: endpoint<{ data: LookWire }, z.input<typeof lookCreateBody>>('POST', () => '/api/admin/looks'),
  order: endpoint<unknown, z.input<typeof lookOrderBody>>('PUT', () => '/api/admin/looks-order'),
  remove: endpoint<unknown, z.input<typeof lookDeleteBody>, ById>(
    'DELETE',
    (p) => `/api/admin/looks/${encodeURIComponent(p.id)}`,
  ),
  createCategory: endpoint<unknown, z.input<typeof categoryCreateBody>>(
    'POST',
    () => '/api/custompages/categories/create',
  ),
  updateCategory: endpoint<unknown, z.input<typeof categoryUpdateBody>, ById>(
    'POST',
    (p) => `/api/custompages/categories/update/${encodeURIComponent(p.id)}`,
  ),
  removeCategory: endpoint<unknown, undefined, ById & { updatedAt: string }>(
    'DELETE',
    (p) =>
      `/api/custompages/categories/${encodeURIComponent(p.id)}?updatedAt=${encodeURIComponent(p.updatedAt)}`,
  ),
};

export async function clientLoader() {
  const [looks, categories] = await Promise.all([callApi(looksApi.looks), callApi(looksApi.categories)]);
  return { looks, categories };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type Translate = (key: StaffMessageKey, params?: Record<string, string | number>) => string;
function useT(): Translate {
  const locale = useAdminLocale();
  return (key, params) => staffMessage(key, locale, params);
}

/** What the page says after an action: done or refused. */
function ActionNotice({ done, error }: { done: string; error: string | null | undefined }) {
  if (error)
    return (
      <p className="adm-error" role="alert">
        {error}
      </p>
    );
  if (!done) return null;
  return <StatusNote>{done}</StatusNote>;
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
  const t = useT();
  const revalidator = useRevalidator();
  const [order, setOrder] = useState(looks.map((l) => l._id));
  const [doneText, setDoneText] = useState('');
  const [ask, confirmDialog] = useConfirm();
  const byId = new Map(looks.map((l) => [l._id, l]));
  const shown = [
    ...order.filter((id) => byId.has(id)),
    ...looks.map((l) => l._id).filter((id) => !order.includes(id)),
  ];
  const changed = shown.join() !== looks.map((l) => l._id).join();

  const action = useAction(async (done: string, work: () => Promise<unknown>) => {
    await work();
    setDoneText(done);
    await revalidator.revalidate();
  });
  const busy = action.busy;

  const create = (src: string) =>
    action.run(t('looks.added'), async () => {
      const { data } = await callApi(looksApi.create, { src });
      setOrder((o) => [...o.filter((id) => byId.has(id)), data._id]);
    });

  const saveOrder = () => action.run(t('looks.order_saved'), () => callApi(looksApi.order, { ids: shown }));

  async function remove(look: LookWire, number: number) {
    // catalogue.md §5: deletion asks 'Точно удалить?'.
    const yes = await ask({
      title: t('looks.delete_sure', { number }),
      confirm: t('cat.delete'),
      danger: true,
    });
    if (!yes) return;
    await action.run(t('looks.deleted'), async () => {
      await callApi(looksApi.remove, { id: look._id }, { updatedAt: look.updatedAt });
      setOrder((o) => o.filter((id) => id !== look._id));
    });
  }

  const dragItem = useDragOrder(busy, (_event, dragged, index) => {
    if (dragged !== null && dragged !== index) {
      const next = [...shown];
      const [item] = next.splice(dragged, 1);
      if (item) next.splice(index, 0, item);
      setOrder(next);
    }
  });

  return (
    <section className="adm-card adm-media" aria-labelledby="looks-title">
      <div className="adm-page__head">
        <h1 id="looks-title">{t('looks.title')}</h1>
        <a className="adm-btn" href="/looks" target="_blank" rel="noreferrer">
          {t('looks.open_page')}
        </a>
      </div>
      <p className="adm-muted">{t('looks.tagging_hint')}</p>
      <div className="adm-stack">
        <h2 className="adm-cnt__sections-title">{t('looks.new')}</h2>
        <ImagePicker src="" onChange={(src) => void create(src)} />
      </div>
      <ActionNotice done={action.done ? doneText : ''} error={action.error ?? action.conflict?.message} />
      {shown.length === 0 ? (
        <p className="adm-muted">{t('looks.none')}</p>
      ) : (
        <ol className="adm-media__grid" aria-label={t('looks.order')}>
          {shown.map((id, i) => {
            const look = byId.get(id);
            if (!look) return null;
            const label = t('looks.look', { number: i + 1 });
            return (
              <li key={id} className="adm-media__item" {...dragItem(i)}>
                <div className="adm-media__thumb">
                  <img src={look.src} alt={label} loading="lazy" />
                </div>
                <span className="adm-media__meta">
                  {t('looks.tags', { number: i + 1, count: look.tags.length })}
                </span>
                <div className="adm-media__actions">
                  <MoveButtons
                    index={i}
                    count={shown.length}
                    busy={busy}
                    onMove={(by) => setOrder(move(shown, i, by))}
                    earlier={t('looks.earlier', { number: i + 1 })}
                    later={t('looks.later', { number: i + 1 })}
                  />
                  <button
                    type="button"
                    className="adm-btn adm-btn--danger"
                    disabled={busy}
                    onClick={() => void remove(look, i + 1)}
                    aria-label={t('looks.delete', { number: i + 1 })}
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
          {t('looks.save_order')}
        </button>
      </div>
      {confirmDialog}
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
  const t = useT();
  const locale = useAdminLocale();
  const revalidator = useRevalidator();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [doneText, setDoneText] = useState('');
  const [ask, confirmDialog] = useConfirm();
  const [askText, promptDialog] = usePrompt();
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

  const action = useAction(async (done: string, work: () => Promise<unknown>) => {
    try {
      await work();
      setDoneText(done);
    } finally {
      await revalidator.revalidate();
    }
  });
  const busy = action.busy;

  async function add() {
    // catalogue.md §5: the name is asked for; empty or cancelled creates nothing.
    const name = await askText({
      title: t('looks.category_add'),
      label: t('looks.category_name'),
      value: t('looks.category_default'),
      confirm: t('looks.category_add'),
    });
    if (!name) return;
    await action.run(t('looks.category_added'), () =>
      callApi(looksApi.createCategory, {
        name,
        slug: slugOf(name, 'category'),
        sections: [],
        date: new Date().toISOString(),
      }),
    );
  }

  const saveOne = (c: CategoryWire) =>
    action.run(t('looks.category_saved'), async () => {
      await callApi(looksApi.updateCategory, { id: c._id }, body(c));
      setDrafts(({ [c._id]: _, ...rest }) => rest);
    });

  // catalogue.md §7 update-all: one update per category, in parallel, one notice when all finish.
  const saveAll = () =>
    action.run(t('looks.categories_saved'), async () => {
      const results = await Promise.allSettled(
        categories.map((c) => callApi(looksApi.updateCategory, { id: c._id }, body(c))),
      );
      setDrafts({});
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length > 0) {
        throw new Error(
          t('looks.not_saved', {
            count: failed.length,
            reason: errorText((failed[0] as PromiseRejectedResult).reason),
          }),
        );
      }
    });

  async function remove(c: CategoryWire) {
    const yes = await ask({
      title: t('looks.category_delete_sure', { name: c.name }),
      confirm: t('cat.delete'),
      danger: true,
    });
    if (!yes) return;
    await action.run(t('looks.category_deleted'), () =>
      callApi(looksApi.removeCategory, { id: c._id, updatedAt: c.updatedAt }),
    );
  }

  const named = (field: StaffMessageKey, c: CategoryWire) => `${t(field)}: ${c.name}`;
  const columns: Column<CategoryWire>[] = [
    {
      key: 'name',
      header: t('cat.name'),
      render: (c) => (
        <input
          className="adm-cnt__input"
          aria-label={named('cat.name', c)}
          value={draft(c).name}
          onChange={(e) => edit(c, { name: e.target.value })}
        />
      ),
    },
    {
      key: 'slug',
      header: t('looks.col.slug'),
      render: (c) => (
        <input
          className="adm-cnt__input"
          aria-label={named('looks.col.slug', c)}
          value={draft(c).slug}
          onChange={(e) => edit(c, { slug: e.target.value })}
        />
      ),
    },
    {
      key: 'sections',
      header: t('looks.col.sections'),
      render: (c) => (
        <input
          className="adm-cnt__input"
          aria-label={named('looks.sections', c)}
          value={draft(c).sections}
          onChange={(e) => edit(c, { sections: e.target.value })}
        />
      ),
    },
    {
      key: 'index',
      header: t('cat.position'),
      render: (c) => (
        <input
          className="adm-cnt__input"
          type="number"
          min={0}
          aria-label={named('cat.position', c)}
          value={draft(c).index}
          onChange={(e) => edit(c, { index: Number(e.target.value) })}
        />
      ),
    },
    {
      key: 'date',
      header: t('looks.col.created'),
      hideOnPhone: true,
      render: (c) => formatDateTime(c.date, locale),
    },
    {
      key: 'actions',
      header: t('looks.col.actions'),
      render: (c) => (
        <span className="adm-cnt__item-buttons">
          <button
            type="button"
            className="adm-btn"
            disabled={busy}
            onClick={() => void saveOne(c)}
            aria-label={named('cat.save', c)}
          >
            {t('cat.save')}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--danger"
            disabled={busy}
            onClick={() => void remove(c)}
            aria-label={named('cat.delete', c)}
          >
            ×
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="adm-card" aria-labelledby="categories-title">
      <div className="adm-page__head">
        <h2 id="categories-title">{t('looks.categories')}</h2>
        <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={() => void add()}>
          {t('looks.category_add')}
        </button>
      </div>
      <ActionNotice done={action.done ? doneText : ''} error={action.error ?? action.conflict?.message} />
      <DataTable
        label={t('looks.categories')}
        columns={columns}
        rows={shown}
        rowKey={(c) => c._id}
        empty={t('looks.categories_none')}
      />
      <div className="adm-cnt__actions">
        <button
          type="button"
          className="adm-btn"
          disabled={busy || categories.length === 0}
          onClick={() => void saveAll()}
        >
          {t('looks.save_all')}
        </button>
      </div>
      {confirmDialog}
      {promptDialog}
    </section>
  );
}
