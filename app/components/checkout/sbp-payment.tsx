import { useEffect, useMemo, useRef } from 'react';
import { encode } from 'uqr';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';

/** How often the order's payment state is asked while the shopper pays in the bank app. */
const POLL_MS = 2000;

/** The QR of `text` as one SVG path of unit squares (a quiet zone of two modules around it). */
function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { border: 2, ecc: 'M' });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size, path: parts.join('') };
}

/**
 * SBP (docs/decisions/0036-sbp-and-two-stage-payments.md): the payment's SBP link as a QR on a wide
 * screen, the button that opens the bank app on a phone; the order's payment state is asked every
 * 2 s and the result screen opens once the bank has answered (paid, or failed).
 */
export function SbpPayment({ link, orderID }: { link: string; orderID: number }) {
  const t = useT();
  const shop = useShop();
  const qr = useMemo(() => qrPath(link), [link]);
  const panel = useRef<HTMLDivElement>(null);

  // The panel opens below the pay button: brought into view so the QR (or the button) is seen.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'center' });
  }, []);

  useEffect(() => {
    const prefix = shop.locale === 'en' ? '/en' : '';
    let stopped = false;
    let timer = 0;
    async function poll() {
      try {
        const res = await fetch(`/api/orders/payment-state?orderID=${orderID}`, {
          headers: { 'accept-language': shop.locale },
        });
        const body = res.ok ? ((await res.json()) as { data?: { state?: string } }) : null;
        const state = body?.data?.state;
        if (!stopped && (state === 'paid' || state === 'failed')) {
          window.location.assign(`${prefix}/?success=${state === 'paid'}&orderID=${orderID}`);
          return;
        }
      } catch {
        // A lost answer: asked again at the next tick.
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), POLL_MS);
    }
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [orderID, shop.locale]);

  return (
    <div ref={panel} className="sbp-pay" data-testid="sbp-payment">
      <p className="field__label">{t('payment.sbp.title', { order: orderID })}</p>
      <figure className="sbp-pay__qr">
        <svg
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          width="200"
          height="200"
          role="img"
          aria-label={t('payment.sbp.qr')}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#1d1b18" />
        </svg>
        <figcaption className="checkout-form__note">{t('payment.sbp.scan')}</figcaption>
      </figure>
      <a className="button button--dark sbp-pay__app" href={link}>
        {t('payment.sbp.open')}
      </a>
      <p className="checkout-form__note sbp-pay__waiting" role="status">
        {t('payment.sbp.waiting')}
      </p>
    </div>
  );
}
