import '../../admin/catalogue/catalogue.css';
import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  type AgeGroup,
  type Audience,
  effectiveAudience,
  type Gender,
} from '../../../core/catalogue/audience.rules.ts';
import { categoryChain, type VatRate } from '../../../core/orders/receipt-settings.rules.ts';
import { type StaffMessageKey, staffMessage, staffPlural } from '../../../core/staff-messages.ts';
import { AudienceFields, audienceDraft } from '../../admin/catalogue/audience-fields.tsx';
import { catalogueApi } from '../../admin/catalogue/catalogue-api.ts';
import { type UsedBy, usedByOf } from '../../admin/catalogue/conflict.ts';
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
import { SaveAndDelete } from '../../admin/catalogue/record-fields.tsx';
import type { L10n } from '../../admin/catalogue/types.ts';
import { VatRateSelect } from '../../admin/content/receipt-settings-form.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { callApi, endpoint } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

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

/** The categories with their own fields and product counts (server/routes/admin/catalogue.routes.ts). */
const categoriesList = endpoint<{ rows: CategoryRow[] }>('GET', () => '/api/admin/catalogue/categories');

export async function clientLoader() {
  return callApi(categoriesList);
}

type Ask = ReturnType<typeof useConfirm>[0];
type Translate = (key: StaffMessageKey, params?: Record<string, string | number>) => string;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function CategoriesPage() {
  const locale = useAdminLocale();
  const t: Translate = (key, params) => staffMessage(key, locale, params);
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [ask, confirmDialog] = useConfirm();
  const [fresh, setFresh] = useState({ ru: '', en: '', parent: '' });
  const [freshAudience, setFreshAudience] = useState(audienceDraft({ ageGroup: null, gender: null }));
  const [freshVat, setFreshVat] = useState<VatRate | ''>('');
  const [made, setMade] = useState('');

  const create = useAction(async () => {
    await callApi(catalogueApi.categoryCreate, {
      name: { ru: fresh.ru, en: fresh.en },
      parentSlug: fresh.parent || null,
      ...freshAudience,
      vatRate: freshVat,
    });
    setMade(fresh.ru);
    setFresh({ ru: '', en: '', parent: '' });
    setFreshAudience(audienceDraft({ ageGroup: null, gender: null }));
    setFreshVat('');
    revalidate();
  });

  const roots = rows.filter((r) => !r.parentSlug || !rows.some((p) => p.slug === r.parentSlug));
  const childrenOf = (slug: string) => rows.filter((r) => r.parentSlug === slug);

  return (
    <div className="adm-page">
      <PageHead title={t('cat.categories.title')} hint={t('cat.categories.total', { count: rows.length })} />
      {create.done && <StatusNote>{t('cat.categories.made', { name: made })}</StatusNote>}
      <ErrorNote message={create.error} />
      {canEdit && (
        <form
          className="adm-card adm-cat__row"
          onSubmit={(e) => {
            e.preventDefault();
            void create.run();
          }}
          aria-label={t('cat.categories.new')}
        >
          <label className="adm-field">
            {t('cat.name_in', { lang: 'RU' })}
            <input value={fresh.ru} required onChange={(e) => setFresh({ ...fresh, ru: e.target.value })} />
          </label>
          <label className="adm-field">
            {t('cat.name_in', { lang: 'EN' })}
            <input value={fresh.en} onChange={(e) => setFresh({ ...fresh, en: e.target.value })} />
          </label>
          <label className="adm-field">
            {t('cat.categories.inside')}
            <select value={fresh.parent} onChange={(e) => setFresh({ ...fresh, parent: e.target.value })}>
              <option value="">{t('cat.categories.top')}</option>
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
            empty={t('cat.categories.not_set')}
            inherited={inheritedAudience(rows, fresh.parent || null)}
          />
          <VatRateSelect
            value={freshVat}
            onChange={setFreshVat}
            empty={fresh.parent ? t('cat.categories.as_parent') : t('cat.categories.as_settings')}
            inherited={inheritedVat(rows, fresh.parent || null)}
          />
          <button type="submit" className="adm-btn adm-btn--primary" disabled={create.busy}>
            {t('cat.categories.add')}
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
            ask={ask}
          />
        ))}
      </ul>
      {confirmDialog}
    </div>
  );
}

function CategoryItem({
  row,
  all,
  childrenOf,
  canEdit,
  onChanged,
  ask,
}: {
  row: CategoryRow;
  all: CategoryRow[];
  childrenOf: (slug: string) => CategoryRow[];
  canEdit: boolean;
  onChanged: () => void;
  ask: Ask;
}) {
  const locale = useAdminLocale();
  const t: Translate = (key, params) => staffMessage(key, locale, params);
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
  const [usedBy, setUsedBy] = useState<UsedBy | undefined>(undefined);
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

  const save = useAction<[], void, CategoryRow>(async () => {
    remove.reset();
    setUsedBy(undefined);
    const res = await callApi(
      catalogueApi.categoryUpdate,
      { slug: row.slug },
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
    setVersion((res.category as CategoryRow).version);
    onChanged();
  });

  const remove = useAction<[], void, CategoryRow>(async () => {
    save.reset();
    setUsedBy(undefined);
    try {
      await callApi(catalogueApi.categoryDelete, { slug: row.slug, version });
    } catch (e) {
      setUsedBy(usedByOf(e));
      throw e;
    }
    onChanged();
  });

  async function askRemove() {
    const yes = await ask({
      title: t('cat.categories.delete_sure', { name: row.name[locale] || row.name.ru }),
      confirm: t('cat.delete'),
      danger: true,
    });
    if (yes) await remove.run();
  }

  const conflict = save.conflict ?? remove.conflict;
  const newer = conflict?.current;
  const failed = save.error ?? remove.error ?? conflict?.message ?? null;

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
          {t('cat.categories.inside')}
          <select
            value={draft.parent}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, parent: e.target.value })}
          >
            <option value="">{t('cat.categories.top')}</option>
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
          {t('cat.position')}
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
          empty={t('cat.categories.not_set')}
          inherited={inheritedAudience(all, draft.parent || null)}
          disabled={!canEdit}
        />
        <VatRateSelect
          value={vat}
          onChange={setVat}
          empty={draft.parent ? t('cat.categories.as_parent') : t('cat.categories.as_settings')}
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
          <span className="adm-id">/{row.slug}</span> ·{' '}
          <Link to={`/admin/products?category=${row.slug}`}>
            {t('cat.categories.products', { products: staffPlural('products', row.products, locale) })}
          </Link>
        </span>
        {canEdit && (
          <SaveAndDelete
            saving={save.busy}
            onSave={() => save.run()}
            deleting={remove.busy}
            onDelete={askRemove}
            deleteLabel={t('cat.delete')}
          />
        )}
        {save.done && (
          <div style={{ flexBasis: '100%' }} role="status">
            <span className="adm-ok">{t('cat.saved')}</span>
          </div>
        )}
        {failed && (
          <div style={{ flexBasis: '100%' }} role="alert">
            <span className="adm-error">{failed}</span>
            {newer && (
              <div className="adm-cat__conflict">
                {t('cat.categories.newer', {
                  name: `${newer.name.ru} / ${newer.name.en}`,
                  parent: newer.parentSlug
                    ? (all.find((c) => c.slug === newer.parentSlug)?.name.ru ?? newer.parentSlug)
                    : t('cat.categories.top'),
                  position: newer.position,
                })}{' '}
                <button
                  type="button"
                  className="adm-btn"
                  onClick={() => {
                    const n = newer;
                    setDraft({
                      ru: n.name.ru,
                      en: n.name.en,
                      parent: n.parentSlug ?? '',
                      position: String(n.position),
                    });
                    setAudience(audienceDraft(n));
                    setVat(n.vatRate ?? '');
                    setVersion(n.version);
                    save.reset();
                    remove.reset();
                  }}
                >
                  {t('cat.load_newer')}
                </button>
              </div>
            )}
            {usedBy && <InUseList usedBy={usedBy} locale={locale} />}
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
              ask={ask}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
