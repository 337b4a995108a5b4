import '../../admin/admin.css';
import { useState } from 'react';
import { data, useLoaderData } from 'react-router';
import { appContext } from '#app-context';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { AdminLocaleProvider, AuthCard } from '../../admin/frame.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import type { Route } from './+types/setup';

export const handle = { admin: true };

export function meta() {
  return [{ title: 'Первый администратор' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The first admin's setup link printed by the shop's start (core/accounts/first-admin.service.ts):
 * a dead link (used, replaced, expired, or the shop has an admin) is the back office's 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const link = await context.get(appContext).services.firstAdmin.getLink(token);
  if (!link) return data({ token: '', live: false }, { status: 404 });
  return { token, live: true };
}

type Step =
  | { kind: 'contact' }
  | { kind: 'code'; sentTo: 'email' | 'phone'; contact: string }
  | { kind: 'done'; email: string };
type Failure = { message: string; field?: string } | null;

const failureOf = (e: unknown): Failure => ({
  message: errorText(e),
  field: e instanceof AdminApiError ? e.field : undefined,
});

function Setup() {
  const t = useStaffText();
  const { token, live } = useLoaderData<typeof loader>();
  const [step, setStep] = useState<Step>({ kind: 'contact' });
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [error, setError] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(failureOf(e));
    } finally {
      setBusy(false);
    }
  }

  const alert = <ErrorNote message={error?.message} />;

  return (
    <AuthCard>
      {!live ? (
        <section aria-labelledby="setup-missing">
          <p className="adm-muted">404</p>
          <h1 id="setup-missing">{t('page.not_found')}</h1>
          <p>{t('setup.not_found_hint')}</p>
          <a href="/admin/sign-in">{t('setup.sign_in')}</a>
        </section>
      ) : step.kind === 'done' ? (
        <>
          <h1>{t('setup.title')}</h1>
          <StatusNote>{t('setup.done', { email: step.email })}</StatusNote>
          <a className="adm-btn adm-btn--primary" href="/admin/sign-in">
            {t('setup.sign_in')}
          </a>
        </>
      ) : step.kind === 'contact' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const email = String(form.get('email') ?? '');
            const phone = String(form.get('phone') ?? '');
            void run(async () => {
              const sent = await adminApi<{ sentTo: 'email' | 'phone' }>('/api/admin/setup/send-code', {
                method: 'POST',
                body: { token, email, channel, ...(channel === 'sms' ? { phone } : {}) },
                redirectOn401: false,
              });
              setStep({
                kind: 'code',
                sentTo: sent.sentTo,
                contact: sent.sentTo === 'email' ? email.trim().toLowerCase() : phone.replace(/\D/g, ''),
              });
            });
          }}
        >
          <h1>{t('setup.title')}</h1>
          <p>{t('setup.intro')}</p>
          <label className="adm-field" data-invalid={error?.field === 'email'}>
            {t('setup.email')}
            <input name="email" type="email" autoComplete="email" required maxLength={254} />
          </label>
          <fieldset className="adm-field" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ padding: 0, marginBottom: 4 }}>{t('setup.send_to')}</legend>
            <label className="adm-row">
              <input
                type="radio"
                name="channel"
                checked={channel === 'email'}
                onChange={() => setChannel('email')}
              />
              {t('setup.send_to_email')}
            </label>
            <label className="adm-row">
              <input
                type="radio"
                name="channel"
                checked={channel === 'sms'}
                onChange={() => setChannel('sms')}
              />
              {t('setup.send_to_phone')}
            </label>
          </fieldset>
          {channel === 'sms' ? (
            <label className="adm-field" data-invalid={error?.field === 'phone'}>
              {t('setup.phone')}
              <input name="phone" type="tel" autoComplete="tel" required maxLength={40} />
            </label>
          ) : null}
          {alert}
          <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
            {t('setup.send_code')}
          </button>
        </form>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            void run(async () => {
              const done = await adminApi<{ email: string }>('/api/admin/setup/complete', {
                method: 'POST',
                body: {
                  token,
                  code: form.get('code'),
                  name: form.get('name'),
                  password: form.get('password'),
                },
                redirectOn401: false,
              });
              setStep({ kind: 'done', email: done.email });
            });
          }}
        >
          <h1>{t('setup.title')}</h1>
          <p role="status">
            {t(step.sentTo === 'email' ? 'setup.code_sent_email' : 'setup.code_sent_phone', {
              contact: step.contact,
            })}
          </p>
          <label className="adm-field" data-invalid={error?.field === 'code'}>
            {t('setup.code')}
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{4,6}"
              required
              maxLength={6}
            />
          </label>
          <label className="adm-field">
            {t('setup.name')}
            <input name="name" autoComplete="name" required maxLength={100} />
          </label>
          <label className="adm-field" data-invalid={error?.field === 'password'}>
            {t('setup.password')}
            <input name="password" type="password" autoComplete="new-password" minLength={12} required />
          </label>
          {alert}
          <div className="adm-row">
            <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
              {t('setup.create')}
            </button>
            <button
              type="button"
              className="adm-btn"
              onClick={() => {
                setError(null);
                setStep({ kind: 'contact' });
              }}
            >
              {t('setup.other_contact')}
            </button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}

export default function SetupPage() {
  return (
    <AdminLocaleProvider>
      <Setup />
    </AdminLocaleProvider>
  );
}
