import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { useShop } from '../shop-context.ts';

/** catalogue.md §4: the confirmation shows for 3 s, then hides. */
export const SUBSCRIBED_CONFIRMATION_MS = 3000;

/** The e-mail subscription form (`GET /api/sendpulse/signup`); a refusal is shown in an alert. */
export function NewsletterForm({ id }: { id: string }) {
  const t = useT();
  const { locale } = useShop();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => setDone(false), SUBSCRIBED_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setBusy(true);
    try {
      const res = await fetch(`/api/sendpulse/signup?${new URLSearchParams({ email })}`, {
        headers: { 'accept-language': locale },
      });
      const body = (await res.json()) as { result?: boolean; message?: string };
      if (res.ok && body.result) {
        form.reset();
        setDone(true);
      } else {
        window.alert(body.message ?? t('engage.failed'));
      }
    } catch {
      window.alert(t('engage.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="newsletter" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t('engage.email')}
      </label>
      <input
        id={id}
        className="field__input newsletter__input"
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder={t('menu.subscribePlaceholder')}
      />
      <button type="submit" className="button button--dark" disabled={busy}>
        {t('engage.subscribe')}
      </button>
      {done ? (
        <p className="newsletter__done" role="status">
          {t('engage.subscribed')}
        </p>
      ) : null}
    </form>
  );
}
