import { useStaffText } from '../ui/staff-text.ts';

/** `79001234567` as `+7 900 123-45-67`; other lengths as `+digits`. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '';
  const m = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : `+${phone}`;
}

/** Whether a contact was proven by a code or a mailed password, or only typed in. */
export function ProvenBadge({ proven }: { proven: boolean }) {
  const t = useStaffText();
  return proven ? (
    <span className="adm-badge adm-badge--ok">{t('customer_page.proven')}</span>
  ) : (
    <span className="adm-badge adm-badge--muted">{t('customer_page.not_proven')}</span>
  );
}

export function fullName(c: { name: string; secondName: string }): string {
  return [c.secondName, c.name].filter(Boolean).join(' ');
}
