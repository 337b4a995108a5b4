import '../../admin/admin.css';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { roleName } from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading, AdminLocaleProvider, AuthCard } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';

export const handle = { admin: true };

export function meta() {
  return [{ title: 'Приглашение' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ params }: { params: { token?: string } }) {
  const token = params.token ?? '';
  try {
    const invite = await adminApi<{ email: string; role: string }>(
      `/api/admin/invites/${encodeURIComponent(token)}`,
      {
        redirectOn401: false,
      },
    );
    return { token, invite, error: null };
  } catch (e) {
    return { token, invite: null, error: errorText(e) };
  }
}

export function HydrateFallback() {
  return <AdminLoading />;
}

function Invite() {
  const tr = useTr();
  const { token, invite, error: loadError } = useLoaderData<typeof clientLoader>();
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard>
      <h1>{tr('Приглашение в команду', 'Join the team')}</h1>
      {!invite ? (
        <p className="adm-error" role="alert">
          {loadError}
        </p>
      ) : done ? (
        <>
          <p className="adm-ok" role="status">
            {tr(
              'Пароль сохранён. Войдите и настройте второй фактор.',
              'Your password is set. Sign in and set up the second factor.',
            )}
          </p>
          <a className="adm-btn adm-btn--primary" href="/admin/sign-in">
            {tr('Войти', 'Sign in')}
          </a>
        </>
      ) : (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            setBusy(true);
            setError(null);
            try {
              await adminApi('/api/admin/invites/accept', {
                method: 'POST',
                body: { token, name: data.get('name'), password: data.get('password') },
                redirectOn401: false,
              });
              setDone(true);
            } catch (e) {
              setError({ message: errorText(e), field: e instanceof AdminApiError ? e.field : undefined });
            } finally {
              setBusy(false);
            }
          }}
        >
          <p>
            {invite.email} · {roleName(invite.role, tr('ru', 'en') === 'en' ? 'en' : 'ru')}
          </p>
          <label className="adm-field">
            {tr('Имя', 'Name')}
            <input name="name" autoComplete="name" required maxLength={100} />
          </label>
          <label className="adm-field" data-invalid={error?.field === 'password'}>
            {tr('Пароль (не короче 12 символов)', 'Password (12 characters or more)')}
            <input name="password" type="password" autoComplete="new-password" minLength={12} required />
          </label>
          {error ? (
            <p className="adm-error" role="alert">
              {error.message}
            </p>
          ) : null}
          <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
            {tr('Сохранить пароль', 'Set the password')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}

export default function InvitePage() {
  return (
    <AdminLocaleProvider>
      <Invite />
    </AdminLocaleProvider>
  );
}
