import '../../admin/admin.css';
import { useEffect, useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading, AdminLocaleProvider, AuthCard } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';
import { ErrorNote } from '../../admin/ui/notes.tsx';

export const handle = { admin: true };

export function meta() {
  return [{ title: 'Вход в панель управления' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader() {
  return adminApi<{ signedIn: boolean; next: 'enrol' | 'second-factor' | null }>('/api/admin/auth/me', {
    redirectOn401: false,
  });
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type Step = 'password' | 'enrol' | 'second-factor' | 'recovery-codes';

/** Where to go after signing in: only a back-office path of this shop. */
function safeNext(next: string | null): string {
  return next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('/admin/sign-in') ? next : '/admin';
}

function SignIn() {
  const tr = useTr();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const me = useLoaderData<typeof clientLoader>();
  const [step, setStep] = useState<Step>(me.next ?? 'password');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<{ qrSvg: string; secret: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const [useRecovery, setUseRecovery] = useState(false);
  // Asked for by the server while the account is under attack: the password goes with the app's code.
  const [withCode, setWithCode] = useState(false);

  useEffect(() => {
    if (me.signedIn) window.location.assign(next);
  }, [me.signedIn, next]);

  useEffect(() => {
    if (step !== 'enrol' || enrolment) return;
    adminApi<{ qrSvg: string; secret: string }>('/api/admin/auth/enrol/start', { method: 'POST', body: {} })
      .then(setEnrolment)
      .catch((e) => setError({ message: errorText(e) }));
  }, [step, enrolment]);

  async function submit(event: React.FormEvent<HTMLFormElement>, action: () => Promise<void>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError({ message: errorText(e), field: e instanceof AdminApiError ? e.field : undefined });
      if (e instanceof AdminApiError && e.field === 'code' && step === 'password') setWithCode(true);
      if (e instanceof AdminApiError && e.status === 401 && step !== 'password') setStep('password');
    } finally {
      setBusy(false);
    }
  }

  const errorBox = <ErrorNote message={error?.message} />;

  return (
    <AuthCard>
      {step === 'password' ? (
        <>
          <h1>{tr('Вход для сотрудников', 'Staff sign-in')}</h1>
          <form
            onSubmit={(event) =>
              submit(event, async () => {
                const data = new FormData(event.currentTarget);
                const answer = await adminApi<{ next: 'enrol' | 'second-factor' | null }>(
                  '/api/admin/auth/sign-in',
                  {
                    method: 'POST',
                    body: {
                      email: data.get('email'),
                      password: data.get('password'),
                      ...(withCode ? { code: data.get('code') } : {}),
                    },
                    redirectOn401: false,
                  },
                );
                if (answer.next === null) window.location.assign(next);
                else setStep(answer.next);
              })
            }
          >
            <label className="adm-field">
              E-mail
              <input name="email" type="email" autoComplete="username" required />
            </label>
            <label className="adm-field">
              {tr('Пароль', 'Password')}
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
            {withCode ? (
              <label className="adm-field">
                {tr('Код из приложения-аутентификатора', 'Code from the authenticator app')}
                <input
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  required
                />
              </label>
            ) : null}
            {errorBox}
            <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
              {tr('Войти', 'Sign in')}
            </button>
          </form>
        </>
      ) : null}
      {step === 'enrol' ? (
        <>
          <h1>{tr('Настройка второго фактора', 'Set up the second factor')}</h1>
          <p>
            {tr(
              'Отсканируйте код приложением-аутентификатором (Google Authenticator, Яндекс Ключ, 1Password) и введите шестизначный код из него.',
              'Scan the code with an authenticator app (Google Authenticator, 1Password, Authy) and enter the six-digit code it shows.',
            )}
          </p>
          {enrolment ? (
            <>
              <div
                className="adm-qr"
                role="img"
                aria-label={tr('QR-код для приложения', 'QR code for the app')}
                // The SVG is drawn by the server from the otpauth address it made itself.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's SVG
                dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
              />
              <p className="adm-muted">
                {tr('Или введите ключ вручную:', 'Or type the key by hand:')}{' '}
                <span className="adm-secret" data-testid="totp-secret">
                  {enrolment.secret}
                </span>
              </p>
            </>
          ) : null}
          <form
            onSubmit={(event) =>
              submit(event, async () => {
                const data = new FormData(event.currentTarget);
                const answer = await adminApi<{ recoveryCodes: string[] }>('/api/admin/auth/enrol/confirm', {
                  method: 'POST',
                  body: { code: data.get('code') },
                  redirectOn401: false,
                });
                setRecoveryCodes(answer.recoveryCodes);
                setStep('recovery-codes');
              })
            }
          >
            <label className="adm-field">
              {tr('Код из приложения', 'Code from the app')}
              <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" required />
            </label>
            {errorBox}
            <button type="submit" className="adm-btn adm-btn--primary" disabled={busy || !enrolment}>
              {tr('Подтвердить', 'Confirm')}
            </button>
          </form>
        </>
      ) : null}
      {step === 'recovery-codes' ? (
        <>
          <h1>{tr('Коды восстановления', 'Recovery codes')}</h1>
          <p>
            {tr(
              'Сохраните их в надёжном месте: каждый код заменяет код из приложения один раз. Больше они показаны не будут.',
              'Keep them somewhere safe: each one replaces an app code once. They will not be shown again.',
            )}
          </p>
          <ol className="adm-codes" data-testid="recovery-codes">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            onClick={() => window.location.assign(next)}
          >
            {tr('Я сохранил коды, продолжить', 'I have saved them, continue')}
          </button>
        </>
      ) : null}
      {step === 'second-factor' ? (
        <>
          <h1>{tr('Второй фактор', 'Second factor')}</h1>
          <form
            onSubmit={(event) =>
              submit(event, async () => {
                const data = new FormData(event.currentTarget);
                const value = String(data.get('code') ?? '');
                await adminApi('/api/admin/auth/second-factor', {
                  method: 'POST',
                  body: useRecovery ? { recoveryCode: value } : { code: value },
                  redirectOn401: false,
                });
                window.location.assign(next);
              })
            }
          >
            <label className="adm-field">
              {useRecovery
                ? tr('Код восстановления', 'Recovery code')
                : tr('Код из приложения', 'Code from the app')}
              <input
                key={String(useRecovery)}
                name="code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                required
              />
            </label>
            {errorBox}
            <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
              {tr('Войти', 'Sign in')}
            </button>
            <button type="button" className="adm-btn" onClick={() => setUseRecovery((v) => !v)}>
              {useRecovery
                ? tr('Ввести код из приложения', 'Use a code from the app')
                : tr('Нет доступа к приложению', 'No access to the app')}
            </button>
          </form>
        </>
      ) : null}
    </AuthCard>
  );
}

export default function SignInPage() {
  return (
    <AdminLocaleProvider>
      <SignIn />
    </AdminLocaleProvider>
  );
}
