import { useId, useState } from 'react';
import { AdminApiError, adminApi, errorText } from '../api.ts';
import { useTr } from '../i18n.ts';
import { ErrorNote, StatusNote } from '../ui/notes.tsx';

interface Side {
  builtIn: string;
  override: { value: string; updatedAt: string } | null;
}

export interface MessageTextRowData {
  key: string;
  about: [string, string];
  ru: Side;
  en: Side;
}

/** One text of the shop's messages in both languages: the built-in wording beside the staff one. */
export function MessageTextRow({ row, onChanged }: { row: MessageTextRowData; onChanged(): Promise<void> }) {
  const tr = useTr();
  return (
    <div className="adm-card adm-msg__row">
      <h2>
        {tr(...row.about)} <code className="adm-muted">{row.key}</code>
      </h2>
      <div className="adm-msg__sides">
        <TextSide textKey={row.key} locale="ru" side={row.ru} onChanged={onChanged} />
        <TextSide textKey={row.key} locale="en" side={row.en} onChanged={onChanged} />
      </div>
    </div>
  );
}

function TextSide({
  textKey,
  locale,
  side,
  onChanged,
}: {
  textKey: string;
  locale: 'ru' | 'en';
  side: Side;
  onChanged(): Promise<void>;
}) {
  const tr = useTr();
  const id = useId();
  const current = side.override?.value ?? side.builtIn;
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // The saved wording changed under the editor (a save, a reset, another staff member): show it.
  if (current !== shown) {
    setShown(current);
    setValue(current);
  }

  async function run(call: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError('');
    setNote('');
    try {
      await call();
      setNote(done);
    } catch (e) {
      setError(
        e instanceof AdminApiError && e.status === 409
          ? `${e.message}. ${tr('Показан сохранённый вариант.', 'The saved one is shown.')}`
          : errorText(e),
      );
    } finally {
      await onChanged();
      setBusy(false);
    }
  }
  const save = () =>
    run(
      () =>
        adminApi('/api/admin/message-texts', {
          method: 'PUT',
          body: { locale, key: textKey, value, updatedAt: side.override?.updatedAt ?? null },
        }),
      tr('Сохранено', 'Saved'),
    );
  const reset = () =>
    run(
      () =>
        adminApi('/api/admin/message-texts/reset', {
          method: 'POST',
          body: { locale, key: textKey, updatedAt: side.override?.updatedAt },
        }),
      tr('Возвращён исходный текст', 'Back to the built-in text'),
    );

  return (
    <div className="adm-msg__side">
      <div className="adm-msg__label">
        <label htmlFor={id}>{locale === 'ru' ? 'Русский' : 'English'}</label>
        {side.override ? <span className="adm-msg__badge">{tr('изменён', 'changed')}</span> : null}
      </div>
      <textarea
        id={id}
        className="adm-msg__input"
        value={value}
        rows={2}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      {side.override ? (
        <p className="adm-muted adm-msg__builtin">
          {tr('Исходный', 'Built in')}: {side.builtIn}
        </p>
      ) : null}
      <div className="adm-msg__actions">
        <button
          type="button"
          className="adm-btn adm-btn--primary"
          disabled={busy || value === current}
          onClick={() => void save()}
        >
          {tr('Сохранить', 'Save')}
        </button>
        {side.override ? (
          <button type="button" className="adm-btn" disabled={busy} onClick={() => void reset()}>
            {tr('Вернуть исходный', 'Reset')}
          </button>
        ) : null}
      </div>
      <ErrorNote message={error} />
      {note ? <StatusNote tone="muted">{note}</StatusNote> : null}
    </div>
  );
}
