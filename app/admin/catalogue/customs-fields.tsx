import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';

/** The form's customs data: empty strings stand for "as the category" (or the parent). */
export interface CustomsDraft {
  hsCode: string;
  originCountry: string;
}

export const customsDraft = (row: {
  hsCode?: string | null;
  originCountry?: string | null;
}): CustomsDraft => ({
  hsCode: row.hsCode ?? '',
  originCountry: row.originCountry ?? '',
});

/** What a category chain gives a product or category with none of its own (nearest first). */
export function inheritedCustoms(
  chain: readonly { hsCode?: string | null; originCountry?: string | null }[],
): { hsCode: string | null; originCountry: string | null } {
  return {
    hsCode: chain.find((c) => c.hsCode)?.hsCode ?? null,
    originCountry: chain.find((c) => c.originCountry)?.originCountry ?? null,
  };
}

/**
 * The HS (ТН ВЭД) code and the country of manufacture on the category and product forms
 * (docs/product/shipping-desk.md): parcels abroad are declared with them. Empty takes the category's
 * (or the parent's) value, which the field shows as its hint.
 */
export function CustomsFields({
  value,
  onChange,
  inherit,
  inherited,
  disabled,
  invalid,
}: {
  value: CustomsDraft;
  onChange: (value: CustomsDraft) => void;
  inherit: 'category' | 'parent';
  inherited: { hsCode: string | null; originCountry: string | null };
  disabled?: boolean;
  invalid?: (field: 'hsCode' | 'originCountry') => boolean | undefined;
}) {
  const locale = useAdminLocale();
  const hint = (given: string | null) =>
    given
      ? staffMessage(inherit === 'category' ? 'customs.as_category' : 'customs.as_parent', locale, {
          value: given,
        })
      : staffMessage('customs.not_set', locale);
  return (
    <>
      <label className="adm-field adm-field--short">
        {staffMessage('customs.hs_code', locale)}
        <input
          name="hsCode"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={value.hsCode}
          placeholder={hint(inherited.hsCode)}
          disabled={disabled}
          aria-invalid={invalid?.('hsCode') || undefined}
          onChange={(e) => onChange({ ...value, hsCode: e.target.value })}
        />
      </label>
      <label className="adm-field adm-field--short">
        {staffMessage('customs.origin_country', locale)}
        <input
          name="originCountry"
          autoComplete="off"
          maxLength={2}
          value={value.originCountry}
          placeholder={hint(inherited.originCountry)}
          disabled={disabled}
          aria-invalid={invalid?.('originCountry') || undefined}
          onChange={(e) => onChange({ ...value, originCountry: e.target.value.toUpperCase() })}
        />
      </label>
    </>
  );
}
