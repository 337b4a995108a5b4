import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { notify } from './notices.tsx';
import { failureText } from './staff-api.ts';
import { st } from './texts.ts';

/**
 * A text edited where it stands (catalogue.md §6): saved when the editor leaves it, Escape puts the
 * saved text back, a refusal puts it back too and says why. `onSave` throws to refuse.
 */
export function InlineText({
  value,
  label,
  onSave,
  className,
  multiline = false,
  allowEmpty = false,
}: {
  value: string;
  label: string;
  onSave: (next: string) => Promise<void>;
  className?: string;
  multiline?: boolean;
  allowEmpty?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const saved = useRef(value);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    saved.current = value;
    if (ref.current && document.activeElement !== ref.current) ref.current.textContent = value;
  }, [value]);

  const revert = () => {
    if (ref.current) ref.current.textContent = saved.current;
  };

  async function commit() {
    const node = ref.current;
    if (!node) return;
    const next = (node.textContent ?? '').replace(/\s+/g, multiline ? ' ' : ' ').trim();
    if (next === saved.current.trim()) {
      revert();
      return;
    }
    if (!next && !allowEmpty) {
      revert();
      notify(st('empty'), 'error');
      return;
    }
    setBusy(true);
    try {
      await onSave(next);
      saved.current = next;
      node.textContent = next;
      notify(st('saved'));
    } catch (error) {
      revert();
      notify(failureText(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLSpanElement>) {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      revert();
      ref.current?.blur();
    } else if (event.key === 'Enter' && !multiline) {
      event.preventDefault();
      ref.current?.blur();
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: an inline text edited in place, inside links and summaries where an input cannot go
    <span
      ref={ref}
      role="textbox"
      tabIndex={0}
      aria-label={label}
      aria-multiline={multiline || undefined}
      aria-busy={busy || undefined}
      contentEditable={!busy}
      suppressContentEditableWarning
      spellCheck
      className={`staff-inline${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
      onKeyUp={(e) => e.stopPropagation()}
      onClick={(e) => {
        // Editing, not following the link or opening the tab the text sits in.
        e.preventDefault();
        e.stopPropagation();
      }}
      onBlur={() => void commit()}
    >
      {value}
    </span>
  );
}
