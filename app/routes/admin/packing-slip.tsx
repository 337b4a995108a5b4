import { Link, useLoaderData } from 'react-router';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale } from '../../admin/i18n.ts';
import { getWayLabel } from '../../admin/orders/labels.tsx';
import { orderApi } from '../../admin/orders/order-api.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { useStaffText } from '../../admin/ui/staff-text.ts';

export async function clientLoader({ params }: { params: { number?: string } }) {
  return callApi(orderApi.get, { number: params.number ?? '' });
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * The warehouse's packing slip: what to pick (barcode, size, count) and where it goes, without
 * prices (the parcel may be opened by the recipient or the carrier; money is on the order page).
 */
export default function PackingSlip() {
  const t = useStaffText();
  const locale = useAdminLocale();
  const { order: o, lines } = useLoaderData<typeof clientLoader>();
  const d = o.delivery;
  const items = lines.reduce((s, l) => s + l.count, 0);
  return (
    <div className="adm-page">
      <div className="adm-page__head adm-slip__tools">
        <Link className="adm-btn" to={`/admin/orders/${o.number}`}>
          ← {t('slip.back_to_the_order')}
        </Link>
        <button type="button" className="adm-btn adm-btn--primary" onClick={() => window.print()}>
          {t('slip.print_button')}
        </button>
      </div>
      <article className="adm-slip">
        <h1>
          {t('slip.packing_slip_order')} {o.number}
        </h1>
        <p>
          {formatDateTime(o.createdAt, locale)} · {getWayLabel(o.getWay, locale)}
        </p>
        <table className="adm-slip__table">
          <thead>
            <tr>
              <th>{t('slip.barcode')}</th>
              <th>{t('refunds.remove.line')}</th>
              <th>{t('slip.size')}</th>
              <th>{t('slip.count')}</th>
              <th>✓</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td className="adm-slip__barcode">{l.barcode}</td>
                <td>{l.name}</td>
                <td>{l.size}</td>
                <td>{l.count}</td>
                <td className="adm-slip__check" />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>{t('slip.units')}</td>
              <td>{items}</td>
              <td />
            </tr>
          </tfoot>
        </table>
        <h2>{t('slip.recipient')}</h2>
        <p>
          {o.fullName} · +{o.phone}
        </p>
        <p>
          {d.pvz
            ? `${t('slip.pickup_point')}: ${d.pvz}${d.pvzID ? ` (${d.pvzID})` : ''}`
            : [d.postal, d.city, d.address, d.room ? `${t('order_page.apt')} ${d.room}` : '']
                .filter(Boolean)
                .join(', ')}
        </p>
        {d.deliveryDate ? (
          <p>
            {t('slip.deliver_on')}: {d.deliveryDate} {d.deliveryTime ?? ''}
          </p>
        ) : null}
        {o.trackingNumber ? (
          <p>
            {t('slip.tracking')}: {o.trackingNumber}
          </p>
        ) : null}
        {o.comment ? (
          <p>
            {t('order_page.customer_s_comment')}: {o.comment}
          </p>
        ) : null}
      </article>
    </div>
  );
}
