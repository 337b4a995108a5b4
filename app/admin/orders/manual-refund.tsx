import { type ReactNode, useRef } from 'react';
import { useStaffText } from '../ui/staff-text.ts';

/**
 * «Сделано вручную» for a refund (docs/product/refunds.md): one dialog says that the bank will not get
 * it again and takes how the money went back (optional), asked with the screen's own `ask` of
 * `useConfirm` (../ui/confirm-dialog.tsx); `await askNote()` is the note, or null when cancelled.
 */
export function useManualRefund(
  ask: (q: { title: string; text?: ReactNode; confirm?: string; danger?: boolean }) => Promise<boolean>,
): () => Promise<string | null> {
  const t = useStaffText();
  const note = useRef('');
  async function askNote(): Promise<string | null> {
    note.current = '';
    const yes = await ask({
      title: t('refunds.manual'),
      text: (
        <>
          <p>{t('refunds.manual_confirm')}</p>
          <label className="adm-field">
            {t('refunds.manual_note')}
            <input
              name="note"
              maxLength={500}
              onChange={(e) => {
                note.current = e.target.value;
              }}
            />
          </label>
        </>
      ),
      confirm: t('refunds.manual'),
      danger: true,
    });
    return yes ? note.current.trim() : null;
  }
  return askNote;
}
