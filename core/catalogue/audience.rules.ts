/**
 * Who a product is for, as the marketplace feeds state it (docs/product/feeds.md): Google Merchant's
 * `age_group` and `gender` values. A category carries them for its products, a product may override
 * them, and a category without its own takes its parent's.
 */
export const ageGroups = ['newborn', 'infant', 'toddler', 'kids', 'adult'] as const;
export type AgeGroup = (typeof ageGroups)[number];
export const genders = ['male', 'female', 'unisex'] as const;
export type Gender = (typeof genders)[number];

/** The back office's Russian names of the values. */
export const ageGroupLabels: Record<AgeGroup, string> = {
  newborn: 'Новорождённые (до 3 месяцев)',
  infant: 'Младенцы (3–12 месяцев)',
  toddler: 'Малыши (1–5 лет)',
  kids: 'Дети (5–13 лет)',
  adult: 'Взрослые',
};
export const genderLabels: Record<Gender, string> = {
  male: 'Мужчины',
  female: 'Женщины',
  unisex: 'Унисекс',
};

/** The same names in the back office's English interface. */
export const ageGroupLabelsEn: Record<AgeGroup, string> = {
  newborn: 'Newborn (up to 3 months)',
  infant: 'Infant (3–12 months)',
  toddler: 'Toddler (1–5 years)',
  kids: 'Kids (5–13 years)',
  adult: 'Adults',
};
export const genderLabelsEn: Record<Gender, string> = {
  male: 'Men',
  female: 'Women',
  unisex: 'Unisex',
};

export interface Audience {
  ageGroup: AgeGroup;
  gender: Gender;
}

/** What is stated when neither the product nor any of its categories says: adults, either sex. */
export const defaultAudience: Audience = { ageGroup: 'adult', gender: 'unisex' };

interface AudienceSource {
  ageGroup: AgeGroup | null;
  gender: Gender | null;
}

/**
 * A product's audience: each value from the product, else its category, else the nearest ancestor
 * that has one, else {@link defaultAudience}. `categories` is the chain from the product's own
 * category up to the top.
 */
export function effectiveAudience(product: AudienceSource, categories: AudienceSource[]): Audience {
  const first = <K extends keyof AudienceSource>(key: K) =>
    [product, ...categories].map((s) => s[key]).find((v) => v !== null) ?? null;
  return {
    ageGroup: first('ageGroup') ?? defaultAudience.ageGroup,
    gender: first('gender') ?? defaultAudience.gender,
  };
}
