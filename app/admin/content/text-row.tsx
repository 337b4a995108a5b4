import { useState } from 'react';
import { adminApi } from '../api.ts';
import { useTr } from '../i18n.ts';
import { SaveStatus, useSave } from './form.tsx';
import type { TextRow } from './types.ts';

type Override = { value: string; updatedAt: string } | null;

/** One edition's text of a key: the built-in text beside the override, saved or reset. */
function TextCell({
  textKey,
  locale,
  builtIn,
  override,
}: {
  textKey: string;
  locale: 'ru' | 'en';
  builtIn: string;
  override: Override;
}) {
  const tr = useTr();
  const save = useSave();
  const [current, setCurrent] = useState<Override>(override);
  const [value, setValue] = useState(override?.value ?? builtIn);
  const multiline = builtIn.length > 60 || builtIn.includes('\n');
  const id = `text-${locale}-${textKey}`;

  async function submit() {
    const saved = await save.run(
      () =>
        adminApi<{ text: { value: string; updatedAt: string } }>('/api/admin/texts', {
          method: 'PUT',
          body: { locale, key: textKey, value, updatedAt: current?.updatedAt ?? null },
        }),
      async () => {
        const rows = (await adminApi<{ rows: TextRow[] }>('/api/admin/texts')).rows;
        const fresh = rows.find((r) => r.key === textKey)?.[locale].override ?? null;
        setCurrent(fresh);
        setValue(fresh?.value ?? builtIn);
      },
    );
    if (saved) setCurrent(saved.text);
  }
  async function reset() {
    if (!current) return;
    const done = await save.run(() =>
      adminApi('/api/admin/texts/reset', {
        method: 'POST',
        body: { locale, key: textKey, updatedAt: current.updatedAt },
      }),
    );
    if (done) {
      setCurrent(null);
      setValue(builtIn);
    }
  }

  const error =
    save.problem?.field === 'value' || save.problem?.field === 'key' ? save.problem.message : null;
  return (
    <div className="adm-stack">
      <label className="adm-field" htmlFor={id} data-invalid={error ? 'true' : undefined}>
        <span>
          {locale.toUpperCase()}
          {current ? <span className="adm-cnt__overridden"> · {tr('изменён', 'changed')}</span> : null}
        </span>
      </label>
      {multiline ? (
        <textarea
          id={id}
          className="adm-cnt__input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          rows={3}
        />
      ) : (
        <input id={id} className="adm-cnt__input" value={value} onChange={(e) => setValue(e.target.value)} />
      )}
      <span className="adm-cnt__builtin">
        {tr('Встроенный', 'Built-in')}: {builtIn}
      </span>
      {error ? (
        <span className="adm-error adm-cnt__field-error" role="alert">
          {error}
        </span>
      ) : null}
      <span className="adm-cnt__item-buttons">
        <button
          type="button"
          className="adm-btn"
          disabled={save.busy || value === (current?.value ?? builtIn)}
          onClick={submit}
          aria-label={`${tr('Сохранить', 'Save')} ${locale.toUpperCase()} ${textKey}`}
        >
          {tr('Сохранить', 'Save')}
        </button>
        {current ? (
          <button
            type="button"
            className="adm-btn"
            disabled={save.busy}
            onClick={reset}
            aria-label={`${tr('Вернуть встроенный', 'Reset to built-in')} ${locale.toUpperCase()} ${textKey}`}
          >
            {tr('Вернуть встроенный', 'Reset to built-in')}
          </button>
        ) : null}
        {error ? null : <SaveStatus busy={save.busy} done={save.done} problem={save.problem} />}
      </span>
    </div>
  );
}

export function TextRowEditor({ row }: { row: TextRow }) {
  return (
    <div className="adm-cnt__text">
      <div className="adm-cnt__key">{row.key}</div>
      <TextCell textKey={row.key} locale="ru" builtIn={row.ru.builtIn} override={row.ru.override} />
      <TextCell textKey={row.key} locale="en" builtIn={row.en.builtIn} override={row.en.override} />
    </div>
  );
}
