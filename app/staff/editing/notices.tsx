import { useEffect, useState } from 'react';

export interface Notice {
  id: number;
  text: string;
  kind: 'done' | 'error';
}

type Listener = (notices: readonly Notice[]) => void;
let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Notice[]) {
  notices = next;
  for (const listener of listeners) listener(notices);
}

/** Shows a notice to the editor (a save done, a refusal): errors stay until closed, the rest 4 s; two at most on screen. */
export function notify(text: string, kind: Notice['kind'] = 'done'): void {
  const id = nextId++;
  publish([...notices.slice(-1), { id, text, kind }]);
  if (kind === 'done') setTimeout(() => publish(notices.filter((n) => n.id !== id)), 4000);
}

/** The editor's notices, in a live region so screen readers hear them too. */
export function Notices({ closeLabel }: { closeLabel: string }) {
  const [list, setList] = useState(notices);
  useEffect(() => {
    listeners.add(setList);
    return () => {
      listeners.delete(setList);
    };
  }, []);
  return (
    <div className="staff-notices" aria-live="polite">
      {list.map((notice) => (
        <p
          key={notice.id}
          className={`staff-notice staff-notice--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className="staff-notice__close"
            aria-label={closeLabel}
            onClick={() => publish(notices.filter((n) => n.id !== notice.id))}
          >
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
