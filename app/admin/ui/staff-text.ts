import type { Locale } from '../../../core/i18n.ts';
import {
  type StaffMessageKey,
  type StaffMessageParams,
  type StaffPluralKey,
  staffMessage,
  staffPlural,
} from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';

/**
 * The staff member's texts from the catalogue (core/staff-messages.ts, issue 34), in their language:
 * `const t = useStaffText(); t('kit.empty')`, `t.plural('orders', 3)`.
 */
export type StaffText = ((key: StaffMessageKey, params?: StaffMessageParams) => string) & {
  locale: Locale;
  plural: (key: StaffPluralKey, count: number) => string;
};

export function useStaffText(): StaffText {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: StaffMessageParams) => staffMessage(key, locale, params);
  return Object.assign(t, {
    locale,
    plural: (key: StaffPluralKey, count: number) => staffPlural(key, count, locale),
  });
}
