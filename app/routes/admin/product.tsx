import '../../admin/catalogue/catalogue.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { effectiveAudience } from '../../../core/catalogue/audience.rules.ts';
import { categoryChain, type VatRate } from '../../../core/orders/receipt-settings.rules.ts';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import {
  type AudienceDraft,
  AudienceFields,
  ageGroupName,
  audienceDraft,
  genderName,
} from '../../admin/catalogue/audience-fields.tsx';
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
import { formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';

export async function clientLoader({ params }: { params: { id?: string } }) {
  const id = params.id ?? 'new';
  const [record, options] = await Promise.all([
    id === 'new' ? null : adminApi<ProductRecord>(`/api/admin/catalogue/products/${encodeURIComponent(id)}`),
    adminApi<EditorOptions>('/api/admin/catalogue/options'),
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
function changedFields(
  mine: Draft,
  theirs: Draft,
  tr: (ru: string, en: string) => string,
  locale: 'ru' | 'en',
): string[] {
  const labels: [keyof Draft, string][] = [
    ['art', tr('Артикул', 'Article')],
    ['name', tr('Название', 'Name')],
    ['description', tr('Описание', 'Description')],
    ['composition', tr('Состав', 'Composition')],
    ['care', tr('Уход', 'Care')],
    ['categorySlug', tr('Категория', 'Category')],
    ['collectionSlugs', tr('Коллекции', 'Collections')],
    ['price', tr('Цена', 'Price')],
    ['oldPrice', tr('Старая цена', 'Old price')],
    ['isNew', tr('Новинка', 'New')],
    ['isBestseller', tr('Хит', 'Bestseller')],
    ['colorName', tr('Цвет', 'Colour')],
    ['colorHex', tr('Образец цвета', 'Swatch')],
    ['sizeTableId', tr('Таблица размеров', 'Size table')],
    ['audience', tr('Для кого', 'Who for')],
    ['vatRate', tr('НДС в чеке', 'VAT on the receipt')],
    ['published', tr('Показ', 'Visibility')],
    ['variants', tr('Размеры', 'Sizes')],
  ];
  return labels
    .filter(([key]) => JSON.stringify(mine[key]) !== JSON.stringify(theirs[key]))
    .map(([key, label]) => {
      const v = theirs[key];
      if (key === 'vatRate') {
        return `${label}: ${theirs.vatRate ? vatRateName(theirs.vatRate, locale) : tr('как у категории', 'as the category')}`;
      }
      if (key === 'audience') {
        const { ageGroup, gender } = theirs.audience;
        const empty = tr('как у категории', 'as the category');
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
  const tr = useTr();
  const locale = useAdminLocale();
  const staff = useStaff();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { record, options } = useLoaderData<typeof clientLoader>();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const [draft, setDraft] = useState<Draft>(() => draftOf(record, options));
  const [version, setVersion] = useState(record?.product.version ?? 1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
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
      return { error: { text: tr('Введите цену в рублях', 'Enter the price in roubles'), field: 'price' } };
    const oldPrice = draft.oldPrice.trim() ? parseRoubles(draft.oldPrice) : null;
    if (draft.oldPrice.trim() && oldPrice === null)
      return {
        error: {
          text: tr('Введите старую цену в рублях', 'Enter the old price in roubles'),
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

  async function run(what: string, call: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await call();
      setDone(what);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409 && record) {
        const newer = await adminApi<ProductRecord>(
          `/api/admin/catalogue/products/${encodeURIComponent(record.product.id)}`,
        ).catch(() => null);
        if (newer && newer.product.version !== version) {
          setConflict({ message: errorText(e), newer });
          return;
        }
      }
      setError({ text: errorText(e), field: e instanceof AdminApiError ? e.field : undefined });
    } finally {
      setBusy(false);
    }
  }

  const save = () => {
    const b = body();
    if ('error' in b && b.error) {
      setError(b.error);
      return;
    }
    void run(tr('Сохранено', 'Saved'), async () => {
      if (!record) {
        const created = await adminApi<ProductRecord>('/api/admin/catalogue/products', {
          method: 'POST',
          body: b.value,
        });
        navigate(`/admin/products/${encodeURIComponent(created.product.id)}`);
        return;
      }
      const saved = await adminApi<ProductRecord>(
        `/api/admin/catalogue/products/${encodeURIComponent(record.product.id)}`,
        {
          method: 'PUT',
          body: { ...b.value, version },
        },
      );
      setVersion(saved.product.version);
      setDraft(draftOf(saved, options));
      revalidate();
    });
  };

  const publish = (published: boolean) =>
    run(
      published
        ? tr('Товар на сайте', 'The product is on the shop')
        : tr('Товар скрыт', 'The product is hidden'),
      async () => {
        if (!record) return;
        const saved = await adminApi<ProductRecord>(
          `/api/admin/catalogue/products/${encodeURIComponent(record.product.id)}/published`,
          { method: 'PUT', body: { version, published } },
        );
        setVersion(saved.product.version);
        setDraft((d) => ({ ...d, published: saved.product.published }));
        revalidate();
      },
    );

  const duplicate = () =>
    run(tr('Создан новый цвет', 'A new colour was made'), async () => {
      if (!record || !copy) return;
      const created = await adminApi<ProductRecord>(
        `/api/admin/catalogue/products/${encodeURIComponent(record.product.id)}/duplicate`,
        {
          method: 'POST',
          body: {
            version,
            colorName: { ru: copy.ru, en: copy.en },
            colorHex: copy.hex,
            barcodes: copy.barcodes,
          },
        },
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

  const title = record ? name(record.product.name) : tr('Новый товар', 'New product');
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{title}</h1>
        {record && (
          <span className={`adm-badge ${draft.published ? 'adm-badge--ok' : 'adm-badge--muted'}`}>
            {draft.published ? tr('на сайте', 'on the shop') : tr('скрыт', 'hidden')}
          </span>
        )}
        <Link to="/admin/products" className="adm-btn">
          {tr('К списку', 'Back to the list')}
        </Link>
      </div>
      {conflict && (
        <div className="adm-cat__conflict" role="alert">
          <strong>{conflict.message}</strong>
          <ul>
            {changedFields(draft, draftOf(conflict.newer, options), tr, locale).map((line) => (
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
            {tr('Загрузить новые значения', 'Load the newer values')}
          </button>
        </div>
      )}
      {error && (
        <p className="adm-error" role="alert">
          {error.text}
        </p>
      )}
      {done && (
        <p className="adm-ok" role="status">
          {done}
        </p>
      )}
      {record && (
        <p className="adm-cat__row">
          <Link to={`/admin/products/${encodeURIComponent(record.product.id)}/media`} className="adm-btn">
            {tr(`Фото и видео (${record.photoCount})`, `Photos and video (${record.photoCount})`)}
          </Link>
          <a
            className="adm-btn"
            href={`/products/${encodeURIComponent(record.product.id)}`}
            target="_blank"
            rel="noreferrer"
          >
            {tr('Открыть на сайте', 'Open on the shop')}
          </a>
          {canEdit && (
            <>
              <button
                type="button"
                className="adm-btn"
                disabled={busy}
                onClick={() => publish(!draft.published)}
              >
                {draft.published ? tr('Скрыть', 'Hide') : tr('Опубликовать', 'Publish')}
              </button>
              <button
                type="button"
                className="adm-btn"
                onClick={() => setCopy(copy ? null : { ru: '', en: '', hex: '#000000', barcodes: {} })}
              >
                {tr('Дублировать как новый цвет', 'Duplicate as a new colour')}
              </button>
            </>
          )}
        </p>
      )}
      {record && copy && (
        <section className="adm-card" aria-label={tr('Новый цвет', 'New colour')}>
          <h2>{tr('Новый цвет этого артикула', 'A new colour of this article')}</h2>
          <p className="adm-muted">
            {tr(
              'Тексты, цена и размеры копируются, фото — нет; товар создаётся скрытым. Размер без штрихкода не копируется.',
              'Texts, price and sizes are copied, photos are not; the product starts hidden. A size without a barcode is left out.',
            )}
          </p>
          <div className="adm-cat__row">
            <label className="adm-field">
              {tr('Цвет (RU)', 'Colour (RU)')}
              <input value={copy.ru} onChange={(e) => setCopy({ ...copy, ru: e.target.value })} />
            </label>
            <label className="adm-field">
              {tr('Цвет (EN)', 'Colour (EN)')}
              <input value={copy.en} onChange={(e) => setCopy({ ...copy, en: e.target.value })} />
            </label>
            <label className="adm-field">
              {tr('Образец', 'Swatch')}
              <input
                type="color"
                value={copy.hex}
                onChange={(e) => setCopy({ ...copy, hex: e.target.value })}
              />
            </label>
            {record.variants.map((v) => (
              <label key={v.id} className="adm-field">
                {tr(`Штрихкод ${v.size || 'без размера'}`, `Barcode ${v.size || 'one size'}`)}
                <input
                  value={copy.barcodes[v.size] ?? ''}
                  onChange={(e) =>
                    setCopy({ ...copy, barcodes: { ...copy.barcodes, [v.size]: e.target.value } })
                  }
                />
              </label>
            ))}
            <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={duplicate}>
              {tr('Создать', 'Create')}
            </button>
          </div>
        </section>
      )}
      <div className="adm-cat__sections">
        <section className="adm-card" aria-labelledby="p-texts">
          <h2 id="p-texts">{tr('Тексты', 'Texts')}</h2>
          {textPair('name', tr('Название', 'Name'), false)}
          {textPair('description', tr('Описание', 'Description'), true)}
        </section>
        <section className="adm-card" aria-labelledby="p-tabs">
          <h2 id="p-tabs">{tr('Вкладки', 'Tabs')}</h2>
          {textPair('composition', tr('Состав', 'Composition'), true)}
          {textPair('care', tr('Уход', 'Care'), true)}
        </section>
        <section className="adm-card" aria-labelledby="p-main">
          <h2 id="p-main">{tr('Артикул, категория, цена', 'Article, category, price')}</h2>
          <div className="adm-cat__row">
            <label className="adm-field" data-invalid={invalid('art') || undefined}>
              {tr('Артикул', 'Article')}
              <input value={draft.art} disabled={!canEdit} onChange={(e) => set('art', e.target.value)} />
            </label>
            <label className="adm-field" data-invalid={invalid('categorySlug') || undefined}>
              {tr('Категория', 'Category')}
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
              empty={tr('Как у категории', 'As the category')}
              inherited={categoryAudience(options, draft.categorySlug)}
              disabled={!canEdit}
              invalid={invalid}
            />
            <VatRateSelect
              value={draft.vatRate}
              onChange={(vatRate) => setDraft((d) => ({ ...d, vatRate }))}
              empty={tr('Как у категории', 'As the category')}
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
              {tr('Цена, ₽', 'Price, ₽')}
              <input
                value={draft.price}
                inputMode="decimal"
                disabled={!canEdit}
                onChange={(e) => set('price', e.target.value)}
              />
            </label>
            <label className="adm-field" data-invalid={invalid('oldPrice') || undefined}>
              {tr('Старая цена, ₽ (скидка)', 'Old price, ₽ (sale)')}
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
              {tr('Новинка', 'New')}
            </label>
            <label className="adm-cat__check">
              <input
                type="checkbox"
                checked={draft.isBestseller}
                disabled={!canEdit}
                onChange={(e) => set('isBestseller', e.target.checked)}
              />
              {tr('Хит продаж', 'Bestseller')}
            </label>
            <span className="adm-muted">
              {draft.oldPrice.trim()
                ? tr('Скидка: есть старая цена', 'Sale: an old price is set')
                : tr('Без скидки', 'No sale')}
            </span>
          </div>
          {options.collections.length > 0 && (
            <fieldset className="adm-cat__row" style={{ border: 0, padding: 0 }}>
              <legend className="adm-muted">{tr('Коллекции', 'Collections')}</legend>
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
          <h2 id="p-colour">{tr('Цвет и другие цвета', 'Colour and other colours')}</h2>
          <div className="adm-cat__row">
            <label className="adm-field" data-invalid={invalid('colorName.ru') || undefined}>
              {tr('Цвет (RU)', 'Colour (RU)')}
              <input
                value={draft.colorName.ru}
                disabled={!canEdit}
                onChange={(e) => setL10n('colorName', 'ru', e.target.value)}
              />
            </label>
            <label className="adm-field">
              {tr('Цвет (EN)', 'Colour (EN)')}
              <input
                value={draft.colorName.en}
                disabled={!canEdit}
                onChange={(e) => setL10n('colorName', 'en', e.target.value)}
              />
            </label>
            <label className="adm-field" data-invalid={invalid('colorHex') || undefined}>
              {tr('Образец', 'Swatch')}
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
                ? tr('Других цветов этого артикула нет.', 'No other colours of this article.')
                : record.siblings.map((s) => (
                    <Link
                      key={s.id}
                      to={`/admin/products/${encodeURIComponent(s.id)}`}
                      className="adm-btn"
                      style={{ marginRight: 6 }}
                    >
                      <span className="adm-cat__swatch" style={{ background: s.colorHex }} />
                      {name(s.colorName)}
                      {!s.published && ` (${tr('скрыт', 'hidden')})`}
                    </Link>
                  ))}
            </p>
          )}
        </section>
        <section className="adm-card" aria-labelledby="p-sizes">
          <h2 id="p-sizes">{tr('Размеры и остатки', 'Sizes and stock')}</h2>
          <label className="adm-field" style={{ maxWidth: 320, marginBottom: 12 }}>
            {tr('Таблица размеров', 'Size table')}
            <select
              value={draft.sizeTableId}
              disabled={!canEdit}
              onChange={(e) => set('sizeTableId', e.target.value)}
            >
              <option value="">{tr('нет', 'none')}</option>
              {options.sizeTables.map((t) => (
                <option key={t.id} value={t.id}>
                  {name(t.title)}
                </option>
              ))}
            </select>
          </label>
          <div className="adm-table-wrap">
            <table className="adm-table adm-cat__variants">
              <thead>
                <tr>
                  <th>{tr('Размер', 'Size')}</th>
                  <th>{tr('Штрихкод', 'Barcode')}</th>
                  <th>{tr('Остаток', 'Stock')}</th>
                  <th>{tr('Предзаказ', 'Pre-order')}</th>
                  <th>{tr('Сообщить о поступлении', 'Arrival notice')}</th>
                  {canEdit && <th aria-label={tr('Удалить', 'Remove')} />}
                </tr>
              </thead>
              <tbody>
                {draft.variants.map((v, i) => {
                  const saved: Variant | undefined = record?.variants.find((r) => r.id === v.id);
                  return (
                    <tr key={v.id ?? `new-${i}`}>
                      <td data-label={tr('Размер', 'Size')}>
                        <input
                          type="text"
                          aria-label={tr(`Размер ${i + 1}`, `Size ${i + 1}`)}
                          value={v.size}
                          disabled={!canEdit}
                          aria-invalid={invalid(`variants.${i}.size`) || undefined}
                          onChange={(e) => setVariant(i, { size: e.target.value })}
                        />
                      </td>
                      <td data-label={tr('Штрихкод', 'Barcode')}>
                        <input
                          type="text"
                          aria-label={tr(`Штрихкод ${i + 1}`, `Barcode ${i + 1}`)}
                          value={v.barcode}
                          disabled={!canEdit}
                          aria-invalid={invalid(`variants.${i}.barcode`) || undefined}
                          onChange={(e) => setVariant(i, { barcode: e.target.value })}
                        />
                      </td>
                      <td data-label={tr('Остаток', 'Stock')}>
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
                            aria-label={tr(`Остаток ${i + 1}`, `Stock ${i + 1}`)}
                            value={v.stock}
                            aria-invalid={invalid(`variants.${i}.stock`) || undefined}
                            onChange={(e) => setVariant(i, { stock: e.target.value })}
                          />
                        )}
                      </td>
                      <td data-label={tr('Предзаказ', 'Pre-order')}>
                        <input
                          type="checkbox"
                          aria-label={tr(`Предзаказ ${v.size}`, `Pre-order ${v.size}`)}
                          checked={v.preorder}
                          disabled={!canEdit}
                          onChange={(e) => setVariant(i, { preorder: e.target.checked })}
                        />
                      </td>
                      <td data-label={tr('Сообщить о поступлении', 'Arrival notice')}>
                        <input
                          type="checkbox"
                          aria-label={tr(`Сообщить о поступлении ${v.size}`, `Arrival notice ${v.size}`)}
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
                            {tr('Убрать', 'Remove')}
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
                {tr('Добавить размер', 'Add a size')}
              </button>
            </p>
          )}
          {record && (
            <p className="adm-muted">
              {tr(
                'Остаток сохраняется сразу кнопкой рядом; размер из заказов удалить нельзя — поставьте 0 или скройте товар.',
                'Stock is saved at once by the button beside it; a size in orders cannot be removed — set 0 or hide the product.',
              )}{' '}
              {tr('Цена на сайте:', 'Price on the shop:')}{' '}
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
              {tr('Сразу показать на сайте', 'Show on the shop at once')}
            </label>
          )}
          <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={save}>
            {record ? tr('Сохранить', 'Save') : tr('Создать товар', 'Create the product')}
          </button>
        </div>
      )}
    </div>
  );
}
