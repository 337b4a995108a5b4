import { Link } from 'react-router';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';

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
