import { type FormEvent, useEffect, useState } from 'react';
import { pick } from '../../core/i18n.ts';
import { useT } from '../i18n/index.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { useShop } from '../shop-context.ts';
import type { ContactPopup } from './contact-popup-context.ts';
import { CloseIcon } from './icons.tsx';

/**
 * The consultation popup (a question) and the callback popup (name, phone, configurable extra
 * fields, then a success view), both sent to `POST /api/crm/add` (catalogue.md §2, §7).
 */
export function ContactPopups({ open, onClose }: { open: ContactPopup; onClose: () => void }) {
  const t = useT();
  const { engagement, locale } = useShop();
  const ref = useModalDialog(open !== null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setSent(null);
    setError(null);
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    for (const f of engagement.callbackFields) fields[f.key] = String(data.get(`field_${f.key}`) ?? '');
    const payload =
      open === 'question'
        ? {
            form_subject: t('engage.question'),
            question: String(data.get('question') ?? ''),
            page: location.pathname,
          }
        : {
            form_subject: t('engage.callback'),
            name: String(data.get('name') ?? ''),
            phone: String(data.get('phone') ?? ''),
            fields,
            page: location.pathname,
          };
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/crm/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify(payload),
      });
      const body = (await res.json()) as { message?: string };
      if (res.ok) setSent(body.message ?? t('engage.sent'));
      else setError(body.message ?? t('engage.failed'));
    } catch {
      setError(t('engage.failed'));
    } finally {
      setBusy(false);
    }
  }

  const title = open === 'question' ? t('engage.questionTitle') : t('engage.callbackTitle');
  return (
    <dialog
      ref={ref}
      className="modal modal--small"
      aria-labelledby="contact-popup-title"
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="sheet__head">
        <h2 id="contact-popup-title" className="sheet__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t('engage.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {sent ? (
        <p role="status" className="form__text">
          {sent}
        </p>
      ) : open ? (
        <form className="form" onSubmit={submit}>
          {open === 'question' ? (
            <label className="field">
              <span className="field__label">{t('engage.questionLabel')}</span>
              <textarea
                className="field__input field__textarea"
                name="question"
                required
                maxLength={2000}
                rows={5}
              />
            </label>
          ) : (
            <>
              <label className="field">
                <span className="field__label">{t('engage.name')}</span>
                <input className="field__input" name="name" required maxLength={120} autoComplete="name" />
              </label>
              <label className="field">
                <span className="field__label">{t('engage.phone')}</span>
                <input
                  className="field__input"
                  name="phone"
                  type="tel"
                  required
                  autoComplete="tel"
                  inputMode="tel"
                  // Chromium compiles the pattern with the `v` flag: parentheses and the dash escaped in the class.
                  pattern="[+\d\s\(\)\-]{10,20}"
                  defaultValue="+7 "
                />
              </label>
              {engagement.callbackFields.map((f) => (
                <label key={f.key} className="field">
                  <span className="field__label">{pick(f.label, locale)}</span>
                  <input
                    className="field__input"
                    name={`field_${f.key}`}
                    required={f.required}
                    maxLength={500}
                  />
                </label>
              ))}
            </>
          )}
          {error ? (
            <p className="form__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--dark button--wide" disabled={busy}>
            {t('engage.send')}
          </button>
        </form>
      ) : null}
    </dialog>
  );
}
