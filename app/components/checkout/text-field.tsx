import { useId } from 'react';

/** A labelled text input or text area of the checkout form, with its error or hint under it. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error = null,
  hint,
  required = false,
  type = 'text',
  autoComplete,
  multiline = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {multiline ? (
        <textarea
          id={id}
          className="field__input field__input--area"
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      ) : (
        <input
          id={id}
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          required={required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
