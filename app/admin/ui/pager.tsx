import { Link } from 'react-router';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import { ErrorNote } from './notes.tsx';

/** Pages as links (so a page is an address: reload and back keep it); nothing when one page holds all. */
export function Pager({
  page,
  pageSize,
  total,
  href,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const locale = useAdminLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label={staffMessage('kit.pages', locale)}>
      {page > 1 ? <Link to={href(page - 1)}>{staffMessage('kit.prev', locale)}</Link> : null}
      <span>{staffMessage('kit.page_of', locale, { page, pages })}</span>
      {page < pages ? <Link to={href(page + 1)}>{staffMessage('kit.next', locale)}</Link> : null}
    </nav>
  );
}

/**
 * A list read by a cursor, newest first (the audit log, instalment applications): the next page is
 * added below the rows shown, so nothing read is lost; a refusal is said above the button.
 */
export function LoadMore({
  hasMore,
  busy,
  error,
  onMore,
}: {
  hasMore: boolean;
  busy: boolean;
  error?: string | null;
  onMore: () => void;
}) {
  const locale = useAdminLocale();
  return (
    <>
      <ErrorNote message={error} />
      {hasMore ? (
        <div className="adm-pager">
          <button type="button" className="adm-btn" onClick={onMore} disabled={busy}>
            {staffMessage('kit.more', locale)}
          </button>
        </div>
      ) : null}
    </>
  );
}
