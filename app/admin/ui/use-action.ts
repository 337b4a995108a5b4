import { useCallback, useRef, useState } from 'react';
import { AdminApiError, errorText } from '../api.ts';

/** A save refused because someone changed the record first: the message and the record as it is now. */
export interface Conflict<C = unknown> {
  message: string;
  current: C;
}

export interface ActionState<C> {
  busy: boolean;
  error: string | null;
  /** The last run's success (cleared by the next run). */
  done: boolean;
  conflict: Conflict<C> | null;
}

/**
 * One staff action's life (issue 34): busy while it runs (a second click waits), the error as the
 * server words it, done, or a conflict (409 with the current record, DECISIONS 31) shown as such. Nothing
 * is refetched and no form is reset: what the staff member typed stays for them to reapply.
 */
export function useAction<A extends unknown[], R, C = unknown>(action: (...args: A) => Promise<R>) {
  const [state, setState] = useState<ActionState<C>>({
    busy: false,
    error: null,
    done: false,
    conflict: null,
  });
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setState({ busy: true, error: null, done: false, conflict: null });
    try {
      const result = await latest.current(...args);
      setState({ busy: false, error: null, done: true, conflict: null });
      return result;
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current !== undefined) {
        setState({
          busy: false,
          error: null,
          done: false,
          conflict: { message: error.message, current: error.current as C },
        });
      } else {
        setState({ busy: false, error: errorText(error), done: false, conflict: null });
      }
      return undefined;
    } finally {
      running.current = false;
    }
  }, []);

  const reset = useCallback(() => setState({ busy: false, error: null, done: false, conflict: null }), []);
  return { ...state, run, reset };
}
