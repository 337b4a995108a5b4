import { useEffect, useState } from 'react';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import { callApi, endpoint } from '../ui/api-client.ts';

type DocumentKind = 'label' | 'invoice' | 'waybill';

/** GET /api/admin/orders/:number/documents (server/routes/admin/shipping-documents.routes.ts). */
const documentKinds = endpoint<{ result: true; kinds: DocumentKind[] }, undefined, number>(
  'GET',
  (number) => `/api/admin/orders/${number}/documents`,
);

/** The packing slips of a selection of orders, one printable page (docs/product/shipping-desk.md). */
export function packingSlipsHref(numbers: readonly number[]): string {
  return `/api/admin/orders/packing-slips?numbers=${numbers.join(',')}`;
}

/**
 * The order page's printouts (docs/product/shipping-desk.md): the shop's packing slip, and the
 * carrier's label and customs invoice once the parcel is registered. Each opens in a new tab to print.
 * `version` reloads the list after a step (a hand-over brings the label).
 */
export function ShippingDocuments({
  number,
  version,
  title,
  slip = true,
}: {
  number: number;
  version: number;
  /** The packing slip's link too (the order page has its own slip). */
  slip?: boolean;
  /** Shown before the links (the orders list names the order); the order page needs none. */
  title?: string;
}) {
  const locale = useAdminLocale();
  const [kinds, setKinds] = useState<DocumentKind[]>([]);
  useEffect(() => {
    // A new version (a step taken on the page, the hand-over among them) may bring documents.
    void version;
    let live = true;
    callApi(documentKinds, number)
      .then((answer) => live && setKinds(answer.kinds))
      .catch(() => live && setKinds([]));
    return () => {
      live = false;
    };
  }, [number, version]);
  return (
    <nav className="adm-docs" aria-label={title ?? staffMessage('slip.documents', locale)}>
      {title ? <span className="adm-docs__title">{title}</span> : null}
      {slip ? (
        <a className="adm-btn" href={packingSlipsHref([number])} target="_blank" rel="noopener">
          {staffMessage('slip.title', locale)}
        </a>
      ) : null}
      {kinds.map((kind) => (
        <a
          className="adm-btn"
          key={kind}
          href={`/api/admin/orders/${number}/documents/${kind}`}
          target="_blank"
          rel="noopener"
        >
          {staffMessage(`shipping.document.${kind}`, locale)}
        </a>
      ))}
    </nav>
  );
}
