import { Link } from 'react-router';
import { salesSpans } from '../../../core/orders/dashboard.rules.ts';
import type { Compared, SalesAnswer } from '../../../core/orders/dashboard.wire.ts';
import { staffPlural } from '../../../core/staff-messages.ts';
import { formatMoney, useAdminLocale, useTr } from '../i18n.ts';
import { DayChart, RankBars } from './day-chart.tsx';

function Change({ figure }: { figure: Compared }) {
  const tr = useTr();
  const locale = useAdminLocale();
  if (figure.change === null) {
    return (
      <p className="adm-sales__change adm-muted" data-testid="sales-change">
        {tr('в прошлом периоде продаж не было', 'no sales in the period before')}
      </p>
    );
  }
  const sign = figure.change > 0 ? '+' : figure.change < 0 ? '−' : '';
  const tone =
    figure.change > 0 ? ' adm-sales__change--up' : figure.change < 0 ? ' adm-sales__change--down' : '';
  const percent = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU').format(Math.abs(figure.change));
  return (
    <p className={`adm-sales__change${tone}`} data-testid="sales-change" data-change={figure.change}>
      {sign}
      {percent} % {tr('к прошлому периоду', 'on the period before')}
    </p>
  );
}

function ChartCard({
  title,
  figure,
  shown,
  children,
}: {
  title: string;
  figure: Compared;
  shown: string;
  children: React.ReactNode;
}) {
  return (
    <section className="adm-card adm-dash__card" aria-label={title}>
      <h2>{title}</h2>
      <p className="adm-dash__figure">{shown}</p>
      <Change figure={figure} />
      {children}
    </section>
  );
}

/**
 * The dashboard's pictures of sales for 7, 30 or 90 days (the span in the address, `?days=`): revenue,
 * orders and the average order by day against the span before, the best sellers, the returns rate,
 * what sold out and the funnel of the orders placed. Money only for the roles that see revenue.
 */
export function SalesSection({ sales }: { sales: SalesAnswer }) {
  const tr = useTr();
  const locale = useAdminLocale();
  const money = (v: number) => formatMoney(v, locale);
  const count = (v: number) => new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU').format(v);
  const period = staffPlural('days', sales.days, locale);
  const { totals, series, funnel, returns } = sales;
  const averages = series.map((d) => ({
    day: d.day,
    // A day without orders has no average: the line skips it rather than dropping to zero.
    value: d.orders === 0 ? null : Math.round((d.revenue ?? 0) / d.orders),
  }));
  const ofPlaced = (n: number) =>
    funnel.placed === 0 ? '' : ` · ${Math.round((n / funnel.placed) * 100)} %`;
  return (
    <>
      <h2 className="adm-dash__section">
        {tr('Продажи за', 'Sales in the last')} {period}
      </h2>
      <nav className="adm-sales__spans" aria-label={tr('Период', 'Period')}>
        {salesSpans.map((d) => (
          <Link
            key={d}
            to={`?days=${d}`}
            preventScrollReset
            aria-current={d === sales.days ? 'page' : undefined}
          >
            {staffPlural('days', d, locale)}
          </Link>
        ))}
      </nav>
      <div className="adm-sales__grid">
        {totals.revenue ? (
          <ChartCard
            title={tr('Выручка', 'Revenue')}
            figure={totals.revenue}
            shown={money(totals.revenue.current)}
          >
            <DayChart
              points={series.map((d) => ({ day: d.day, value: d.revenue ?? 0 }))}
              label={tr('Выручка по дням', 'Revenue by day')}
              format={money}
              locale={locale}
            />
          </ChartCard>
        ) : null}
        <ChartCard
          title={tr('Оплаченные заказы', 'Paid orders')}
          figure={totals.orders}
          shown={staffPlural('orders', totals.orders.current, locale)}
        >
          <DayChart
            points={series.map((d) => ({ day: d.day, value: d.orders }))}
            label={tr('Оплаченные заказы по дням', 'Paid orders by day')}
            format={count}
            locale={locale}
          />
        </ChartCard>
        {totals.average ? (
          <ChartCard
            title={tr('Средний чек', 'Average order')}
            figure={totals.average}
            shown={money(totals.average.current)}
          >
            <DayChart
              points={averages}
              kind="line"
              label={tr('Средний чек по дням', 'Average order by day')}
              format={money}
              locale={locale}
            />
          </ChartCard>
        ) : null}
      </div>
      <div className="adm-sales__grid">
        <section className="adm-card adm-dash__card" aria-label={tr('Лучшие товары', 'Best sellers')}>
          <h2>{tr('Лучшие товары', 'Best sellers')}</h2>
          {sales.topProducts.length === 0 ? (
            <p className="adm-muted">{tr('Продаж за период нет.', 'No sales in the period.')}</p>
          ) : (
            <RankBars
              label={tr('Лучшие товары', 'Best sellers')}
              rows={sales.topProducts.map((p) => ({
                key: p.groupId,
                name: p.name,
                value: p.units,
                text:
                  staffPlural('units', p.units, locale) +
                  (p.revenue !== undefined ? ` · ${money(p.revenue)}` : ''),
              }))}
            />
          )}
        </section>
        <section className="adm-card adm-dash__card" aria-label={tr('Размеры', 'Sizes')}>
          <h2>{tr('Ходовые размеры', 'Sizes sold')}</h2>
          {sales.topSizes.length === 0 ? (
            <p className="adm-muted">{tr('Продаж за период нет.', 'No sales in the period.')}</p>
          ) : (
            <RankBars
              label={tr('Ходовые размеры', 'Sizes sold')}
              rows={sales.topSizes.map((s) => ({
                key: s.size,
                name: s.size || tr('Без размера', 'One size'),
                value: s.units,
                text: staffPlural('units', s.units, locale),
              }))}
            />
          )}
        </section>
        <section className="adm-card adm-dash__card" aria-label={tr('Возвраты', 'Returns')}>
          <h2>{tr('Доля возвратов', 'Returns rate')}</h2>
          <p className="adm-dash__figure" data-testid="returns-rate">
            {new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU').format(returns.rate)} %
          </p>
          <p className="adm-muted">
            {tr('вернули за деньги', 'returned for money')}{' '}
            {staffPlural('units', returns.returnedUnits, locale)} {tr('из', 'of')} {count(returns.soldUnits)}
            {returns.exchangedUnits > 0
              ? `; ${tr('обменяли', 'exchanged')} ${staffPlural('units', returns.exchangedUnits, locale)}`
              : ''}
          </p>
          <p className="adm-muted adm-dash__note">
            {tr(
              'Считаются заказы, оплаченные за период; отказанные и отозванные заявки не входят.',
              'Of the orders paid in the period; refused lines and withdrawn requests do not count.',
            )}
          </p>
        </section>
        <section className="adm-card adm-dash__card" aria-label={tr('Раскупили', 'Sold out')}>
          <h2>{tr('Раскупили', 'Sold out')}</h2>
          {sales.soldOut.length === 0 ? (
            <p className="adm-muted">
              {tr('Ни один продававшийся размер не закончился.', 'No size that sold has run out.')}
            </p>
          ) : (
            <ul className="adm-funnel">
              {sales.soldOut.map((v) => (
                <li key={`${v.groupId}-${v.size}`}>
                  <Link to={`/admin/products/${encodeURIComponent(v.groupId)}`}>
                    {(locale === 'en' && v.name.en) || v.name.ru}
                    {v.size ? `, ${v.size}` : ''}
                  </Link>
                  <span className="adm-muted">
                    {tr('продано', 'sold')} {staffPlural('units', v.units, locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="adm-card adm-dash__card" aria-label={tr('Воронка заказов', 'Order funnel')}>
          <h2>{tr('Воронка заказов', 'Order funnel')}</h2>
          <ol className="adm-funnel" data-testid="funnel">
            <li>
              <span>{tr('Оформлено', 'Placed')}</span>
              <span>{count(funnel.placed)}</span>
            </li>
            <li>
              <span>{tr('Оплачено', 'Paid')}</span>
              <span>
                {count(funnel.paid)}
                {ofPlaced(funnel.paid)}
              </span>
            </li>
            <li>
              <span>{tr('Отправлено', 'Sent')}</span>
              <span>
                {count(funnel.sent)}
                {ofPlaced(funnel.sent)}
              </span>
            </li>
            <li>
              <span>{tr('Получено', 'Delivered')}</span>
              <span>
                {count(funnel.delivered)}
                {ofPlaced(funnel.delivered)}
              </span>
            </li>
          </ol>
          <p className="adm-muted adm-dash__note">
            {tr(
              'Корзины магазин не хранит: корзина живёт в браузере покупателя, поэтому воронка начинается с оформленного заказа.',
              'The shop keeps no carts (a cart lives in the shopper’s browser), so the funnel starts at the placed order.',
            )}
          </p>
        </section>
      </div>
    </>
  );
}
