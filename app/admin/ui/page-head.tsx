import type { ReactNode } from 'react';

/**
 * The head of a back-office page: its title, a quiet hint beside it (a count, a date, what the page
 * is for) and, after them, the page's own badges, links and buttons.
 */
export function PageHead({
  title,
  hint,
  children,
}: {
  title: ReactNode;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="adm-page__head">
      <h1>{title}</h1>
      {hint === undefined ? null : <span className="adm-muted">{hint}</span>}
      {children}
    </div>
  );
}
