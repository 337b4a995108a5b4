import { useState } from 'react';
import { AdminApiError, errorText } from '../api.ts';
import { useTr } from '../i18n.ts';

/** What a failed save said: its message, and the field at fault (a path such as `seller.inn`). */
export interface SaveProblem {
  message: string;
  field?: string;
  /** The record changed since the form was opened (409): the newer values are shown. */
  stale?: boolean;
}

/** Runs a save, keeping its state: busy, done, or the problem with the field at fault. */
export function useSave() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [done, setDone] = useState(false);
  async function run<T>(
    work: () => Promise<T>,
    onStale?: (message: string) => Promise<void> | void,
  ): Promise<T | null> {
    setBusy(true);
    setProblem(null);
    setDone(false);
    try {
      const value = await work();
      setDone(true);
      return value;
    } catch (error) {
      const stale = error instanceof AdminApiError && error.status === 409 && error.field === 'updatedAt';
      if (stale && onStale) await Promise.resolve(onStale(errorText(error))).catch(() => {});
      setProblem({
        message: errorText(error),
        field: error instanceof AdminApiError ? error.field : undefined,
        stale,
      });
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, done, run, clear: () => setProblem(null) };
}

/** The problem's message when it is about `field` (or a field inside it). */
export function errorFor(problem: SaveProblem | null, field: string): string | null {
  if (!problem?.field) return null;
  return problem.field === field || problem.field.startsWith(`${field}.`) ? problem.message : null;
}

/** A labelled input with its error beside it. */
export function Field({
  label,
  name,
  problem,
  hint,
  children,
  wide,
}: {
  label: string;
  name: string;
  problem: SaveProblem | null;
  hint?: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const error = errorFor(problem, name);
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as children, inside the label
    <label className={`adm-field${wide ? ' adm-cnt__wide' : ''}`} data-invalid={error ? 'true' : undefined}>
      {label}
      {children}
      {hint ? <span className="adm-cnt__hint">{hint}</span> : null}
      {error ? (
        <span className="adm-error adm-cnt__field-error" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** The form's outcome under its button: saved, or the problem not tied to a shown field. */
export function SaveStatus({
  busy,
  done,
  problem,
}: {
  busy: boolean;
  done: boolean;
  problem: SaveProblem | null;
}) {
  const tr = useTr();
  if (busy) return <span className="adm-muted">{tr('Сохраняем…', 'Saving…')}</span>;
  if (problem) {
    return (
      <p className="adm-error" role="alert">
        {problem.stale
          ? `${problem.message}. ${tr('Ваши изменения не сохранены.', 'Your changes were not saved.')}`
          : problem.message}
      </p>
    );
  }
  if (done)
    return (
      <span className="adm-ok" role="status">
        {tr('Сохранено', 'Saved')}
      </span>
    );
  return null;
}

/** Kopecks shown as roubles in an input, and back. */
export const roubles = (kopecks: number | null | undefined) =>
  kopecks === null || kopecks === undefined ? '' : String(kopecks / 100);
export function kopecks(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value.replace(',', '.').replace(/\s/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/** A whole number from an input ('' = null; not a number is kept so the server names the field). */
export function whole(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Up, down and remove buttons of one list item. */
export function ItemButtons({
  index,
  count,
  onMove,
  onRemove,
  label,
}: {
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  label: string;
}) {
  const tr = useTr();
  return (
    <span className="adm-cnt__item-buttons">
      <button
        type="button"
        className="adm-btn"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={`${tr('Выше', 'Up')}: ${label}`}
      >
        ↑
      </button>
      <button
        type="button"
        className="adm-btn"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`${tr('Ниже', 'Down')}: ${label}`}
      >
        ↓
      </button>
      <button
        type="button"
        className="adm-btn adm-btn--danger"
        onClick={onRemove}
        aria-label={`${tr('Убрать', 'Remove')}: ${label}`}
      >
        ×
      </button>
    </span>
  );
}
