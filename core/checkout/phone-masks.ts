/**
 * Phone masks of the contact form's country picker (checkout.md §3, §5; catalogue.md §3): `#` is a
 * digit. Russia first and the default; the US and Canada share +1. Kazakhstan shares +7 with Russia
 * and keeps its own entry, told apart by name.
 */
export interface PhoneMask {
  cc: string;
  name_en: string;
  name_ru: string;
  mask: string;
  description: string;
}

export const phoneMasks: readonly PhoneMask[] = [
  { cc: 'RU', name_en: 'Russia', name_ru: 'Россия', mask: '+7(###)###-##-##', description: '' },
  { cc: 'KZ', name_en: 'Kazakhstan', name_ru: 'Казахстан', mask: '+7(###)###-##-##', description: '' },
  { cc: 'BY', name_en: 'Belarus', name_ru: 'Беларусь', mask: '+375(##)###-##-##', description: '' },
  { cc: 'AM', name_en: 'Armenia', name_ru: 'Армения', mask: '+374(##)###-###', description: '' },
  { cc: 'AZ', name_en: 'Azerbaijan', name_ru: 'Азербайджан', mask: '+994(##)###-##-##', description: '' },
  { cc: 'GE', name_en: 'Georgia', name_ru: 'Грузия', mask: '+995(###)###-###', description: '' },
  { cc: 'KG', name_en: 'Kyrgyzstan', name_ru: 'Киргизия', mask: '+996(###)###-###', description: '' },
  { cc: 'UZ', name_en: 'Uzbekistan', name_ru: 'Узбекистан', mask: '+998(##)###-##-##', description: '' },
  { cc: 'TJ', name_en: 'Tajikistan', name_ru: 'Таджикистан', mask: '+992(##)###-####', description: '' },
  { cc: 'MD', name_en: 'Moldova', name_ru: 'Молдова', mask: '+373(####)####', description: '' },
  {
    cc: 'US',
    name_en: 'USA and Canada',
    name_ru: 'США и Канада',
    mask: '+1(###)###-####',
    description: 'US, CA',
  },
  {
    cc: 'GB',
    name_en: 'United Kingdom',
    name_ru: 'Великобритания',
    mask: '+44(####)###-###',
    description: '',
  },
  { cc: 'DE', name_en: 'Germany', name_ru: 'Германия', mask: '+49(####)###-####', description: '' },
  { cc: 'FR', name_en: 'France', name_ru: 'Франция', mask: '+33(###)###-###', description: '' },
  { cc: 'IT', name_en: 'Italy', name_ru: 'Италия', mask: '+39(###)####-###', description: '' },
  { cc: 'ES', name_en: 'Spain', name_ru: 'Испания', mask: '+34(###)###-###', description: '' },
  { cc: 'NL', name_en: 'Netherlands', name_ru: 'Нидерланды', mask: '+31(##)###-####', description: '' },
  { cc: 'CH', name_en: 'Switzerland', name_ru: 'Швейцария', mask: '+41(##)###-####', description: '' },
  { cc: 'AE', name_en: 'United Arab Emirates', name_ru: 'ОАЭ', mask: '+971(#)###-####', description: '' },
  { cc: 'TR', name_en: 'Turkey', name_ru: 'Турция', mask: '+90(###)###-####', description: '' },
  { cc: 'IL', name_en: 'Israel', name_ru: 'Израиль', mask: '+972(#)###-####', description: '' },
  { cc: 'CY', name_en: 'Cyprus', name_ru: 'Кипр', mask: '+357(##)###-###', description: '' },
  { cc: 'RS', name_en: 'Serbia', name_ru: 'Сербия', mask: '+381(##)###-####', description: '' },
  { cc: 'TH', name_en: 'Thailand', name_ru: 'Таиланд', mask: '+66(##)###-####', description: '' },
  { cc: 'CN', name_en: 'China', name_ru: 'Китай', mask: '+86(###)####-####', description: '' },
];

export const DEFAULT_PHONE_MASK: PhoneMask = phoneMasks[0] as PhoneMask;

/** The number of digits a mask takes, country code included. */
export function maskDigitCount(mask: string): number {
  return (mask.match(/[#\d]/g) ?? []).length;
}

/** The country-code digits a mask starts with (`+7(###)…` → `7`). */
export function maskPrefixDigits(mask: string): string {
  return mask.match(/^\+(\d+)/)?.[1] ?? '';
}

export function phoneMaskByCode(cc: string): PhoneMask | undefined {
  return phoneMasks.find((m) => m.cc === cc);
}
