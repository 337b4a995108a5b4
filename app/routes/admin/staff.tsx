import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { roleName } from '../../../core/staff-messages.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';

type Role = 'admin' | 'manager' | 'editor';
interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  enrolled: boolean;
  version: number;
}
interface Invite {
  id: number;
  email: string;
  role: Role;
  expiresAt: string;
}

export async function clientLoader() {
  return adminApi<{ staff: Member[]; invites: Invite[] }>('/api/admin/staff');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function StaffPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const me = useStaff();
  const { staff, invites } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage({ ok: true, text: done });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
      revalidator.revalidate();
    }
  }

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Сотрудники', 'Staff')}</h1>
      </div>
      {message ? (
        <p className={message.ok ? 'adm-ok' : 'adm-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <section className="adm-card" aria-labelledby="invite-title">
        <h2 id="invite-title">{tr('Пригласить сотрудника', 'Invite a staff member')}</h2>
        <form
          className="adm-filters"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const data = new FormData(form);
            void run(
              () =>
                adminApi('/api/admin/staff/invite', {
                  method: 'POST',
                  body: { email: data.get('email'), role: data.get('role'), locale },
                }).then(() => form.reset()),
              tr('Приглашение отправлено', 'The invitation was sent'),
            );
          }}
        >
          <label className="adm-field">
            E-mail
            <input name="email" type="email" required />
          </label>
          <label className="adm-field">
            {tr('Роль', 'Role')}
            <select name="role" defaultValue="manager">
              <option value="manager">{roleName('manager', locale)}</option>
              <option value="editor">{roleName('editor', locale)}</option>
              <option value="admin">{roleName('admin', locale)}</option>
            </select>
          </label>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
            {tr('Пригласить', 'Invite')}
          </button>
        </form>
        {invites.length > 0 ? (
          <div className="adm-table-wrap">
            <table className="adm-table">
              <caption className="adm-muted" style={{ textAlign: 'left', padding: '8px 0' }}>
                {tr('Ожидают ответа', 'Waiting for an answer')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">{tr('Роль', 'Role')}</th>
                  <th scope="col">{tr('Действует до', 'Valid until')}</th>
                </tr>
              </thead>
              <tbody>
                {invites.map((invite) => (
                  <tr key={invite.id}>
                    <td>{invite.email}</td>
                    <td>{roleName(invite.role, locale)}</td>
                    <td>{formatDateTime(invite.expiresAt, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section className="adm-card" aria-labelledby="staff-title">
        <h2 id="staff-title">{tr('Команда', 'The team')}</h2>
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{tr('Сотрудник', 'Staff member')}</th>
                <th scope="col">{tr('Роль', 'Role')}</th>
                <th scope="col">{tr('Второй фактор', 'Second factor')}</th>
                <th scope="col">
                  <span className="adm-muted">{tr('Действия', 'Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name || '—'}
                    <br />
                    <span className="adm-muted">{member.email}</span>
                  </td>
                  <td>
                    <select
                      aria-label={`${tr('Роль', 'Role')}: ${member.email}`}
                      value={member.role}
                      disabled={busy || member.id === me.id}
                      onChange={(event) =>
                        void run(
                          () =>
                            adminApi(`/api/admin/staff/${member.id}`, {
                              method: 'PATCH',
                              body: { role: event.target.value, version: member.version },
                            }),
                          tr('Роль изменена', 'The role was changed'),
                        )
                      }
                    >
                      <option value="admin">{roleName('admin', locale)}</option>
                      <option value="manager">{roleName('manager', locale)}</option>
                      <option value="editor">{roleName('editor', locale)}</option>
                    </select>
                  </td>
                  <td>
                    {member.enrolled ? (
                      <span className="adm-badge adm-badge--ok">{tr('настроен', 'set up')}</span>
                    ) : (
                      <span className="adm-badge adm-badge--warn">
                        {tr('при первом входе', 'at first sign-in')}
                      </span>
                    )}
                  </td>
                  <td>
                    <div className="adm-row">
                      <a className="adm-btn" href={`/admin/audit?entityType=staff&entityId=${member.id}`}>
                        {tr('Журнал', 'Log')}
                      </a>
                      {member.id !== me.id ? (
                        <button
                          type="button"
                          className="adm-btn adm-btn--danger"
                          disabled={busy}
                          onClick={() => {
                            if (
                              !window.confirm(
                                tr(
                                  `Убрать ${member.email} из команды?`,
                                  `Remove ${member.email} from the team?`,
                                ),
                              )
                            )
                              return;
                            void run(
                              () =>
                                adminApi(`/api/admin/staff/${member.id}/remove`, {
                                  method: 'POST',
                                  body: { version: member.version },
                                }),
                              tr('Сотрудник удалён из команды', 'The staff member was removed'),
                            );
                          }}
                        >
                          {tr('Убрать', 'Remove')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
