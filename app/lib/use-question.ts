import { useCallback, useRef, useState } from 'react';

/**
 * A question put to the person in a modal of one's own (in place of `window.confirm` / `prompt`):
 * `ask(q)` shows it and resolves with the answer `close(a)` gives; a new question first answers the
 * one still open with `unanswered`. Used by the back office's confirm and prompt
 * (app/admin/ui/confirm-dialog.tsx) and the in-place editors' confirm (app/staff/editing/confirm.tsx).
 */
export function useQuestion<Q, A>(unanswered: A) {
  const [question, setQuestion] = useState<Q | null>(null);
  const answer = useRef<((a: A) => void) | null>(null);
  const ask = useCallback(
    (q: Q) =>
      new Promise<A>((resolve) => {
        answer.current?.(unanswered);
        answer.current = resolve;
        setQuestion(q);
      }),
    [unanswered],
  );
  const close = useCallback((a: A) => {
    answer.current?.(a);
    answer.current = null;
    setQuestion(null);
  }, []);
  return { question, ask, close };
}
