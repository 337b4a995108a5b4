import type { ReactNode } from 'react';

/**
 * The back office's one-line answers under a form or a panel: a refusal read out at once
 * (role="alert"), a done or a hint read out politely (role="status"); nothing while there is none.
 */
export function ErrorNote({ message }: { message: ReactNode }) {
  return message ? (
    <p className="adm-error" role="alert">
      {message}
    </p>
  ) : null;
}

export function StatusNote({ children, tone = 'ok' }: { children: ReactNode; tone?: 'ok' | 'muted' }) {
  return (
    <p className={tone === 'ok' ? 'adm-ok' : 'adm-muted'} role="status">
      {children}
    </p>
  );
}
