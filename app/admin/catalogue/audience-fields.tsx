import {
  type AgeGroup,
  ageGroupLabels,
  ageGroupLabelsEn,
  ageGroups,
  type Gender,
  genderLabels,
  genderLabelsEn,
  genders,
} from '../../../core/catalogue/audience.rules.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';

/** Who a product or a category is for, as the marketplace feeds say it; '' is the empty choice. */
export interface AudienceDraft {
  ageGroup: AgeGroup | '';
  gender: Gender | '';
}

export const audienceDraft = (v: { ageGroup: AgeGroup | null; gender: Gender | null }): AudienceDraft => ({
  ageGroup: v.ageGroup ?? '',
  gender: v.gender ?? '',
});

export const ageGroupName = (v: AgeGroup, locale: 'ru' | 'en') =>
  (locale === 'en' ? ageGroupLabelsEn : ageGroupLabels)[v];
export const genderName = (v: Gender, locale: 'ru' | 'en') =>
  (locale === 'en' ? genderLabelsEn : genderLabels)[v];

/**
 * The age group and gender selects of the category and product forms. `empty` names the empty
 * choice (a product's «Как у категории», a category's «Не задано»), `inherited` what it gives.
 */
export function AudienceFields({
  value,
  onChange,
  empty,
  inherited,
  disabled,
  invalid,
}: {
  value: AudienceDraft;
  onChange: (value: AudienceDraft) => void;
  empty: string;
  inherited?: { ageGroup: AgeGroup; gender: Gender };
  disabled?: boolean;
  /** Marks the field a refusal named. */
  invalid?: (field: 'ageGroup' | 'gender') => boolean | undefined;
}) {
  const locale = useAdminLocale();
  const emptyOf = (name: string | undefined) => (name ? `${empty} (${name})` : empty);
  return (
    <>
      <label className="adm-field" data-invalid={invalid?.('ageGroup') || undefined}>
        {staffMessage('cat.audience.age_group', locale)}
        <select
          name="ageGroup"
          value={value.ageGroup}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, ageGroup: e.target.value as AgeGroup | '' })}
        >
          <option value="">{emptyOf(inherited && ageGroupName(inherited.ageGroup, locale))}</option>
          {ageGroups.map((v) => (
            <option key={v} value={v}>
              {ageGroupName(v, locale)}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-field" data-invalid={invalid?.('gender') || undefined}>
        {staffMessage('cat.audience.gender', locale)}
        <select
          name="gender"
          value={value.gender}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, gender: e.target.value as Gender | '' })}
        >
          <option value="">{emptyOf(inherited && genderName(inherited.gender, locale))}</option>
          {genders.map((v) => (
            <option key={v} value={v}>
              {genderName(v, locale)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
