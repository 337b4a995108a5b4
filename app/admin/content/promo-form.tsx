import { useState } from 'react';
import type { z } from 'zod';
import type { PromoKind, PromoScope } from '../../../core/orders/promo.rules.ts';
import {
  PROMO_BATCH_MAX,
  promoBatchBody,
  promoCreateBody,
  promoUpdateBody,
} from '../../../core/orders/promo-admin.schemas.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { adminApi } from '../api.ts';
import { type AdminLocale, useAdminLocale, useTr } from '../i18n.ts';
import { Field, kopecks, roubles, type SaveProblem, SaveStatus, useSave, whole } from './form.tsx';
import type { PromoBatchView, PromoCode } from './types.ts';

/** The categories and collections a code may be limited to, by name (`/api/admin/catalogue/options`). */
export interface ScopeOptions {
  categories: { slug: string; name: { ru: string; en: string }; parentSlug: string | null }[];
  collections: { slug: string; name: { ru: string; en: string } }[];
}

/** `datetime-local` shows the browser's clock; the API takes an instant. */
const toInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** The fields every code and every batch share: what it gives, on what, when and to whom. */
interface OfferForm {
  kind: PromoKind;
  percent: string;
  /** Roubles, as typed. */
  amount: string;
  minOrder: string;
  categories: string[];
  collections: string[];
  /** Product addresses, separated by commas or spaces. */
  products: string;
  startsAt: string;
  endsAt: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  active: boolean;
}

function offerForm(p: PromoCode | null): OfferForm {
  return {
    kind: p?.kind ?? 'percent',
    percent: p && p.kind === 'percent' ? String(p.percent) : p ? '' : '10',
    amount: roubles(p?.amount),
    minOrder: roubles(p?.minOrder),
    categories: p?.limitTo.categories ?? [],
    collections: p?.limitTo.collections ?? [],
    products: p?.limitTo.products.join(', ') ?? '',
    startsAt: toInput(p?.startsAt ?? null),
    endsAt: toInput(p?.endsAt ?? null),
    perCustomerLimit: p?.perCustomerLimit == null ? '' : String(p.perCustomerLimit),
    firstOrderOnly: p?.firstOrderOnly ?? false,
    active: p?.active ?? true,
  };
}

/** The offer as the API takes it (sums in kopecks). */
function offerBody(f: OfferForm) {
  const scope: PromoScope = {
    categories: f.categories,
    collections: f.collections,
    products: f.products.split(/[\s,;]+/).filter(Boolean),
  };
  return {
    kind: f.kind,
    percent: f.kind === 'percent' ? whole(f.percent) : null,
    amount: f.kind === 'amount' ? kopecks(f.amount) : null,
    minOrder: kopecks(f.minOrder),
    limitTo: scope,
    active: f.active,
    startsAt: fromInput(f.startsAt),
    endsAt: fromInput(f.endsAt),
    perCustomerLimit: whole(f.perCustomerLimit),
    firstOrderOnly: f.firstOrderOnly,
  };
}

/** The field names staff read, for a value the shared schema refuses before anything is sent. */
function fieldLabel(field: string, tr: (ru: string, en: string) => string): string {
  const labels: Record<string, [string, string]> = {
    code: ['Код', 'Code'],
    kind: ['Вид скидки', 'Kind of discount'],
    percent: ['Скидка, %', 'Discount, %'],
    amount: ['Скидка, ₽', 'Discount, ₽'],
    minOrder: ['Заказ от, ₽', 'Order from, ₽'],
    'limitTo.categories': ['Только категории', 'Categories only'],
    'limitTo.collections': ['Только подборки', 'Collections only'],
    'limitTo.products': ['Только товары', 'Products only'],
    startsAt: ['Действует с', 'Valid from'],
    endsAt: ['Действует до', 'Valid until'],
    usageLimit: ['Лимит заказов всего', 'Orders allowed in all'],
    perCustomerLimit: ['Лимит на покупателя', 'Orders per customer'],
    phone: ['Только для телефона', 'Only for the phone'],
    prefix: ['Начало кодов', 'Codes start with'],
    count: ['Сколько кодов', 'How many codes'],
  };
  const [ru, en] = labels[field] ?? labels[field.split('.').slice(0, 2).join('.')] ?? ['', ''];
  return tr(ru, en);
}

/**
 * Checks the body with the schema the API parses it with (core/orders/promo-admin.schemas.ts), so a
 * bad value is named beside its field before the request; null when it passes.
 */
function localProblem(
  schema: z.ZodType,
  body: unknown,
  tr: (ru: string, en: string) => string,
): SaveProblem | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const path = (issue?.path ?? []).map(String);
  const field = path[0] === 'limitTo' ? path.slice(0, 2).join('.') : (path[0] ?? '');
  const label = fieldLabel(field, tr);
  return {
    field,
    message: label
      ? tr(`Неверное значение поля «${label}»`, `Invalid value of ${label}`)
      : tr('Проверьте значения', 'Check the values'),
  };
}

/** The kind of a code in words: «Скидка в процентах · 10 %», «Скидка суммой · 1 500 ₽». */
export function offerText(p: Pick<PromoCode, 'kind' | 'percent' | 'amount'>, locale: AdminLocale): string {
  const kind = staffMessage(`promo.kind.${p.kind}`, locale);
  if (p.kind === 'percent') return `${kind} · ${p.percent}\u00a0%`;
  if (p.kind === 'amount') return `${kind} · ${formatRoubles(p.amount ?? 0, locale)}`;
  return kind;
}

function formatRoubles(minor: number, locale: AdminLocale) {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    style: 'currency',
    currency: 'RUB',
    maximumFractionDigits: minor % 100 === 0 ? 0 : 2,
  }).format(minor / 100);
}

/** What a code gives, on what and from what order: the fields a single code and a batch share. */
function OfferFields({
  form,
  set,
  problem,
  options,
}: {
  form: OfferForm;
  set: (patch: Partial<OfferForm>) => void;
  problem: SaveProblem | null;
  options: ScopeOptions;
}) {
  const tr = useTr();
  const locale = useAdminLocale();
  const toggle = (list: string[], slug: string, on: boolean) =>
    on ? [...list, slug] : list.filter((s) => s !== slug);
  // The categories as a tree: each parent followed by those below it, indented.
  const tree: { slug: string; name: { ru: string; en: string }; depth: number }[] = [];
  const place = (parent: string | null, depth: number) => {
    for (const c of options.categories.filter((x) => x.parentSlug === parent)) {
      if (depth > 5 || tree.some((t) => t.slug === c.slug)) continue;
      tree.push({ slug: c.slug, name: c.name, depth });
      place(c.slug, depth + 1);
    }
  };
  place(null, 0);
  for (const c of options.categories) {
    if (!tree.some((t) => t.slug === c.slug)) tree.push({ slug: c.slug, name: c.name, depth: 0 });
  }
  const scopeError = (field: string) =>
    problem?.field === field ? (
      <span className="adm-error adm-cnt__field-error" role="alert">
        {problem.message}
      </span>
    ) : null;
  return (
    <>
      <Field label={tr('Вид скидки', 'Kind of discount')} name="kind" problem={problem}>
        <select value={form.kind} onChange={(e) => set({ kind: e.target.value as PromoKind })}>
          {(['percent', 'amount', 'free_delivery'] as const).map((k) => (
            <option key={k} value={k}>
              {staffMessage(`promo.kind.${k}`, locale)}
            </option>
          ))}
        </select>
      </Field>
      {form.kind === 'percent' ? (
        <Field label={tr('Скидка, %', 'Discount, %')} name="percent" problem={problem}>
          <input
            type="number"
            min={1}
            max={100}
            value={form.percent}
            onChange={(e) => set({ percent: e.target.value })}
          />
        </Field>
      ) : null}
      {form.kind === 'amount' ? (
        <Field
          label={tr('Скидка, ₽', 'Discount, ₽')}
          name="amount"
          problem={problem}
          hint={tr('не больше суммы товаров', 'never above the goods')}
        >
          <input inputMode="decimal" value={form.amount} onChange={(e) => set({ amount: e.target.value })} />
        </Field>
      ) : null}
      <Field
        label={tr('Заказ от, ₽', 'Order from, ₽')}
        name="minOrder"
        problem={problem}
        hint={tr('сумма товаров до скидки; пусто — любой', 'goods before the discount; empty: any')}
      >
        <input
          inputMode="decimal"
          value={form.minOrder}
          onChange={(e) => set({ minOrder: e.target.value })}
        />
      </Field>
      <Field label={tr('Действует с', 'Valid from')} name="startsAt" problem={problem}>
        <input
          type="datetime-local"
          value={form.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
        />
      </Field>
      <Field label={tr('Действует до', 'Valid until')} name="endsAt" problem={problem}>
        <input type="datetime-local" value={form.endsAt} onChange={(e) => set({ endsAt: e.target.value })} />
      </Field>
      <Field
        label={tr('Лимит на покупателя', 'Orders per customer')}
        name="perCustomerLimit"
        problem={problem}
        hint={tr(
          '1 — один раз; покупатель узнаётся по телефону, почте или кабинету; пусто — без лимита',
          '1: once; a customer is known by phone, e-mail or account; empty: no limit',
        )}
      >
        <input
          type="number"
          min={1}
          value={form.perCustomerLimit}
          onChange={(e) => set({ perCustomerLimit: e.target.value })}
        />
      </Field>
      <fieldset className="adm-cnt__wide adm-promo__scope" aria-describedby="promo-scope-hint">
        <legend>{tr('На какие товары', 'Which items')}</legend>
        <p id="promo-scope-hint" className="adm-cnt__hint adm-muted">
          {tr(
            'Ничего не выбрано — на всю корзину. Скидка идёт только на выбранные товары без своей скидки.',
            'Nothing chosen: the whole cart. The discount falls on the chosen items without their own discount.',
          )}
        </p>
        <div className="adm-promo__lists">
          <fieldset className="adm-promo__sublist">
            <legend className="adm-promo__list-title">{tr('Только категории', 'Categories only')}</legend>
            <div className="adm-promo__list">
              {tree.map((c) => (
                <label key={c.slug} className="adm-cnt__check" style={{ paddingLeft: `${c.depth * 14}px` }}>
                  <input
                    type="checkbox"
                    checked={form.categories.includes(c.slug)}
                    onChange={(e) => set({ categories: toggle(form.categories, c.slug, e.target.checked) })}
                  />
                  {c.name[locale] || c.name.ru}
                </label>
              ))}
            </div>
            {scopeError('limitTo.categories')}
          </fieldset>
          <fieldset className="adm-promo__sublist">
            <legend className="adm-promo__list-title">{tr('Только подборки', 'Collections only')}</legend>
            <div className="adm-promo__list">
              {options.collections.length === 0 ? (
                <span className="adm-muted">{tr('Подборок нет', 'No collections')}</span>
              ) : (
                options.collections.map((c) => (
                  <label key={c.slug} className="adm-cnt__check">
                    <input
                      type="checkbox"
                      checked={form.collections.includes(c.slug)}
                      onChange={(e) =>
                        set({ collections: toggle(form.collections, c.slug, e.target.checked) })
                      }
                    />
                    {c.name[locale] || c.name.ru}
                  </label>
                ))
              )}
            </div>
            {scopeError('limitTo.collections')}
          </fieldset>
        </div>
        <Field
          label={tr('Только товары', 'Products only')}
          name="limitTo.products"
          problem={problem}
          hint={tr(
            'адреса товаров из ссылки /products/…, через запятую',
            'product addresses from their /products/… links, separated by commas',
          )}
          wide
        >
          <input value={form.products} onChange={(e) => set({ products: e.target.value })} />
        </Field>
      </fieldset>
      <label className="adm-cnt__check">
        <input
          type="checkbox"
          checked={form.firstOrderOnly}
          onChange={(e) => set({ firstOrderOnly: e.target.checked })}
        />
        {tr('Только на первый заказ', 'First order only')}
      </label>
      <label className="adm-cnt__check">
        <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
        {tr('Включён', 'Enabled')}
      </label>
    </>
  );
}

/** Creates a promo code (no `promo`) or edits one over the version shown (DECISIONS 31). */
export function PromoForm({
  promo,
  options,
  onSaved,
}: {
  promo: PromoCode | null;
  options: ScopeOptions;
  onSaved: (saved: PromoCode) => void;
}) {
  const tr = useTr();
  const save = useSave();
  const [local, setLocal] = useState<SaveProblem | null>(null);
  const [shown, setShown] = useState(promo);
  const [form, setForm] = useState(() => ({
    ...offerForm(promo),
    code: promo?.code ?? '',
    usageLimit: promo?.usageLimit == null ? '' : String(promo.usageLimit),
    phone: promo?.phone ?? '',
  }));
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const fill = (p: PromoCode) => {
    setShown(p);
    setForm({
      ...offerForm(p),
      code: p.code,
      usageLimit: p.usageLimit === null ? '' : String(p.usageLimit),
      phone: p.phone ?? '',
    });
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const fields = {
      ...offerBody(form),
      usageLimit: whole(form.usageLimit),
      phone: form.phone.trim() || null,
    };
    const body = shown ? { ...fields, updatedAt: shown.updatedAt } : { ...fields, code: form.code };
    const problem = localProblem(shown ? promoUpdateBody : promoCreateBody, body, tr);
    setLocal(problem);
    if (problem) return;
    const saved = await save.run(
      async () =>
        shown
          ? (
              await adminApi<{ promo: PromoCode }>(
                `/api/admin/promo-codes/${encodeURIComponent(shown.code)}`,
                {
                  method: 'PUT',
                  body,
                },
              )
            ).promo
          : (await adminApi<{ promo: PromoCode }>('/api/admin/promo-codes', { method: 'POST', body })).promo,
      async () => {
        if (shown)
          fill(
            (await adminApi<{ promo: PromoCode }>(`/api/admin/promo-codes/${encodeURIComponent(shown.code)}`))
              .promo,
          );
      },
    );
    if (saved) {
      fill(saved);
      onSaved(saved);
    }
  }

  const p = local ?? save.problem;
  return (
    <form className="adm-card" onSubmit={submit} noValidate aria-label={tr('Промокод', 'Promo code')}>
      <div className="adm-cnt__form">
        <Field label={tr('Код', 'Code')} name="code" problem={p}>
          <input
            value={form.code}
            onChange={(e) => set({ code: e.target.value })}
            readOnly={Boolean(shown)}
            maxLength={40}
            autoCapitalize="characters"
            required
          />
        </Field>
        <OfferFields form={form} set={set} problem={p} options={options} />
        <Field
          label={tr('Лимит заказов всего', 'Orders allowed in all')}
          name="usageLimit"
          problem={p}
          hint={tr('пусто — без лимита', 'empty: no limit')}
        >
          <input
            type="number"
            min={1}
            value={form.usageLimit}
            onChange={(e) => set({ usageLimit: e.target.value })}
          />
        </Field>
        <Field
          label={tr('Только для телефона', 'Only for the phone')}
          name="phone"
          problem={p}
          hint={tr('пусто — для всех', 'empty: anyone')}
        >
          <input type="tel" value={form.phone} onChange={(e) => set({ phone: e.target.value })} />
        </Field>
      </div>
      <div className="adm-cnt__actions">
        <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
          {shown ? tr('Сохранить', 'Save') : tr('Создать промокод', 'Create promo code')}
        </button>
        {shown ? (
          <span className="adm-muted">
            {tr('Использован', 'Used')}: {shown.usedCount}
            {shown.usageLimit !== null ? ` / ${shown.usageLimit}` : ''}
          </span>
        ) : null}
        <SaveStatus busy={save.busy} done={save.done} problem={p} />
      </div>
    </form>
  );
}

/**
 * A campaign's batch: N single-use codes with a common start and the same offer, then their CSV to
 * download (docs/product/promo-codes.md).
 */
export function PromoBatchForm({
  options,
  onMade,
}: {
  options: ScopeOptions;
  onMade: (batch: PromoBatchView) => void;
}) {
  const tr = useTr();
  const locale = useAdminLocale();
  const save = useSave();
  const [local, setLocal] = useState<SaveProblem | null>(null);
  const [made, setMade] = useState<PromoBatchView | null>(null);
  const [form, setForm] = useState(() => ({ ...offerForm(null), prefix: '', count: '100' }));
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { ...offerBody(form), prefix: form.prefix, count: whole(form.count) };
    const problem = localProblem(promoBatchBody, body, tr);
    setLocal(problem);
    if (problem) return;
    const batch = await save.run(
      async () =>
        (await adminApi<{ batch: PromoBatchView }>('/api/admin/promo-batches', { method: 'POST', body }))
          .batch,
    );
    if (batch) {
      setMade(batch);
      onMade(batch);
    }
  }

  const p = local ?? save.problem;
  return (
    <form
      className="adm-card"
      onSubmit={submit}
      noValidate
      aria-label={tr('Партия промокодов', 'Promo code batch')}
    >
      <div className="adm-cnt__form">
        <Field
          label={tr('Начало кодов', 'Codes start with')}
          name="prefix"
          problem={p}
          hint={tr('буквы и цифры, например VESNA', 'letters and digits, e.g. SPRING')}
        >
          <input
            value={form.prefix}
            onChange={(e) => set({ prefix: e.target.value })}
            maxLength={20}
            autoCapitalize="characters"
            required
          />
        </Field>
        <Field
          label={tr('Сколько кодов', 'How many codes')}
          name="count"
          problem={p}
          hint={tr(
            `каждый на один заказ; до ${PROMO_BATCH_MAX}`,
            `each for one order; up to ${PROMO_BATCH_MAX}`,
          )}
        >
          <input
            type="number"
            min={1}
            max={PROMO_BATCH_MAX}
            value={form.count}
            onChange={(e) => set({ count: e.target.value })}
          />
        </Field>
        <OfferFields form={form} set={set} problem={p} options={options} />
      </div>
      <div className="adm-cnt__actions">
        <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
          {tr('Создать коды', 'Make the codes')}
        </button>
        {made && !save.busy ? (
          <>
            <span className="adm-ok" role="status">
              {tr(`Создано кодов: ${made.count}`, `Codes made: ${made.count}`)}
            </span>
            <a
              className="adm-btn"
              href={`/api/admin/promo-batches/${made.id}/codes.csv?lang=${locale}`}
              download
            >
              {tr('Скачать CSV', 'Download CSV')}
            </a>
          </>
        ) : (
          <SaveStatus busy={save.busy} done={false} problem={p} />
        )}
      </div>
    </form>
  );
}
