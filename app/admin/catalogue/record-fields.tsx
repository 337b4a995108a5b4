import { useStaffText } from '../ui/staff-text.ts';
import type { L10n } from './types.ts';

/**
 * A text in both editions: a field per edition, each labelled with its language (`label('RU')`),
 * a one-line input or, `multiline`, a text area.
 */
export function LocalizedFields({
  label,
  value,
  onChange,
  disabled,
  multiline = false,
}: {
  label: (lang: string) => string;
  value: L10n;
  onChange: (next: L10n) => void;
  disabled: boolean;
  multiline?: boolean;
}) {
  return (['ru', 'en'] as const).map((lang) => {
    const text = label(lang.toUpperCase());
    const change = (next: string) => onChange({ ...value, [lang]: next });
    return multiline ? (
      <label key={lang} className="adm-field">
        {text}
        <textarea value={value[lang]} disabled={disabled} onChange={(e) => change(e.target.value)} />
      </label>
    ) : (
      <label key={lang} className="adm-field">
        {text}
        <input value={value[lang]} disabled={disabled} onChange={(e) => change(e.target.value)} />
      </label>
    );
  });
}

/** A record's save button and, where it can be deleted (`onDelete`), its delete button. */
export function SaveAndDelete({
  saving,
  onSave,
  deleting,
  onDelete,
  deleteLabel,
}: {
  saving: boolean;
  onSave: () => void;
  deleting: boolean;
  onDelete?: () => void;
  deleteLabel: string;
}) {
  const t = useStaffText();
  return (
    <>
      <button type="button" className="adm-btn adm-btn--primary" disabled={saving} onClick={onSave}>
        {t('cat.save')}
      </button>
      {onDelete && (
        <button type="button" className="adm-btn adm-btn--danger" disabled={deleting} onClick={onDelete}>
          {deleteLabel}
        </button>
      )}
    </>
  );
}
