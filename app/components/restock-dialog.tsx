import { type FormEvent, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { useShop } from '../shop-context.ts';
import { CloseIcon } from './icons.tsx';

/** The restock and pre-order sign-up popup (catalogue.md §2): an e-mail is required. */
export function RestockDialog({
  productId,
  dialogRef,
}: {
  productId: string;
  dialogRef: React.RefObject<HTMLDialogElement | null>;
}) {
  const t = useT();
  const { locale } = useShop();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(
        `/api/preorder/sign-up?${new URLSearchParams({ email, productID: productId })}`,
        { headers: { 'accept-language': locale } },
      );
      const body = (await res.json()) as { message?: string };
      if (res.ok) setMessage(body.message ?? '');
      else setError(body.message ?? t('restock.failed'));
    } catch {
      setError(t('restock.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialogRef} className="modal modal--small" aria-labelledby="restock-title">
      <div className="sheet__head">
        <h2 id="restock-title" className="sheet__title">
          {t('restock.title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('product.close')}
          onClick={() => dialogRef.current?.close()}
        >
          <CloseIcon />
        </button>
      </div>
      {message ? (
        <p role="status">{message}</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <p className="form__text">{t('restock.text')}</p>
          <label className="field">
            <span className="field__label">{t('restock.email')}</span>
            <input className="field__input" type="email" name="email" required autoComplete="email" />
          </label>
          {error ? (
            <p className="form__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--dark button--wide" disabled={busy}>
            {t('restock.submit')}
          </button>
        </form>
      )}
    </dialog>
  );
}
