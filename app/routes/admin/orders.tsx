import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { getWays } from '../../../core/delivery/delivery.rules.ts';
import { orderStatuses } from '../../../core/orders/order.rules.ts';
import { staffSteps } from '../../../core/orders/orders-admin.rules.ts';
import { ordersListQuery } from '../../../core/orders/orders-list.schemas.ts';
import type { OrdersListRow } from '../../../core/orders/orders-list.wire.ts';
import { paymentMethods } from '../../../core/payments/payment.rules.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { storedAdminLocale } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { CourierPickup } from '../../admin/orders/courier-pickup.tsx';
import { getWayLabel, paymentLabel, StatusBadge, statusLabel } from '../../admin/orders/labels.tsx';
import { OrderNotesDrawer } from '../../admin/orders/notes-drawer.tsx';
import { ordersListApi } from '../../admin/orders/orders-api.ts';
import { packingSlipsHref, ShippingDocuments } from '../../admin/orders/shipping-documents.tsx';
import { callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { FilterBar, useListAddress } from '../../admin/ui/filter-bar.tsx';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { Pager } from '../../admin/ui/pager.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

const FILTERS = ['q', 'status', 'payment', 'getWay', 'from', 'to', 'tag'] as const;
const DEFAULT_SORT = { column: 'number', dir: 'desc' } as const;

/** The address's list state, checked against the server's schema: a value it would refuse is dropped. */
function queryOf(url: URL) {
  const raw: Record<string, string> = {};
  for (const key of [...FILTERS, 'sort', 'dir', 'page']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const parsed = ordersListQuery.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return raw;
}

export async function clientLoader({ request }: { request: Request }) {
  return callApi(ordersListApi.list, queryOf(new URL(request.url)));
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function OrdersPage() {
  const locale = useAdminLocale();
  const t = (key: Parameters<typeof staffMessage>[0], params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const data = useLoaderData<typeof clientLoader>();
  const address = useListAddress(FILTERS, DEFAULT_SORT);
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notesOf, setNotesOf] = useState<number | null>(null);
  const [step, setStep] = useState<string>('');
  const [bulkTag, setBulkTag] = useState('');
  const [report, setReport] = useState<string[] | null>(null);
  // Orders just handed over, with their carriers' documents to print (docs/product/shipping-desk.md).
  const [handedOver, setHandedOver] = useState<number[]>([]);
  const [ask, confirmDialog] = useConfirm();
  const rowsByNumber = new Map(data.rows.map((r) => [r.number, r]));
  const chosen = [...selected].filter((n) => rowsByNumber.has(n));

  // A new filter, sort or page is a new list: the selection and the last report belong to the old one.
  const listKey = `${address.hrefWith({ page: address.page })}`;
  useEffect(() => {
    void listKey;
    setSelected(new Set());
    setReport(null);
    setHandedOver([]);
  }, [listKey]);

  const bulk = useAction(async (kind: 'step' | 'tag') => {
    const orders = chosen.map((n) => rowsByNumber.get(n)).filter((r): r is OrdersListRow => r !== undefined);
    const answer =
      kind === 'step'
        ? await callApi(ordersListApi.bulkStep, {
            to: step as (typeof staffSteps)[number],
            orders: orders.map((o) => ({ number: o.number, version: o.version, from: o.status })),
          })
        : await callApi(ordersListApi.bulkTag, { numbers: orders.map((o) => o.number), tag: bulkTag });
    const ok = answer.results.filter((r) => r.ok).length;
    setReport([
      t('orders.bulk.done', { ok, count: answer.results.length }),
      ...answer.results
        .filter((r) => !r.ok && r.message)
        .map((r) => t('orders.bulk.refused', { number: r.number, reason: r.message ?? '' })),
    ]);
    setSelected(new Set(answer.results.filter((r) => !r.ok).map((r) => r.number)));
    revalidator.revalidate();
    return answer;
  });

  // Hands the selection to the carriers, one order after another on the server; each result comes back.
  const handOver = useAction(async () => {
    const orders = chosen.map((n) => rowsByNumber.get(n)).filter((r): r is OrdersListRow => r !== undefined);
    const answer = await callApi(ordersListApi.handOver, {
      orders: orders.map((o) => ({ number: o.number, version: o.version })),
    });
    const shipped = answer.results.filter((r) => r.outcome === 'shipped').map((r) => r.number);
    setReport([
      t('orders.bulk.done', { ok: shipped.length, count: answer.results.length }),
      ...answer.results.flatMap((r) =>
        r.outcome === 'refused' ? [t('orders.bulk.refused', { number: r.number, reason: r.message })] : [],
      ),
    ]);
    setHandedOver(shipped);
    setSelected(new Set(answer.results.filter((r) => r.outcome === 'refused').map((r) => r.number)));
    revalidator.revalidate();
    return answer;
  });

  async function handOverChosen() {
    if (chosen.length === 0) return;
    const yes = await ask({
      title: t('orders.hand_over.confirm', { count: chosen.length }),
      text: t('orders.hand_over.confirm_text'),
    });
    if (yes) await handOver.run();
  }

  async function takeStep() {
    if (!step || chosen.length === 0) return;
    const yes = await ask({
      title: t('orders.bulk.confirm_step', { count: chosen.length, status: statusLabel(step, locale) }),
      text: t('orders.bulk.confirm_step_text'),
    });
    if (yes) await bulk.run('step');
  }

  const columns: Column<OrdersListRow>[] = [
    {
      key: 'number',
      header: t('orders.col.number'),
      sortable: true,
      render: (o) => <Link to={`/admin/orders/${o.number}`}>{o.number}</Link>,
    },
    {
      key: 'createdAt',
      header: t('orders.col.date'),
      sortable: true,
      render: (o) => formatDateTime(o.createdAt, locale),
    },
    {
      key: 'status',
      header: t('orders.col.status'),
      sortable: true,
      render: (o) => <StatusBadge status={o.status} locale={locale} />,
    },
    {
      key: 'fullName',
      header: t('orders.col.customer'),
      sortable: true,
      render: (o) => (
        <>
          {o.fullName}
          <div className="adm-muted">
            +{o.phone} · {o.email}
          </div>
        </>
      ),
    },
    {
      key: 'getWay',
      header: t('orders.col.delivery'),
      sortable: true,
      hideOnPhone: true,
      render: (o) => getWayLabel(o.getWay, locale),
    },
    {
      key: 'payment',
      header: t('orders.col.payment'),
      sortable: true,
      hideOnPhone: true,
      render: (o) => paymentLabel(o.payment, locale),
    },
    {
      key: 'total',
      header: t('orders.col.total'),
      sortable: true,
      numeric: true,
      render: (o) => formatMoney(o.total, locale),
    },
    {
      key: 'tags',
      header: t('orders.col.tags'),
      render: (o) => (
        <div className="adm-kit-tags">
          {o.tags.map((tag) => (
            <Link key={tag} className="adm-kit-tag" to={address.hrefWith({ tag })}>
              {tag}
            </Link>
          ))}
          <button
            type="button"
            className="adm-link-button"
            aria-label={t('orders.notes.open', { number: o.number })}
            onClick={() => setNotesOf(o.number)}
          >
            {o.notes > 0 ? t('orders.notes.count', { count: o.notes }) : '✎'}
          </button>
        </div>
      ),
    },
  ];

  const f = address.filters;
  const csv = new URLSearchParams();
  for (const key of ['q', 'status', 'payment', 'getWay', 'from', 'to'] as const)
    if (f[key]) csv.set(key, f[key]);
  csv.set('lang', typeof window === 'undefined' ? 'ru' : storedAdminLocale());
  return (
    <div className="adm-page">
      <PageHead title={t('orders.title')} hint={t('kit.found', { count: data.total })}>
        <a className="adm-btn" href={`/api/admin/orders/export.csv?${csv}`} download>
          {t('orders.csv')}
        </a>
        {/* An order for a caller, its payment link sent by SMS or e-mail (docs/product/phone-orders.md). */}
        <Link className="adm-btn" to="/admin/orders/new">
          {t('phone_order.button')}
        </Link>
      </PageHead>
      <CourierPickup />
      <FilterBar keys={FILTERS} onApply={address.setFilters} onReset={address.reset}>
        <label className="adm-field adm-ord__search">
          {t('orders.filter.search')}
          <input
            name="q"
            type="search"
            defaultValue={f.q}
            key={`q-${f.q}`}
            maxLength={100}
            placeholder={t('orders.filter.search_hint')}
          />
        </label>
        <label className="adm-field">
          {t('orders.col.status')}
          <select name="status" defaultValue={f.status} key={`status-${f.status}`}>
            <option value="">{t('kit.any')}</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {t('orders.col.payment')}
          <select name="payment" defaultValue={f.payment} key={`payment-${f.payment}`}>
            <option value="">{t('kit.any')}</option>
            {paymentMethods.map((p) => (
              <option key={p} value={p}>
                {paymentLabel(p, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {t('orders.col.delivery')}
          <select name="getWay" defaultValue={f.getWay} key={`getWay-${f.getWay}`}>
            <option value="">{t('kit.any')}</option>
            {getWays.map((w) => (
              <option key={w} value={w}>
                {getWayLabel(w, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {t('orders.filter.from')}
          <input name="from" type="date" defaultValue={f.from} key={`from-${f.from}`} />
        </label>
        <label className="adm-field">
          {t('orders.filter.to')}
          <input name="to" type="date" defaultValue={f.to} key={`to-${f.to}`} />
        </label>
        <label className="adm-field">
          {t('orders.filter.tag')}
          <select name="tag" defaultValue={f.tag} key={`tag-${f.tag}`}>
            <option value="">{t('kit.any')}</option>
            {data.tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </label>
      </FilterBar>
      {chosen.length > 0 ? (
        <section className="adm-kit-bulk" aria-label={t('orders.bulk.label')}>
          <strong role="status">{t('kit.selected', { count: chosen.length })}</strong>
          <label className="adm-field">
            {t('orders.bulk.step')}
            <select value={step} onChange={(e) => setStep(e.target.value)}>
              <option value="" />
              {staffSteps.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s, locale)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            disabled={!step || bulk.busy}
            onClick={takeStep}
          >
            {t('orders.bulk.apply_step')}
          </button>
          <label className="adm-field">
            {t('orders.bulk.tag')}
            <input value={bulkTag} onChange={(e) => setBulkTag(e.target.value)} maxLength={30} />
          </label>
          <button
            type="button"
            className="adm-btn"
            disabled={!bulkTag.trim() || bulk.busy}
            onClick={() => bulk.run('tag')}
          >
            {t('orders.bulk.apply_tag')}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            disabled={handOver.busy || bulk.busy}
            onClick={handOverChosen}
          >
            {handOver.busy
              ? t('orders.hand_over.busy', { count: chosen.length })
              : t('orders.hand_over.apply')}
          </button>
          <a className="adm-btn" href={packingSlipsHref(chosen)} target="_blank" rel="noopener">
            {t('slip.print_selected')}
          </a>
          <button type="button" className="adm-btn" onClick={() => setSelected(new Set())}>
            {t('orders.bulk.clear')}
          </button>
        </section>
      ) : null}
      <ErrorNote message={handOver.error} />
      <ErrorNote message={bulk.error} />
      {report ? (
        <div className="adm-ok" role="status">
          {report.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {handedOver.length > 0 ? (
            <p>
              <a className="adm-btn" href={packingSlipsHref(handedOver)} target="_blank" rel="noopener">
                {t('slip.print_selected')}
              </a>
            </p>
          ) : null}
          {handedOver.map((number) => (
            <ShippingDocuments
              slip={false}
              key={number}
              number={number}
              version={0}
              title={t('orders.hand_over.documents', { number })}
            />
          ))}
        </div>
      ) : null}
      <DataTable
        label={t('orders.title')}
        columns={columns}
        rows={data.rows}
        rowKey={(o) => o.number}
        sort={address.sort}
        onSort={address.toggleSort}
        loading={revalidator.state === 'loading'}
        selection={{
          selected,
          onChange: setSelected,
          label: (n) => t('orders.select_row', { number: n }),
        }}
      />
      <Pager
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        href={(page) => address.hrefWith({ page })}
      />
      {confirmDialog}
      <OrderNotesDrawer
        number={notesOf}
        onClose={() => setNotesOf(null)}
        onChanged={() => revalidator.revalidate()}
      />
    </div>
  );
}
