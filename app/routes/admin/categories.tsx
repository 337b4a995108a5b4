import '../../admin/catalogue/catalogue.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  type AgeGroup,
  type Audience,
  effectiveAudience,
  type Gender,
} from '../../../core/catalogue/audience.rules.ts';
import { categoryChain, type VatRate } from '../../../core/orders/receipt-settings.rules.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AudienceFields, audienceDraft } from '../../admin/catalogue/audience-fields.tsx';
import { CatalogueConflict, catalogueChange } from '../../admin/catalogue/conflict.ts';
import {
  type CustomsDraft,
  CustomsFields,
  customsDraft,
  inheritedCustoms,
} from '../../admin/catalogue/customs-fields.tsx';
import { InUseList } from '../../admin/catalogue/in-use.tsx';
import {
  inheritedMarked,
  type MarkedChoice,
  MarkedSelect,
  markedChoice,
} from '../../admin/catalogue/marked-select.tsx';
import type { L10n } from '../../admin/catalogue/types.ts';
import { VatRateSelect } from '../../admin/content/receipt-settings-form.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';

interface CategoryRow {
  slug: string;
  parentSlug: string | null;
  name: L10n;
  position: number;
  ageGroup: AgeGroup | null;
  gender: Gender | null;
  vatRate: VatRate | null;
  marked: boolean | null;
  hsCode: string | null;
  originCountry: string | null;
  version: number;
  products: number;
}

/** The VAT rate a category with none of its own gives: its nearest parent's (else the settings'). */
function inheritedVat(all: CategoryRow[], parentSlug: string | null): VatRate | undefined {
  return categoryChain(all, parentSlug).find((c) => c.vatRate)?.vatRate ?? undefined;
}

/** What a category with no value of its own says: its parents', else adults, either sex. */
function inheritedAudience(all: CategoryRow[], parentSlug: string | null): Audience {
  const chain: CategoryRow[] = [];
  let cursor = parentSlug;
  while (cursor && chain.length < all.length) {
    const parent = all.find((c) => c.slug === cursor);
    if (!parent) break;
    chain.push(parent);
    cursor = parent.parentSlug;
  }
  return effectiveAudience({ ageGroup: null, gender: null }, chain);
}

export async function clientLoader() {
  return adminApi<{ rows: CategoryRow[] }>('/api/admin/catalogue/categories');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function CategoriesPage() {
  const tr = useTr();
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [fresh, setFresh] = useState({ ru: '', en: '', parent: '' });
  const [freshAudience, setFreshAudience] = useState(audienceDraft({ ageGroup: null, gender: null }));
  const [freshVat, setFreshVat] = useState<VatRate | ''>('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const res = await catalogueChange<{ category: CategoryRow }>(
        '/api/admin/catalogue/categories',
        'POST',
        {
          name: { ru: fresh.ru, en: fresh.en },
          parentSlug: fresh.parent || null,
          ...freshAudience,
          vatRate: freshVat,
        },
      );
      setMessage({
        ok: true,
        text: tr(`Категория создана: ${res.category.slug}`, `Category made: ${res.category.slug}`),
      });
      setFresh({ ru: '', en: '', parent: '' });
      setFreshAudience(audienceDraft({ ageGroup: null, gender: null }));
      setFreshVat('');
      revalidate();
    } catch (error) {
      setMessage({ ok: false, text: errorText(error) });
    }
  }

  const roots = rows.filter((r) => !r.parentSlug || !rows.some((p) => p.slug === r.parentSlug));
  const childrenOf = (slug: string) => rows.filter((r) => r.parentSlug === slug);

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Категории', 'Categories')}</h1>
        <span className="adm-muted">{tr(`всего: ${rows.length}`, `in all: ${rows.length}`)}</span>
      </div>
      {message && (
        <p className={message.ok ? 'adm-ok' : 'adm-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {canEdit && (
        <form
          className="adm-card adm-cat__row"
          onSubmit={create}
          aria-label={tr('Новая категория', 'New category')}
        >
          <label className="adm-field">
            {tr('Название (RU)', 'Name (RU)')}
            <input value={fresh.ru} required onChange={(e) => setFresh({ ...fresh, ru: e.target.value })} />
          </label>
          <label className="adm-field">
            {tr('Название (EN)', 'Name (EN)')}
            <input value={fresh.en} onChange={(e) => setFresh({ ...fresh, en: e.target.value })} />
          </label>
          <label className="adm-field">
            {tr('Внутри', 'Inside')}
            <select value={fresh.parent} onChange={(e) => setFresh({ ...fresh, parent: e.target.value })}>
              <option value="">{tr('верхний уровень', 'top level')}</option>
              {rows.map((r) => (
                <option key={r.slug} value={r.slug}>
                  {r.name.ru}
                </option>
              ))}
            </select>
          </label>
          <AudienceFields
            value={freshAudience}
            onChange={setFreshAudience}
            empty={tr('Не задано', 'Not set')}
            inherited={inheritedAudience(rows, fresh.parent || null)}
          />
          <VatRateSelect
            value={freshVat}
            onChange={setFreshVat}
            empty={
              fresh.parent ? tr('Как у родителя', 'As the parent') : tr('Как в настройках', 'As the settings')
            }
            inherited={inheritedVat(rows, fresh.parent || null)}
          />
          <button type="submit" className="adm-btn adm-btn--primary">
            {tr('Добавить', 'Add')}
          </button>
        </form>
      )}
      <ul className="adm-cat__tree" style={{ padding: 0 }}>
        {roots.map((r) => (
          <CategoryItem
            key={r.slug}
            row={r}
            all={rows}
            childrenOf={childrenOf}
            canEdit={canEdit}
            onChanged={revalidate}
          />
        ))}
      </ul>
    </div>
  );
}

function CategoryItem({
  row,
  all,
  childrenOf,
  canEdit,
  onChanged,
}: {
  row: CategoryRow;
  all: CategoryRow[];
  childrenOf: (slug: string) => CategoryRow[];
  canEdit: boolean;
  onChanged: () => void;
}) {
  const tr = useTr();
  const locale = useAdminLocale();
  const [draft, setDraft] = useState({
    ru: row.name.ru,
    en: row.name.en,
    parent: row.parentSlug ?? '',
    position: String(row.position),
  });
  const [audience, setAudience] = useState(audienceDraft(row));
  const [vat, setVat] = useState<VatRate | ''>(row.vatRate ?? '');
  const [marked, setMarked] = useState<MarkedChoice>(markedChoice(row.marked));
  const [customs, setCustoms] = useState<CustomsDraft>(customsDraft(row));
  const [version, setVersion] = useState(row.version);
  const [state, setState] = useState<{
    ok: boolean;
    text: string;
    newer?: CategoryRow;
    usedBy?: CatalogueConflict['usedBy'];
  } | null>(null);
  useEffect(() => {
    setDraft({
      ru: row.name.ru,
      en: row.name.en,
      parent: row.parentSlug ?? '',
      position: String(row.position),
    });
    setAudience(audienceDraft(row));
    setVat(row.vatRate ?? '');
    setMarked(markedChoice(row.marked));
    setCustoms(customsDraft(row));
    setVersion(row.version);
  }, [row]);

  async function save() {
    setState(null);
    try {
      const res = await catalogueChange<{ category: CategoryRow }>(
        `/api/admin/catalogue/categories/${row.slug}`,
        'PUT',
        {
          version,
          name: { ru: draft.ru, en: draft.en },
          parentSlug: draft.parent || null,
          position: Number.parseInt(draft.position, 10) || 0,
          ...audience,
          vatRate: vat,
          marked,
          ...customs,
        },
      );
      setVersion(res.category.version);
      setState({ ok: true, text: tr('Сохранено', 'Saved') });
      onChanged();
    } catch (e) {
      setState({
        ok: false,
        text: errorText(e),
        newer: e instanceof CatalogueConflict ? (e.current as CategoryRow | undefined) : undefined,
      });
    }
  }

  async function remove() {
    if (!window.confirm(tr('Точно удалить?', 'Delete for sure?'))) return;
    setState(null);
    try {
      await catalogueChange(`/api/admin/catalogue/categories/${row.slug}?version=${version}`, 'DELETE');
      onChanged();
    } catch (e) {
      setState({
        ok: false,
        text: errorText(e),
        newer: e instanceof CatalogueConflict ? (e.current as CategoryRow | undefined) : undefined,
        usedBy: e instanceof CatalogueConflict ? e.usedBy : undefined,
      });
    }
  }

  const kids = childrenOf(row.slug);
  return (
    <li>
      <div className="adm-card adm-cat__row" style={{ marginBottom: 8 }}>
        <label className="adm-field">
          RU
          <input
            value={draft.ru}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, ru: e.target.value })}
          />
        </label>
        <label className="adm-field">
          EN
          <input
            value={draft.en}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, en: e.target.value })}
          />
        </label>
        <label className="adm-field">
          {tr('Внутри', 'Inside')}
          <select
            value={draft.parent}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, parent: e.target.value })}
          >
            <option value="">{tr('верхний уровень', 'top level')}</option>
            {all
              .filter((c) => c.slug !== row.slug)
              .map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name.ru}
                </option>
              ))}
          </select>
        </label>
        <label className="adm-field" style={{ width: 90 }}>
          {tr('Порядок', 'Order')}
          <input
            type="number"
            value={draft.position}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, position: e.target.value })}
          />
        </label>
        <AudienceFields
          value={audience}
          onChange={setAudience}
          empty={tr('Не задано', 'Not set')}
          inherited={inheritedAudience(all, draft.parent || null)}
          disabled={!canEdit}
        />
        <VatRateSelect
          value={vat}
          onChange={setVat}
          empty={
            draft.parent ? tr('Как у родителя', 'As the parent') : tr('Как в настройках', 'As the settings')
          }
          inherited={inheritedVat(all, draft.parent || null)}
          disabled={!canEdit}
        />
        <MarkedSelect
          value={marked}
          onChange={setMarked}
          inherit="parent"
          inherited={inheritedMarked(categoryChain(all, draft.parent || null))}
          disabled={!canEdit}
        />
        <CustomsFields
          value={customs}
          onChange={setCustoms}
          inherit="parent"
          inherited={inheritedCustoms(categoryChain(all, draft.parent || null))}
          disabled={!canEdit}
        />
        <span className="adm-muted">
          /{row.slug} ·{' '}
          <Link to={`/admin/products?category=${row.slug}`}>
            {tr(`товаров: ${row.products}`, `products: ${row.products}`)}
          </Link>
        </span>
        {canEdit && (
          <>
            <button type="button" className="adm-btn adm-btn--primary" onClick={save}>
              {tr('Сохранить', 'Save')}
            </button>
            <button type="button" className="adm-btn adm-btn--danger" onClick={remove}>
              {tr('Удалить', 'Delete')}
            </button>
          </>
        )}
        {state && (
          <div style={{ flexBasis: '100%' }} role={state.ok ? 'status' : 'alert'}>
            <span className={state.ok ? 'adm-ok' : 'adm-error'}>{state.text}</span>
            {state.newer && (
              <div className="adm-cat__conflict">
                {tr('Сейчас:', 'Now:')} {state.newer.name.ru} / {state.newer.name.en} ·{' '}
                {state.newer.parentSlug ?? tr('верхний уровень', 'top level')} · {state.newer.position}{' '}
                <button
                  type="button"
                  className="adm-btn"
                  onClick={() => {
                    const n = state.newer;
                    if (!n) return;
                    setDraft({
                      ru: n.name.ru,
                      en: n.name.en,
                      parent: n.parentSlug ?? '',
                      position: String(n.position),
                    });
                    setAudience(audienceDraft(n));
                    setVat(n.vatRate ?? '');
                    setVersion(n.version);
                    setState(null);
                  }}
                >
                  {tr('Загрузить новые значения', 'Load the newer values')}
                </button>
              </div>
            )}
            {state.usedBy && <InUseList usedBy={state.usedBy} locale={locale} />}
          </div>
        )}
      </div>
      {kids.length > 0 && (
        <ul>
          {kids.map((k) => (
            <CategoryItem
              key={k.slug}
              row={k}
              all={all}
              childrenOf={childrenOf}
              canEdit={canEdit}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
