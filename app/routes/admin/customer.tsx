import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { CustomerConsent } from '../../../core/accounts/customers-list.wire.ts';
import { roleName, staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { formatPhone, fullName, ProvenBadge } from '../../admin/customers/contacts.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';

interface Customer {
  id: string;
  name: string;
  secondName: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  birthDate: string | null;
  role: string;
  notificationChannel: string;
  createdAt: string;
}
interface Address {
  id: number;
  country: string;
  postcode: string;
  city: string;
  street: string;
  house: string;
  entrance: string;
  floor: string;
  room: string;
}
interface OrderRow {
  number: number;
  status: string;
  locale: string;
  createdAt: string;
  total: number;
  displayCurrency: string;
  displayTotal: number | null;
  byAccount: boolean;
}
type Consent = CustomerConsent;
interface CustomerPage {
  customer: Customer;
  addresses: Address[];
  orders: OrderRow[];
  consents: Consent[];
}

export async function clientLoader({ params }: { params: { id?: string } }) {
  return adminApi<CustomerPage>(`/api/admin/customers/${encodeURIComponent(params.id ?? '')}`);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export function ErrorBoundary() {
  return (
    <div className="adm-page">
      <p className="adm-error" role="alert">
        Покупатель не найден / Customer not found
      </p>
      <Link to="/admin/customers">← Покупатели / Customers</Link>
    </div>
  );
}

function useStatusLabel() {
  const tr = useTr();
  const labels: Record<string, [string, string]> = {
    new: ['новый', 'new'],
    awaiting_payment: ['ждёт оплаты', 'awaiting payment'],
    paid: ['оплачен', 'paid'],
    confirmed: ['подтверждён', 'confirmed'],
    ready_for_pickup: ['ждёт в пункте выдачи', 'ready for pickup'],
    shipped: ['отправлен', 'shipped'],
    delivered: ['доставлен', 'delivered'],
    cancelled: ['отменён', 'cancelled'],
    payment_failed: ['не оплачен', 'payment failed'],
  };
  return (status: string) => {
    const l = labels[status];
    return l ? tr(l[0], l[1]) : status;
  };
}

function channelLabel(channel: string, tr: (ru: string, en: string) => string) {
  switch (channel) {
    case 'sms':
      return 'SMS';
    case 'email':
      return 'E-mail';
    case 'sms-email':
      return 'SMS + e-mail';
    default:
      return tr('не уведомлять', 'none');
  }
}

/** Saves the export as a file: the browser never keeps it anywhere else. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export default function CustomerPageView() {
  const tr = useTr();
  const locale = useAdminLocale();
  const statusLabel = useStatusLabel();
  const navigate = useNavigate();
  const { customer: c, addresses, orders, consents } = useLoaderData<typeof clientLoader>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirm, setConfirm] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const isStaff = c.role !== 'customer';

  async function exportData() {
    setBusy(true);
    setMessage(null);
    try {
      const data = await adminApi<unknown>(`/api/admin/customers/${c.id}/export`, { method: 'POST' });
      download(`customer-${c.id}.json`, data);
      setMessage({ ok: true, text: tr('Выгрузка сохранена', 'The export was downloaded') });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setConfirmError(null);
    try {
      const result = await adminApi<{ orders: number[] }>(`/api/admin/customers/${c.id}`, {
        method: 'DELETE',
        body: { confirm },
      });
      navigate('/admin/customers', {
        state: {
          deleted: tr(
            `Данные покупателя удалены; обезличено заказов: ${result.orders.length}`,
            `The customer's data was deleted; orders anonymised: ${result.orders.length}`,
          ),
        },
      });
    } catch (e) {
      if (e instanceof AdminApiError && e.field === 'confirm') setConfirmError(e.message);
      else setMessage({ ok: false, text: errorText(e) });
      setBusy(false);
    }
  }

  return (
    <div className="adm-page">
      <p>
        <Link to="/admin/customers">← {tr('Покупатели', 'Customers')}</Link>
      </p>
      <div className="adm-page__head">
        <h1>{fullName(c) || tr('Покупатель без имени', 'Customer without a name')}</h1>
        <div className="adm-row">
          <Link to={`/admin/audit?entityType=customer&entityId=${c.id}`}>
            {tr('Журнал изменений', 'Audit log')}
          </Link>
          <button type="button" className="adm-btn" onClick={exportData} disabled={busy}>
            {tr('Выгрузить данные (JSON)', 'Export data (JSON)')}
          </button>
        </div>
      </div>
      {message ? (
        <p className={message.ok ? 'adm-ok' : 'adm-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="profile-title">
          <h2 id="profile-title">{tr('Профиль', 'Profile')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Имя', 'First name')}</dt>
            <dd>{c.name || '—'}</dd>
            <dt>{tr('Фамилия', 'Last name')}</dt>
            <dd>{c.secondName || '—'}</dd>
            <dt>{tr('Дата рождения', 'Birth date')}</dt>
            <dd>{c.birthDate || '—'}</dd>
            <dt>{tr('Уведомления', 'Notifications')}</dt>
            <dd>{channelLabel(c.notificationChannel, tr)}</dd>
            <dt>{tr('Регистрация', 'Registered')}</dt>
            <dd>{formatDateTime(c.createdAt, locale)}</dd>
            {isStaff ? (
              <>
                <dt>{tr('Роль', 'Role')}</dt>
                <dd>
                  <span className="adm-badge adm-badge--warn">{roleName(c.role, locale)}</span>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="adm-card" aria-labelledby="contacts-title">
          <h2 id="contacts-title">{tr('Контакты', 'Contacts')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Телефон', 'Phone')}</dt>
            <dd>
              {c.phone ? (
                <>
                  {formatPhone(c.phone)} <ProvenBadge proven={c.phoneVerified} />
                </>
              ) : (
                '—'
              )}
            </dd>
            <dt>E-mail</dt>
            <dd className="adm-cust__email">
              {c.email ? (
                <>
                  {c.email} <ProvenBadge proven={c.emailVerified} />
                </>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </section>
      </div>

      <section className="adm-card" aria-labelledby="addresses-title">
        <h2 id="addresses-title">{tr('Сохранённые адреса', 'Saved addresses')}</h2>
        {addresses.length === 0 ? (
          <p className="adm-muted">{tr('Нет', 'None')}</p>
        ) : (
          <ul className="adm-cust__list">
            {addresses.map((a) => (
              <li key={a.id}>
                {[a.postcode, a.country, a.city, a.street, a.house].filter(Boolean).join(', ')}
                {a.room ? `, ${tr('кв.', 'apt')} ${a.room}` : ''}
                {a.entrance ? `, ${tr('подъезд', 'entrance')} ${a.entrance}` : ''}
                {a.floor ? `, ${tr('этаж', 'floor')} ${a.floor}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="adm-card" aria-labelledby="orders-title">
        <h2 id="orders-title">{tr('Заказы', 'Orders')}</h2>
        {orders.length === 0 ? (
          <p className="adm-muted">{tr('Заказов нет', 'No orders')}</p>
        ) : (
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">№</th>
                  <th scope="col">{tr('Дата', 'Date')}</th>
                  <th scope="col">{tr('Статус', 'Status')}</th>
                  <th scope="col" className="adm-num">
                    {tr('Сумма', 'Total')}
                  </th>
                  <th scope="col">{tr('Как связан', 'Linked by')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.number}>
                    <td>
                      <Link to={`/admin/orders/${o.number}`}>{o.number}</Link>
                    </td>
                    <td>{formatDateTime(o.createdAt, locale)}</td>
                    <td>{statusLabel(o.status)}</td>
                    <td className="adm-num">
                      {formatMoney(o.total, locale)}
                      {o.displayCurrency !== 'RUB' && o.displayTotal !== null ? (
                        <span className="adm-muted">
                          {' '}
                          · {formatMoney(o.displayTotal, locale, o.displayCurrency)}
                        </span>
                      ) : null}
                    </td>
                    <td className="adm-muted">
                      {o.byAccount
                        ? tr('из кабинета', 'signed in')
                        : tr('гость, тот же контакт', 'guest, same contact')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="adm-card" aria-labelledby="consents-title">
        <h2 id="consents-title">{tr('Согласия', 'Consents')}</h2>
        {consents.length === 0 ? (
          <p className="adm-muted">{tr('Нет записей', 'No records')}</p>
        ) : (
          // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
          <div className="adm-table-wrap" tabIndex={0}>
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">{tr('Где', 'Where')}</th>
                  <th scope="col">{tr('Версия текста', 'Text version')}</th>
                  <th scope="col">{tr('Когда', 'When')}</th>
                  <th scope="col">{tr('Адрес', 'Address')}</th>
                </tr>
              </thead>
              <tbody>
                {consents.map((k) => (
                  <tr key={`${k.source}-${k.at}`}>
                    <td>
                      {k.source === 'registration'
                        ? tr('регистрация', 'registration')
                        : k.source === 'marketing'
                          ? tr('рассылки и напоминания (38-ФЗ)', 'marketing messages (38-FZ)')
                          : k.source.replace('order', tr('заказ', 'order'))}
                      {k.channel ? (
                        <span className="adm-muted">
                          {' '}
                          · {staffMessage(`consent.channel.${k.channel}`, locale)}
                        </span>
                      ) : null}
                    </td>
                    <td>{k.version ?? '—'}</td>
                    <td>{formatDateTime(k.at, locale)}</td>
                    <td>{k.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="adm-card adm-cust__danger" aria-labelledby="delete-title">
        <h2 id="delete-title">{tr('Удаление по запросу', 'Deletion on request')}</h2>
        {isStaff ? (
          <p className="adm-muted">
            {tr(
              'Это сотрудник. Сначала снимите роль в разделе «Сотрудники».',
              'This is a staff member. Remove their role on the Staff page first.',
            )}
          </p>
        ) : (
          <form onSubmit={remove} className="adm-stack">
            <p className="adm-muted">
              {tr(
                'Профиль, адреса, корзина, сессии, подписки и напоминания удаляются; заказы остаются для учёта без имени, телефона, e-mail и адреса. Отменить нельзя.',
                'The profile, addresses, cart, sessions, sign-ups and reminders are deleted; orders stay for accounting without the name, phone, e-mail and address. This cannot be undone.',
              )}
            </p>
            <label className="adm-field" data-invalid={confirmError ? 'true' : undefined}>
              {tr(
                'Для подтверждения введите e-mail или телефон покупателя',
                "To confirm, type the customer's e-mail or phone",
              )}
              <input
                name="confirm"
                value={confirm}
                autoComplete="off"
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? 'confirm-error' : undefined}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </label>
            {confirmError ? (
              <p className="adm-error" id="confirm-error" role="alert">
                {confirmError}
              </p>
            ) : null}
            <div>
              <button
                type="submit"
                className="adm-btn adm-btn--danger"
                disabled={busy || confirm.trim() === ''}
              >
                {tr('Удалить данные покупателя', "Delete the customer's data")}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
