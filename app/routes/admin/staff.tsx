import '../../admin/ui/kit.css';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { roleName } from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { type StaffInvite, type StaffMember, type StaffRole, staffApi } from '../../admin/team/staff-api.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

const roles: StaffRole[] = ['admin', 'manager', 'editor'];

export async function clientLoader() {
  return callApi(staffApi.list);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function StaffPage() {
  const t = useStaffText();
  const { locale } = t;
  const me = useStaff();
  const { staff, invites } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [ask, confirmDialog] = useConfirm();
  const [doneText, setDoneText] = useState('');
  // Every change says what it did, or the server's refusal; the list is read again either way.
  const action = useAction(async (call: () => Promise<unknown>, done: string) => {
    setDoneText(done);
    try {
      return await call();
    } finally {
      await revalidator.revalidate();
    }
  });
  const message = action.error ?? action.conflict?.message ?? null;

  async function remove(member: StaffMember) {
    const yes = await ask({
      title: t('staff_page.remove_from_the_team', { email: member.email }),
      confirm: t('marking.remove'),
      danger: true,
    });
    if (yes)
      await action.run(
        () => callApi(staffApi.remove, { id: member.id }, { version: member.version }),
        t('staff_page.the_staff_member_was'),
      );
  }

  const inviteColumns: Column<StaffInvite>[] = [
    { key: 'email', header: 'E-mail', render: (i) => i.email },
    { key: 'role', header: t('field.role'), render: (i) => roleName(i.role, locale) },
    {
      key: 'expires',
      header: t('promo.csv.valid_until'),
      render: (i) => formatDateTime(i.expiresAt, locale),
    },
  ];
  const memberColumns: Column<StaffMember>[] = [
    {
      key: 'member',
      header: t('entity.staff'),
      render: (member) => (
        <>
          {member.name || '—'}
          <br />
          <span className="adm-muted">{member.email}</span>
        </>
      ),
    },
    {
      key: 'role',
      header: t('field.role'),
      render: (member) => (
        <select
          aria-label={`${t('field.role')}: ${member.email}`}
          value={member.role}
          disabled={action.busy || member.id === me.id}
          onChange={(event) =>
            void action.run(
              () =>
                callApi(
                  staffApi.changeRole,
                  { id: member.id },
                  { role: event.target.value as StaffRole, version: member.version },
                ),
              t('staff_page.the_role_was_changed'),
            )
          }
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleName(role, locale)}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'enrolled',
      header: t('staff_page.second_factor'),
      hideOnPhone: true,
      render: (member) =>
        member.enrolled ? (
          <span className="adm-badge adm-badge--ok">{t('staff_page.set_up')}</span>
        ) : (
          <span className="adm-badge adm-badge--warn">{t('staff_page.at_first_sign_in')}</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="adm-muted">{t('order_page.actions')}</span>,
      render: (member) => (
        <div className="adm-row">
          <a className="adm-btn" href={`/admin/audit?entityType=staff&entityId=${member.id}`}>
            {t('return_page.log')}
          </a>
          {member.id !== me.id ? (
            <button
              type="button"
              className="adm-btn adm-btn--danger"
              disabled={action.busy}
              onClick={() => void remove(member)}
            >
              {t('marking.remove')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('staff_page.staff')} />
      <ErrorNote message={message} />
      {action.done ? <StatusNote>{doneText}</StatusNote> : null}
      <section className="adm-card" aria-labelledby="invite-title">
        <h2 id="invite-title">{t('staff_page.invite_a_staff_member')}</h2>
        <form
          className="adm-filters"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const data = new FormData(form);
            void action.run(
              () =>
                callApi(staffApi.invite, {
                  email: String(data.get('email') ?? ''),
                  role: String(data.get('role') ?? '') as StaffRole,
                  locale,
                }).then(() => form.reset()),
              t('staff_page.the_invitation_was_sent'),
            );
          }}
        >
          <label className="adm-field">
            E-mail
            <input name="email" type="email" required />
          </label>
          <label className="adm-field">
            {t('field.role')}
            <select name="role" defaultValue="manager">
              <option value="manager">{roleName('manager', locale)}</option>
              <option value="editor">{roleName('editor', locale)}</option>
              <option value="admin">{roleName('admin', locale)}</option>
            </select>
          </label>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={action.busy}>
            {t('staff_page.invite')}
          </button>
        </form>
        {invites.length > 0 ? (
          <>
            <h3 className="adm-muted">{t('staff_page.waiting_for_an_answer')}</h3>
            <DataTable
              label={t('staff_page.waiting_for_an_answer')}
              columns={inviteColumns}
              rows={invites}
              rowKey={(i) => i.id}
            />
          </>
        ) : null}
      </section>
      <section className="adm-card" aria-labelledby="staff-title">
        <h2 id="staff-title">{t('staff_page.the_team')}</h2>
        <DataTable
          label={t('staff_page.the_team')}
          columns={memberColumns}
          rows={staff}
          rowKey={(m) => m.id}
        />
      </section>
      {confirmDialog}
    </div>
  );
}
