import '../../admin/catalogue/catalogue.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { effectiveAudience } from '../../../core/catalogue/audience.rules.ts';
import { categoryChain, type VatRate } from '../../../core/orders/receipt-settings.rules.ts';
import { type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError, errorText } from '../../admin/api.ts';
import {
  type AudienceDraft,
  AudienceFields,
  ageGroupName,
  audienceDraft,
  genderName,
} from '../../admin/catalogue/audience-fields.tsx';
import { catalogueApi } from '../../admin/catalogue/catalogue-api.ts';
import {
  type CustomsDraft,
  CustomsFields,
  customsDraft,
  inheritedCustoms,
} from '../../admin/catalogue/customs-fields.tsx';
import {
  inheritedMarked,
  type MarkedChoice,
  MarkedSelect,
  markedChoice,
} from '../../admin/catalogue/marked-select.tsx';
import { parseRoubles, roublesText } from '../../admin/catalogue/money.ts';
import { StockInput } from '../../admin/catalogue/stock-input.tsx';
import type { EditorOptions, L10n, ProductRecord, Variant } from '../../admin/catalogue/types.ts';
import { VatRateSelect, vatRateName } from '../../admin/content/receipt-settings-form.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

type Translate = (key: StaffMessageKey, params?: Record<string, string | number>) => string;

export async function clientLoader({ params }: { params: { id?: string } }) {
  const id = params.id ?? 'new';
  const [record, options] = await Promise.all([
    id === 'new' ? null : callApi(catalogueApi.product, { id }),
    callApi(catalogueApi.options),
  ]);
  return { record, options };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

interface VariantDraft {
  id?: string;
  size: string;
  barcode: string;
  stock: string;
  preorder: boolean;
  notification: boolean;
}

interface Draft {
  art: string;
  name: L10n;
  description: L10n;
  composition: L10n;
  care: L10n;
  categorySlug: string;
  collectionSlugs: string[];
  isNew: boolean;
  isBestseller: boolean;
  price: string;
  oldPrice: string;
  colorName: L10n;
  colorHex: string;
  sizeTableId: string;
  audience: AudienceDraft;
  /** The receipt's VAT rate of its own; '' = as its category (DECISIONS 36). */
  vatRate: VatRate | '';
  /** Marked goods of its own; '' = as its category (docs/product/marking.md). */
  marked: MarkedChoice;
  /** Customs data of its own; '' = as its category (docs/product/shipping-desk.md). */
  customs: CustomsDraft;
  published: boolean;
  variants: VariantDraft[];
}

/** What «Как у категории» gives: the category's own value, else its nearest parent's, else the default. */
function categoryAudience(options: EditorOptions, slug: string) {
  const chain: EditorOptions['categories'] = [];
  let cursor: string | null = slug;
  while (cursor && chain.length < options.categories.length) {
    const c = options.categories.find((x) => x.slug === cursor);
    if (!c) break;
    chain.push(c);
    cursor = c.parentSlug;
  }
  return effectiveAudience({ ageGroup: null, gender: null }, chain);
}

const emptyL10n = (): L10n => ({ ru: '', en: '' });

function draftOf(record: ProductRecord | null, options: EditorOptions): Draft {
  if (!record) {
    return {
      art: '',
      name: emptyL10n(),
      description: emptyL10n(),
      composition: emptyL10n(),
      care: emptyL10n(),
      categorySlug: options.categories[0]?.slug ?? '',
      collectionSlugs: [],
      isNew: true,
      isBestseller: false,
      price: '',
      oldPrice: '',
      colorName: emptyL10n(),
      colorHex: '#000000',
      sizeTableId: '',
      audience: audienceDraft({ ageGroup: null, gender: null }),
      vatRate: '',
      marked: '',
      customs: customsDraft({}),
      published: false,
      variants: [],
    };
  }
  const p = record.product;
  return {
    art: p.art,
    name: p.name,
    description: p.description,
    composition: p.composition,
    care: p.care,
    categorySlug: p.categorySlug,
    collectionSlugs: p.collectionSlugs,
    isNew: p.isNew,
    isBestseller: p.isBestseller,
    price: roublesText(p.price),
    oldPrice: roublesText(p.oldPrice),
    colorName: p.colorName,
    colorHex: p.colorHex,
    sizeTableId: p.sizeTableId ?? '',
    audience: audienceDraft(p),
    vatRate: p.vatRate ?? '',
    marked: markedChoice(p.marked),
    customs: customsDraft(p),
    published: p.published,
    variants: record.variants.map((v) => ({ ...v, stock: String(v.stock) })),
  };
}

/** What a conflict shows: the fields whose newer value differs from what this screen holds. */
function changedFields(mine: Draft, theirs: Draft, t: Translate, locale: 'ru' | 'en'): string[] {
  const labels: [keyof Draft, string][] = [
    ['art', t('cat.product.article')],
    ['name', t('cat.product.name')],
    ['description', t('cat.product.description')],
    ['composition', t('cat.product.composition')],
    ['care', t('cat.product.care')],
    ['categorySlug', t('cat.product.category')],
    ['collectionSlugs', t('cat.product.collections')],
    ['price', t('cat.product.price')],
    ['oldPrice', t('cat.product.old_price')],
    ['isNew', t('cat.product.new')],
    ['isBestseller', t('cat.product.bestseller')],
    ['colorName', t('cat.product.colour')],
    ['colorHex', t('cat.product.swatch')],
    ['sizeTableId', t('cat.product.size_table')],
    ['audience', t('cat.product.who_for')],
    ['vatRate', t('cat.product.vat_on_the_receipt')],
    ['published', t('cat.product.visibility')],
    ['variants', t('cat.product.sizes')],
  ];
  return labels
    .filter(([key]) => JSON.stringify(mine[key]) !== JSON.stringify(theirs[key]))
    .map(([key, label]) => {
      const v = theirs[key];
      if (key === 'vatRate') {
        return `${label}: ${theirs.vatRate ? vatRateName(theirs.vatRate, locale) : t('cat.product.as_the_category')}`;
      }
      if (key === 'audience') {
        const { ageGroup, gender } = theirs.audience;
        const empty = t('cat.product.as_the_category');
        return `${label}: ${ageGroup ? ageGroupName(ageGroup, locale) : empty}, ${gender ? genderName(gender, locale) : empty}`;
      }
      const shown =
        typeof v === 'string' || typeof v === 'boolean'
          ? String(v)
          : Array.isArray(v)
            ? v.map((x) => (typeof x === 'string' ? x : `${x.size || '—'}`)).join(', ')
            : 'ru' in v
              ? `${v.ru} / ${v.en}`
              : '';
      return `${label}: ${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}`;
    });
}

export default function ProductEditor() {
  const locale = useAdminLocale();
  const t: Translate = (key, params) => staffMessage(key, locale, params);
  const staff = useStaff();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { record, options } = useLoaderData<typeof clientLoader>();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const [draft, setDraft] = useState<Draft>(() => draftOf(record, options));
  const [version, setVersion] = useState(record?.product.version ?? 1);
  const [invalidInput, setError] = useState<{ text: string; field?: string } | null>(null);
  const [doneText, setDoneText] = useState('');
  const [refusedField, setRefusedField] = useState<string | undefined>(undefined);
  const [conflict, setConflict] = useState<{ message: string; newer: ProductRecord } | null>(null);
  const [copy, setCopy] = useState<{
    ru: string;
    en: string;
    hex: string;
    barcodes: Record<string, string>;
  } | null>(null);
  // A new record or a newer version replaces the form; a mere reload of the same one keeps what is typed.
  const shownKey = record ? `${record.product.id}@${record.product.version}` : 'new';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the record's id and version only
  useEffect(() => {
    setDraft(draftOf(record, options));
    setVersion(record?.product.version ?? 1);
  }, [shownKey]);

  const name = (l: L10n) => (locale === 'en' && l.en ? l.en : l.ru);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setL10n = (
    key: 'name' | 'description' | 'composition' | 'care' | 'colorName',
    lang: 'ru' | 'en',
    value: string,
  ) => setDraft((d) => ({ ...d, [key]: { ...d[key], [lang]: value } }));
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    setDraft((d) => ({ ...d, variants: d.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) }));
  const invalid = (field: string) => error?.field === field || error?.field?.startsWith(`${field}.`);

  function body() {
    const price = parseRoubles(draft.price);
    if (price === null)
      return { error: { text: t('cat.product.enter_the_price_in_roubles'), field: 'price' } };
    const oldPrice = draft.oldPrice.trim() ? parseRoubles(draft.oldPrice) : null;
    if (draft.oldPrice.trim() && oldPrice === null)
      return {
        error: {
          text: t('cat.product.enter_the_old_price_in_roubles'),
          field: 'oldPrice',
        },
      };
    const variants = draft.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      size: v.size,
      barcode: v.barcode,
      stock: Number.parseInt(v.stock || '0', 10),
      preorder: v.preorder,
      notification: v.notification,
    }));
    return {
      value: {
        art: draft.art,
        name: draft.name,
        description: draft.description,
        composition: draft.composition,
        care: draft.care,
        categorySlug: draft.categorySlug,
        collectionSlugs: draft.collectionSlugs,
        isNew: draft.isNew,
        isBestseller: draft.isBestseller,
        price,
        oldPrice,
        colorName: draft.colorName,
        colorHex: draft.colorHex,
        sizeTableId: draft.sizeTableId || null,
        ageGroup: draft.audience.ageGroup || null,
        gender: draft.audience.gender || null,
        vatRate: draft.vatRate || null,
        marked: draft.marked,
        hsCode: draft.customs.hsCode,
        originCountry: draft.customs.originCountry,
        published: draft.published,
        variants,
      },
    };
  }

  /** One change; a stale one (409) brings the newer record beside what this screen holds. */
  const action = useAction(async (what: string, call: () => Promise<void>) => {
    setError(null);
    setConflict(null);
    setRefusedField(undefined);
    try {
      await call();
      setDoneText(what);
    } catch (e) {
      setRefusedField(e instanceof AdminApiError ? e.field : undefined);
      if (e instanceof AdminApiError && e.status === 409 && record) {
        const newer = await callApi(catalogueApi.product, { id: record.product.id }).catch(() => null);
        if (newer && newer.product.version !== version) setConflict({ message: errorText(e), newer });
      }
      throw e;
    }
  });
  const run = action.run;
  const busy = action.busy;
  const done = action.done ? doneText : null;
  const error =
    invalidInput ?? (conflict ? null : action.error ? { text: action.error, field: refusedField } : null);

  const save = () => {
    const b = body();
    if ('error' in b && b.error) {
      setError(b.error);
      return;
    }
    void run(t('cat.product.saved'), async () => {
      if (!record) {
        const created = await callApi(catalogueApi.createProduct, b.value);
        navigate(`/admin/products/${encodeURIComponent(created.product.id)}`);
        return;
      }
      const saved = await callApi(
        catalogueApi.updateProduct,
        { id: record.product.id },
        { ...b.value, version },
      );
      setVersion(saved.product.version);
      setDraft(draftOf(saved, options));
      revalidate();
    });
  };

  const publish = (published: boolean) =>
    run(
      published ? t('cat.product.the_product_is_on_the_shop') : t('cat.product.the_product_is_hidden'),
      async () => {
        if (!record) return;
        const saved = await callApi(catalogueApi.publish, { id: record.product.id }, { version, published });
        setVersion(saved.product.version);
        setDraft((d) => ({ ...d, published: saved.product.published }));
        revalidate();
      },
    );

  const duplicate = () =>
    run(t('cat.product.a_new_colour_was_made'), async () => {
      if (!record || !copy) return;
      const created = await callApi(
        catalogueApi.duplicate,
        { id: record.product.id },
        { version, colorName: { ru: copy.ru, en: copy.en }, colorHex: copy.hex, barcodes: copy.barcodes },
      );
      setCopy(null);
      navigate(`/admin/products/${encodeURIComponent(created.product.id)}`);
    });

  const textPair = (
    key: 'name' | 'description' | 'composition' | 'care',
    label: string,
    multiline: boolean,
  ) => (
    <div className="adm-cat__pair">
      {(['ru', 'en'] as const).map((lang) =>
        multiline ? (
          <label key={lang} className="adm-field" data-invalid={invalid(`${key}.${lang}`) || undefined}>
            {label} ({lang.toUpperCase()})
            <textarea
              value={draft[key][lang]}
              disabled={!canEdit}
              onChange={(e) => setL10n(key, lang, e.target.value)}
            />
          </label>
        ) : (
          <label key={lang} className="adm-field" data-invalid={invalid(`${key}.${lang}`) || undefined}>
            {label} ({lang.toUpperCase()})
            <input
              value={draft[key][lang]}
              disabled={!canEdit}
              onChange={(e) => setL10n(key, lang, e.target.value)}
            />
          </label>
        ),
      )}
    </div>
  );

  const title = record ? name(record.product.name) : t('cat.product.new_product');
  return (
    <div className="adm-page">
      <PageHead title={title}>
        {record && (
          <span className={`adm-badge ${draft.published ? 'adm-badge--ok' : 'adm-badge--muted'}`}>
            {draft.published ? t('cat.product.on_the_shop') : t('cat.product.hidden')}
          </span>
        )}
        <Link to="/admin/products" className="adm-btn">
          {t('cat.product.back_to_the_list')}
        </Link>
      </PageHead>
      {conflict && (
        <div className="adm-cat__conflict" role="alert">
          <strong>{conflict.message}</strong>
          <ul>
            {changedFields(draft, draftOf(conflict.newer, options), t, locale).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            onClick={() => {
              setDraft(draftOf(conflict.newer, options));
              setVersion(conflict.newer.product.version);
              setConflict(null);
              revalidate();
            }}
          >
            {t('cat.product.load_the_newer_values')}
          </button>
        </div>
      )}
      {error && (
        <p className="adm-error" role="alert">
          {error.text}
        </p>
      )}
      {done && <StatusNote>{done}</StatusNote>}
      {record && (
        <p className="adm-cat__row">
          <Link to={`/admin/products/${encodeURIComponent(record.product.id)}/media`} className="adm-btn">
            {t('cat.product.media', { count: record.photoCount })}
          </Link>
          <a
            className="adm-btn"
            href={`/products/${encodeURIComponent(record.product.id)}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('cat.product.open_on_the_shop')}
          </a>
          {canEdit && (
            <>
              <button
                type="button"
                className="adm-btn"
                disabled={busy}
                onClick={() => publish(!draft.published)}
              >
                {draft.published ? t('cat.product.hide') : t('cat.product.publish')}
              </button>
              <button
                type="button"
                className="adm-btn"
                onClick={() => setCopy(copy ? null : { ru: '', en: '', hex: '#000000', barcodes: {} })}
              >
                {t('cat.product.duplicate_as_a_new_colour')}
              </button>
            </>
          )}
        </p>
      )}
      {record && copy && (
        <section className="adm-card" aria-label={t('cat.product.new_colour')}>
          <h2>{t('cat.product.a_new_colour_of_this_article')}</h2>
          <p className="adm-muted">{t('cat.product.texts_price_and_sizes_are_copied_photos')}</p>
          <div className="adm-cat__row">
            <label className="adm-field">
              {t('cat.product.colour_ru')}
              <input value={copy.ru} onChange={(e) => setCopy({ ...copy, ru: e.target.value })} />
            </label>
            <label className="adm-field">
              {t('cat.product.colour_en')}
              <input value={copy.en} onChange={(e) => setCopy({ ...copy, en: e.target.value })} />
            </label>
            <label className="adm-field">
              {t('cat.product.swatch_2')}
              <input
                type="color"
                value={copy.hex}
                onChange={(e) => setCopy({ ...copy, hex: e.target.value })}
              />
            </label>
            {record.variants.map((v) => (
              <label key={v.id} className="adm-field">
                {t('cat.product.barcode_of', { size: v.size || t('cat.product.one_size') })}
                <input
                  value={copy.barcodes[v.size] ?? ''}
                  onChange={(e) =>
                    setCopy({ ...copy, barcodes: { ...copy.barcodes, [v.size]: e.target.value } })
                  }
                />
              </label>
            ))}
            <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={duplicate}>
              {t('cat.product.create')}
            </button>
          </div>
        </section>
      )}
      <div className="adm-cat__sections">
        <section className="adm-card" aria-labelledby="p-texts">
          <h2 id="p-texts">{t('cat.product.texts')}</h2>
          {textPair('name', t('cat.product.name'), false)}
          {textPair('description', t('cat.product.description'), true)}
        </section>
        <section className="adm-card" aria-labelledby="p-tabs">
          <h2 id="p-tabs">{t('cat.product.tabs')}</h2>
          {textPair('composition', t('cat.product.composition'), true)}
          {textPair('care', t('cat.product.care'), true)}
        </section>
        <section className="adm-card" aria-labelledby="p-main">
          <h2 id="p-main">{t('cat.product.article_category_price')}</h2>
          <div className="adm-cat__row">
            <label className="adm-field" data-invalid={invalid('art') || undefined}>
              {t('cat.product.article')}
              <input value={draft.art} disabled={!canEdit} onChange={(e) => set('art', e.target.value)} />
            </label>
            <label className="adm-field" data-invalid={invalid('categorySlug') || undefined}>
              {t('cat.product.category')}
              <select
                value={draft.categorySlug}
                disabled={!canEdit}
                onChange={(e) => set('categorySlug', e.target.value)}
              >
                {options.categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.parentSlug ? '— ' : ''}
                    {name(c.name)}
                  </option>
                ))}
              </select>
            </label>
            <AudienceFields
              value={draft.audience}
              onChange={(audience) => setDraft((d) => ({ ...d, audience }))}
              empty={t('cat.product.as_the_category_2')}
              inherited={categoryAudience(options, draft.categorySlug)}
              disabled={!canEdit}
              invalid={invalid}
            />
            <VatRateSelect
              value={draft.vatRate}
              onChange={(vatRate) => setDraft((d) => ({ ...d, vatRate }))}
              empty={t('cat.product.as_the_category_2')}
              inherited={
                categoryChain(options.categories, draft.categorySlug).find((c) => c.vatRate)?.vatRate ??
                undefined
              }
              disabled={!canEdit}
              invalid={invalid('vatRate')}
            />
            <MarkedSelect
              value={draft.marked}
              onChange={(marked) => setDraft((d) => ({ ...d, marked }))}
              inherit="category"
              inherited={inheritedMarked(categoryChain(options.categories, draft.categorySlug))}
              disabled={!canEdit}
            />
            <CustomsFields
              value={draft.customs}
              onChange={(customs) => setDraft((d) => ({ ...d, customs }))}
              inherit="category"
              inherited={inheritedCustoms(categoryChain(options.categories, draft.categorySlug))}
              disabled={!canEdit}
              invalid={invalid}
            />
            <label className="adm-field" data-invalid={invalid('price') || undefined}>
              {t('cat.product.price_2')}
              <input
                value={draft.price}
                inputMode="decimal"
                disabled={!canEdit}
                onChange={(e) => set('price', e.target.value)}
              />
            </label>
            <label className="adm-field" data-invalid={invalid('oldPrice') || undefined}>
              {t('cat.product.old_price_sale')}
              <input
                value={draft.oldPrice}
                inputMode="decimal"
                disabled={!canEdit}
                onChange={(e) => set('oldPrice', e.target.value)}
              />
            </label>
          </div>
          <div className="adm-cat__row">
            <label className="adm-cat__check">
              <input
                type="checkbox"
                checked={draft.isNew}
                disabled={!canEdit}
                onChange={(e) => set('isNew', e.target.checked)}
              />
              {t('cat.product.new')}
            </label>
            <label className="adm-cat__check">
              <input
                type="checkbox"
                checked={draft.isBestseller}
                disabled={!canEdit}
                onChange={(e) => set('isBestseller', e.target.checked)}
              />
              {t('cat.product.bestseller_2')}
            </label>
            <span className="adm-muted">
              {draft.oldPrice.trim() ? t('cat.product.sale_an_old_price_is_set') : t('cat.product.no_sale')}
            </span>
          </div>
          {options.collections.length > 0 && (
            <fieldset className="adm-cat__row" style={{ border: 0, padding: 0 }}>
              <legend className="adm-muted">{t('cat.product.collections')}</legend>
              {options.collections.map((c) => (
                <label key={c.slug} className="adm-cat__check">
                  <input
                    type="checkbox"
                    disabled={!canEdit}
                    checked={draft.collectionSlugs.includes(c.slug)}
                    onChange={(e) =>
                      set(
                        'collectionSlugs',
                        e.target.checked
                          ? [...draft.collectionSlugs, c.slug]
                          : draft.collectionSlugs.filter((s) => s !== c.slug),
                      )
                    }
                  />
                  {name(c.name)}
                </label>
              ))}
            </fieldset>
          )}
        </section>
        <section className="adm-card" aria-labelledby="p-colour">
          <h2 id="p-colour">{t('cat.product.colour_and_other_colours')}</h2>
          <div className="adm-cat__row">
            <label className="adm-field" data-invalid={invalid('colorName.ru') || undefined}>
              {t('cat.product.colour_ru')}
              <input
                value={draft.colorName.ru}
                disabled={!canEdit}
                onChange={(e) => setL10n('colorName', 'ru', e.target.value)}
              />
            </label>
            <label className="adm-field">
              {t('cat.product.colour_en')}
              <input
                value={draft.colorName.en}
                disabled={!canEdit}
                onChange={(e) => setL10n('colorName', 'en', e.target.value)}
              />
            </label>
            <label className="adm-field" data-invalid={invalid('colorHex') || undefined}>
              {t('cat.product.swatch_2')}
              <input
                type="color"
                value={draft.colorHex}
                disabled={!canEdit}
                onChange={(e) => set('colorHex', e.target.value)}
              />
            </label>
          </div>
          {record && (
            <p>
              {record.siblings.length === 0
                ? t('cat.product.no_other_colours_of_this_article')
                : record.siblings.map((s) => (
                    <Link
                      key={s.id}
                      to={`/admin/products/${encodeURIComponent(s.id)}`}
                      className="adm-btn"
                      style={{ marginRight: 6 }}
                    >
                      <span className="adm-cat__swatch" style={{ background: s.colorHex }} />
                      {name(s.colorName)}
                      {!s.published && ` (${t('cat.product.hidden')})`}
                    </Link>
                  ))}
            </p>
          )}
        </section>
        <section className="adm-card" aria-labelledby="p-sizes">
          <h2 id="p-sizes">{t('cat.product.sizes_and_stock')}</h2>
          <label className="adm-field" style={{ maxWidth: 320, marginBottom: 12 }}>
            {t('cat.product.size_table')}
            <select
              value={draft.sizeTableId}
              disabled={!canEdit}
              onChange={(e) => set('sizeTableId', e.target.value)}
            >
              <option value="">{t('cat.product.none')}</option>
              {options.sizeTables.map((t) => (
                <option key={t.id} value={t.id}>
                  {name(t.title)}
                </option>
              ))}
            </select>
          </label>
          <div className="adm-table-wrap">
            {/* The sizes are typed in place (a grid of fields, a block per size on a phone), not a list. */}
            <table className="adm-table adm-cat__variants">
              <thead>
                <tr>
                  <th>{t('cat.product.size')}</th>
                  <th>{t('cat.product.barcode')}</th>
                  <th>{t('cat.product.stock')}</th>
                  <th>{t('cat.product.pre_order')}</th>
                  <th>{t('cat.product.arrival_notice')}</th>
                  {canEdit && <th aria-label={t('cat.product.remove')} />}
                </tr>
              </thead>
              <tbody>
                {draft.variants.map((v, i) => {
                  const saved: Variant | undefined = record?.variants.find((r) => r.id === v.id);
                  return (
                    <tr key={v.id ?? `new-${i}`}>
                      <td data-label={t('cat.product.size')}>
                        <input
                          type="text"
                          aria-label={t('cat.product.size_n', { number: i + 1 })}
                          value={v.size}
                          disabled={!canEdit}
                          aria-invalid={invalid(`variants.${i}.size`) || undefined}
                          onChange={(e) => setVariant(i, { size: e.target.value })}
                        />
                      </td>
                      <td data-label={t('cat.product.barcode')}>
                        <input
                          type="text"
                          aria-label={t('cat.product.barcode_n', { number: i + 1 })}
                          value={v.barcode}
                          disabled={!canEdit}
                          aria-invalid={invalid(`variants.${i}.barcode`) || undefined}
                          onChange={(e) => setVariant(i, { barcode: e.target.value })}
                        />
                      </td>
                      <td data-label={t('cat.product.stock')}>
                        {saved && record ? (
                          <StockInput
                            variant={saved}
                            groupId={record.product.id}
                            onSaved={(stock) => setVariant(i, { stock: String(stock) })}
                          />
                        ) : (
                          <input
                            type="number"
                            min={0}
                            aria-label={t('cat.product.stock_n', { number: i + 1 })}
                            value={v.stock}
                            aria-invalid={invalid(`variants.${i}.stock`) || undefined}
                            onChange={(e) => setVariant(i, { stock: e.target.value })}
                          />
                        )}
                      </td>
                      <td data-label={t('cat.product.pre_order')}>
                        <input
                          type="checkbox"
                          aria-label={t('cat.product.preorder_of', { size: v.size })}
                          checked={v.preorder}
                          disabled={!canEdit}
                          onChange={(e) => setVariant(i, { preorder: e.target.checked })}
                        />
                      </td>
                      <td data-label={t('cat.product.arrival_notice')}>
                        <input
                          type="checkbox"
                          aria-label={t('cat.product.notice_of', { size: v.size })}
                          checked={v.notification}
                          disabled={!canEdit}
                          onChange={(e) => setVariant(i, { notification: e.target.checked })}
                        />
                      </td>
                      {canEdit && (
                        <td>
                          <button
                            type="button"
                            className="adm-btn adm-btn--danger"
                            onClick={() =>
                              set(
                                'variants',
                                draft.variants.filter((_, j) => j !== i),
                              )
                            }
                          >
                            {t('cat.product.remove_2')}
                          </button>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {canEdit && (
            <p>
              <button
                type="button"
                className="adm-btn"
                onClick={() =>
                  set('variants', [
                    ...draft.variants,
                    { size: '', barcode: '', stock: '0', preorder: false, notification: true },
                  ])
                }
              >
                {t('cat.product.add_a_size')}
              </button>
            </p>
          )}
          {record && (
            <p className="adm-muted">
              {t('cat.product.stock_is_saved_at_once_by_the_button_bes')} {t('cat.product.price_on_the_shop')}{' '}
              {record ? formatMoney(record.product.price, locale) : ''}
            </p>
          )}
        </section>
      </div>
      {canEdit && (
        <div className="adm-cat__savebar">
          {!record && (
            <label className="adm-cat__check">
              <input
                type="checkbox"
                checked={draft.published}
                onChange={(e) => set('published', e.target.checked)}
              />
              {t('cat.product.show_on_the_shop_at_once')}
            </label>
          )}
          <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={save}>
            {record ? t('cat.product.save') : t('cat.product.create_the_product')}
          </button>
        </div>
      )}
    </div>
  );
}
