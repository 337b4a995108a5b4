import { useState } from 'react';
import { taxationSystems, vatRates } from '../../../core/content/settings.schemas.ts';
import {
  type TaxationSystem,
  taxationLabels,
  type VatRate,
  vatRateLabels,
} from '../../../core/orders/receipt-settings.rules.ts';
import { adminApi } from '../api.ts';
import { useAdminLocale, useTr } from '../i18n.ts';
import { Field, SaveStatus, useSave } from './form.tsx';
import type { SettingsRecord } from './types.ts';

/** A VAT rate's name as staff read it («НДС 20 %», «Без НДС»). */
export const vatRateName = (v: VatRate, locale: 'ru' | 'en') => vatRateLabels[v][locale];

/**
 * The VAT select of the category and product forms: every rate the acquirer takes under its Russian
 * name; `empty` names the empty choice («Как у категории», «Как в настройках») with what it gives.
 */
export function VatRateSelect({
  value,
  onChange,
  empty,
  inherited,
  disabled,
  invalid,
}: {
  value: VatRate | '';
  onChange: (value: VatRate | '') => void;
  empty: string;
  inherited?: VatRate;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const tr = useTr();
  const locale = useAdminLocale();
  return (
    <label className="adm-field" data-invalid={invalid || undefined}>
      {tr('НДС в чеке', 'VAT on the receipt')}
      <select
        name="vatRate"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as VatRate | '')}
      >
        <option value="">{inherited ? `${empty} (${vatRateName(inherited, locale)})` : empty}</option>
        {vatRates.map((v) => (
          <option key={v} value={v}>
            {vatRateName(v, locale)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The receipts group of the settings (`main.receipt`, DECISIONS 36, docs/product/receipts.md): the
 * shop's taxation system and the VAT rate of delivery and of every product whose category names none.
 */
export function ReceiptsGroup({
  docs,
  onSaved,
  onReload,
}: {
  docs: Record<SettingsRecord['id'], SettingsRecord>;
  onSaved: (r: SettingsRecord) => void;
  onReload: (message: string) => void;
}) {
  const tr = useTr();
  const locale = useAdminLocale();
  const main = docs.main;
  const current = main.document.receipt as { taxation: TaxationSystem; vat: VatRate } | undefined;
  const [taxation, setTaxation] = useState<TaxationSystem | ''>(current?.taxation ?? '');
  const [vat, setVat] = useState<VatRate | ''>(current?.vat ?? '');
  const save = useSave();
  const title = tr('Чеки (54-ФЗ)', 'Receipts (54-FZ)');
  const missing =
    taxation === '' || vat === ''
      ? {
          field: taxation === '' ? 'receipt.taxation' : 'receipt.vat',
          message: tr('Выберите значение', 'Choose a value'),
        }
      : null;
  const [shown, setShown] = useState<typeof missing>(null);
  async function submit() {
    setShown(missing);
    if (missing) return;
    const saved = await save.run(
      async () =>
        (
          await adminApi<{ record: SettingsRecord }>(`/api/admin/settings/${main.id}`, {
            method: 'PUT',
            body: { updatedAt: main.updatedAt, values: { receipt: { taxation, vat } } },
          })
        ).record,
      (message) => onReload(message),
    );
    if (saved) onSaved(saved);
  }
  const problem = shown ?? save.problem;
  return (
    <form
      className="adm-card adm-cnt__group"
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{title}</h2>
      {current ? null : (
        <p className="adm-error" role="alert">
          {tr(
            'Не задано: чеки уходят с «УСН доход» и «Без НДС».',
            'Not set: receipts go with “simplified, income” and “no VAT”.',
          )}
        </p>
      )}
      <div className="adm-cnt__form">
        <Field
          label={tr('Система налогообложения', 'Taxation system')}
          name="receipt.taxation"
          problem={problem}
        >
          <select
            name="taxation"
            value={taxation}
            onChange={(e) => setTaxation(e.target.value as TaxationSystem | '')}
          >
            <option value="">{tr('Не задана', 'Not set')}</option>
            {taxationSystems.map((t) => (
              <option key={t} value={t}>
                {taxationLabels[t][locale]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={tr('НДС по умолчанию', 'Default VAT')}
          name="receipt.vat"
          problem={problem}
          hint={tr(
            'Доставка и товары, у категории которых ставка не задана. Товар и категорию можно настроить отдельно',
            'Delivery, and goods whose category names no rate. A product or a category can have its own',
          )}
        >
          <select name="vat" value={vat} onChange={(e) => setVat(e.target.value as VatRate | '')}>
            <option value="">{tr('Не задан', 'Not set')}</option>
            {vatRates.map((v) => (
              <option key={v} value={v}>
                {vatRateName(v, locale)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="adm-cnt__actions">
        <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
          {tr('Сохранить', 'Save')}
        </button>
        <SaveStatus busy={save.busy} done={save.done} problem={save.problem} />
      </div>
    </form>
  );
}
