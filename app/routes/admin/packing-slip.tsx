import { Link, useLoaderData } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { getWayLabel } from '../../admin/orders/labels.tsx';
import type { AdminOrderPage } from './order.tsx';

export async function clientLoader({ params }: { params: { number?: string } }) {
  return adminApi<AdminOrderPage>(`/api/admin/orders/${encodeURIComponent(params.number ?? '')}`);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * The warehouse's packing slip: what to pick (barcode, size, count) and where it goes, without
 * prices (the parcel may be opened by the recipient or the carrier; money is on the order page).
 */
export default function PackingSlip() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { order: o, lines } = useLoaderData<typeof clientLoader>();
  const d = o.delivery;
  const items = lines.reduce((s, l) => s + l.count, 0);
  return (
    <div className="adm-page">
      <div className="adm-page__head adm-slip__tools">
        <Link className="adm-btn" to={`/admin/orders/${o.number}`}>
          ← {tr('К заказу', 'Back to the order')}
        </Link>
        <button type="button" className="adm-btn adm-btn--primary" onClick={() => window.print()}>
          {tr('Печать', 'Print')}
        </button>
      </div>
      <article className="adm-slip">
        <h1>
          {tr('Упаковочный лист · заказ', 'Packing slip · order')} {o.number}
        </h1>
        <p>
          {formatDateTime(o.createdAt, locale)} · {getWayLabel(o.getWay, locale)}
        </p>
        <table className="adm-slip__table">
          <thead>
            <tr>
              <th>{tr('Штрихкод', 'Barcode')}</th>
              <th>{tr('Товар', 'Item')}</th>
              <th>{tr('Размер', 'Size')}</th>
              <th>{tr('Кол-во', 'Qty')}</th>
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
              <td colSpan={3}>{tr('Всего предметов', 'Items in total')}</td>
              <td>{items}</td>
              <td />
            </tr>
          </tfoot>
        </table>
        <h2>{tr('Получатель', 'Recipient')}</h2>
        <p>
          {o.fullName} · +{o.phone}
        </p>
        <p>
          {d.pvz
            ? `${tr('Пункт выдачи', 'Pickup point')}: ${d.pvz}${d.pvzID ? ` (${d.pvzID})` : ''}`
            : [d.postal, d.city, d.address, d.room ? `${tr('кв.', 'apt')} ${d.room}` : '']
                .filter(Boolean)
                .join(', ')}
        </p>
        {d.deliveryDate ? (
          <p>
            {tr('Доставить', 'Deliver on')}: {d.deliveryDate} {d.deliveryTime ?? ''}
          </p>
        ) : null}
        {o.trackingNumber ? (
          <p>
            {tr('Трек-номер', 'Tracking number')}: {o.trackingNumber}
          </p>
        ) : null}
        {o.comment ? (
          <p>
            {tr('Комментарий покупателя', 'Customer’s comment')}: {o.comment}
          </p>
        ) : null}
      </article>
    </div>
  );
}
