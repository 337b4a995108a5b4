import { Link, useLoaderData } from 'react-router';
import type { Locale } from '../../../core/i18n.ts';
import { salesQuery } from '../../../core/orders/dashboard.schemas.ts';
import type { SalesAnswer } from '../../../core/orders/dashboard.wire.ts';
import { serviceKindName, staffPlural } from '../../../core/staff-messages.ts';
import { adminApi } from '../../admin/api.ts';
import { SalesSection } from '../../admin/charts/sales-section.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { PageHead } from '../../admin/ui/page-head.tsx';

interface Paid {
  orders: number;
  revenue?: number;
  byEdition: Record<string, { orders: number; revenue?: number }>;
}
interface Dashboard {
  now: string;
  periods: { dayStart: string; weekStart: string };
  today: Paid;
  week: Paid;
  awaitingShipment: { orders: number; oldestAt: string | null };
  unpaidHolding: { orders: number; units: number };
  providerFailures: {
    crm: { pending: number; failed: number; withError: number };
    /** Failed calls of this server process since it started. */
    process?: { provider: string; method: string; count: number }[];
  };
  refundsDue: number;
  /** Paid try-on orders past their days without hand-over: cancelled after the grace period unless kept. */
  tryOnOverdue: { orders: number[] };
  /** A public shop with no taxation system and VAT for its receipts (docs/product/receipts.md). */
  receiptSettingsMissing?: boolean;
}

/** The failed calls by service, named (a service's methods are counted together), most first. */
function failuresByService(
  failures: { provider: string; count: number }[],
  locale: Locale,
): [string, number][] {
  const counts = new Map<string, number>();
  for (const f of failures) {
    const name = serviceKindName(f.provider, locale);
    counts.set(name, (counts.get(name) ?? 0) + f.count);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

export async function clientLoader({ request }: { request: Request }) {
  const parsed = salesQuery.safeParse({ days: new URL(request.url).searchParams.get('days') ?? undefined });
  const days = parsed.success ? parsed.data.days : 30;
  const [dashboard, sales] = await Promise.all([
    adminApi<Dashboard>('/api/admin/dashboard'),
    adminApi<SalesAnswer>(`/api/admin/dashboard/sales?days=${days}`),
  ]);
  return { ...dashboard, sales };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

function PaidCard({ title, paid, since }: { title: string; paid: Paid; since: string }) {
  const tr = useTr();
  const locale = useAdminLocale();
  const editions: [string, string][] = [
    ['ru', tr('Русская версия', 'Russian edition')],
    ['en', tr('Английская версия', 'English edition')],
  ];
  return (
    <section className="adm-card adm-dash__card" aria-label={title}>
      <h2>{title}</h2>
      <p className="adm-dash__figure">
        <span data-testid="paid-orders" data-count={paid.orders}>
          {staffPlural('paidOrders', paid.orders, locale)}
        </span>
      </p>
      {paid.revenue !== undefined ? (
        <p className="adm-dash__figure adm-dash__figure--small">{formatMoney(paid.revenue, locale)}</p>
      ) : null}
      <dl className="adm-dl">
        {editions.map(([key, label]) => {
          const e = paid.byEdition[key] ?? { orders: 0 };
          return (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>
                {e.orders}
                {e.revenue !== undefined ? ` · ${formatMoney(e.revenue, locale)}` : ''}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="adm-muted adm-dash__note">
        {tr('с', 'since')} {formatDateTime(since, locale)} {tr('по Москве', 'Moscow time')}
      </p>
    </section>
  );
}

export default function DashboardPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const staff = useStaff();
  const d = useLoaderData<typeof clientLoader>();
  const manages = staff.role === 'admin' || staff.role === 'manager';
  const crm = d.providerFailures.crm;
  const failures = d.providerFailures.process ?? [];
  return (
    <div className="adm-page">
      <PageHead title={tr('Сводка', 'Dashboard')} hint={formatDateTime(d.now, locale)} />
      {d.receiptSettingsMissing ? (
        <p className="adm-error" role="alert" data-testid="receipt-settings-missing">
          {tr(
            'Магазин открыт покупателям, а система налогообложения и ставка НДС для чеков не заданы: чеки уходят с «УСН доход» и «Без НДС». ',
            'The shop is open to buyers but the taxation system and VAT rate of its receipts are not set: receipts go with “simplified, income” and “no VAT”. ',
          )}
          {staff.role === 'admin' ? (
            <Link to="/admin/settings?group=receipts">
              {tr('Задать в настройках', 'Set them in the settings')}
            </Link>
          ) : (
            tr(
              'Попросите администратора задать их в настройках.',
              'Ask an administrator to set them in the settings.',
            )
          )}
        </p>
      ) : null}
      <div className="adm-grid">
        <PaidCard title={tr('Сегодня', 'Today')} paid={d.today} since={d.periods.dayStart} />
        <PaidCard title={tr('Эта неделя', 'This week')} paid={d.week} since={d.periods.weekStart} />
      </div>
      <SalesSection sales={d.sales} />
      <h2 className="adm-dash__section">{tr('Ждут действий', 'Waiting for action')}</h2>
      <div className="adm-grid">
        <section className="adm-card adm-dash__card">
          <h2>{tr('Ждут отправки', 'Waiting for shipment')}</h2>
          <p className="adm-dash__figure">{d.awaitingShipment.orders}</p>
          <p className="adm-muted">
            {d.awaitingShipment.oldestAt
              ? `${tr('самый ранний от', 'oldest placed')} ${formatDateTime(d.awaitingShipment.oldestAt, locale)}`
              : tr('оплаченных заказов к отправке нет', 'no paid order to ship')}
          </p>
          {manages ? (
            <Link to="/admin/orders?status=paid">{tr('Открыть заказы', 'Open the orders')}</Link>
          ) : null}
        </section>
        <section className="adm-card adm-dash__card">
          <h2>{tr('Неоплаченные держат товар', 'Unpaid orders holding stock')}</h2>
          <p className="adm-dash__figure">{d.unpaidHolding.orders}</p>
          <p className="adm-muted">
            {tr('единиц товара в резерве:', 'units held:')} {d.unpaidHolding.units}
          </p>
        </section>
        <section className="adm-card adm-dash__card">
          <h2>{tr('Оплачены после срока', 'Paid after expiry')}</h2>
          <p className={`adm-dash__figure${d.refundsDue > 0 ? ' adm-dash__figure--bad' : ''}`}>
            {d.refundsDue}
          </p>
          <p className="adm-muted">{tr('нужен возврат денег', 'refund needed')}</p>
          {manages ? <Link to="/admin/refunds-due">{tr('К возвратам', 'Open the refunds due')}</Link> : null}
        </section>
        <section className="adm-card adm-dash__card">
          <h2>{tr('Примерка не передана курьеру', 'Try-on not with the courier')}</h2>
          <p
            className={`adm-dash__figure${d.tryOnOverdue.orders.length > 0 ? ' adm-dash__figure--bad' : ''}`}
          >
            {d.tryOnOverdue.orders.length}
          </p>
          <p className="adm-muted">
            {tr(
              'будут отменены с возвратом доставки, если их не оставить',
              'cancelled with the delivery refunded unless kept',
            )}
          </p>
          {manages
            ? d.tryOnOverdue.orders.map((n) => (
                <Link key={n} to={`/admin/orders/${n}`}>
                  №{n}{' '}
                </Link>
              ))
            : null}
        </section>
        <section className="adm-card adm-dash__card">
          <h2>{tr('Сбои внешних сервисов', 'Failed provider calls')}</h2>
          <dl className="adm-dl">
            <dt>{tr('CRM: ждут повтора', 'CRM: waiting for a retry')}</dt>
            <dd>{crm.pending}</dd>
            <dt>{tr('CRM: не доставлены', 'CRM: given up')}</dt>
            <dd className={crm.failed > 0 ? 'adm-dash__bad' : undefined}>{crm.failed}</dd>
          </dl>
          <p className="adm-muted adm-dash__note">
            {tr(
              'CRM: заявки обратного звонка и вопросы, которые магазин передаёт с повторами.',
              'CRM: the callback and question forms the shop passes on with retries.',
            )}
          </p>
          {failures.length > 0 ? (
            <dl className="adm-dl adm-dash__failures">
              {failuresByService(failures, locale).map(([service, count]) => (
                <div key={service} style={{ display: 'contents' }}>
                  <dt>{service}</dt>
                  <dd className="adm-dash__bad">{staffPlural('failures', count, locale)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <p className="adm-muted adm-dash__note">
            {failures.length > 0
              ? tr(
                  'Сбои платежей, SMS, почты и служб доставки — на этом сервере с его запуска.',
                  'Failed payment, SMS, e-mail and carrier calls: on this server since it started.',
                )
              : tr(
                  'Других сбоев на этом сервере с его запуска не было.',
                  'No other failed call on this server since it started.',
                )}
          </p>
        </section>
      </div>
    </div>
  );
}
