import '../../styles/payment.css';
import { useEffect, useRef, useState } from 'react';
import type { OrderStatusView } from '../../../core/orders/orders.types.ts';
import type { WireOrder } from '../../../core/orders/orders.wire.ts';
import { useT } from '../../i18n/index.ts';
import { pushEcommerce } from '../../lib/analytics.ts';
import { useShop } from '../../shop-context.ts';

/** How often and how long the waiting screen asks again for a confirmation still on its way. */
const RECHECK_MS = 2000;
const RECHECKS = 5;
/** The browser remembers the orders whose purchase it reported, so a reload reports nothing twice. */
const REPORTED_KEY = 'shop-purchases-reported';
const REPORTED_MAX = 20;

type Screen =
  | { kind: 'checking' }
  | { kind: 'paid' }
  | { kind: 'waiting'; gaveUp: boolean }
  | { kind: 'failed' }
  /** The order is not one this browser made (or the server cannot be reached). */
  | { kind: 'unknown' };

/** The browser that made the order reads all of it; a payer's browser its status only. */
function isFullView(view: WireOrder | OrderStatusView): view is WireOrder {
  return Array.isArray((view as Partial<WireOrder>).products);
}

function reportOnce(orderID: number): boolean {
  try {
    const list = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? '[]') as unknown;
    const seen = Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : [];
    if (seen.includes(orderID)) return false;
    localStorage.setItem(REPORTED_KEY, JSON.stringify([...seen, orderID].slice(-REPORTED_MAX)));
    return true;
  } catch {
    return true;
  }
}

/**
 * The result screen in the cart panel (checkout.md §2, §4; DECISIONS 12): the return address only
 * picks the screen, the order's state comes from the server, for `success=false` too. Paid:
 * success, the purchase reported once, the cart and the checkout form cleared. Awaiting payment
 * after `success=true`: a waiting screen that asks again a few times. Failed, cancelled, or not
 * paid after `success=false`: the failure screen with the contact phone. A payer's browser
 * (pay-by-another-person) reads the status only, through the return address's key: it sees the
 * success screen, and its own cart stays as it is.
 */
export function OrderResult({
  orderID,
  success,
  statusKey,
  onPaid,
  onClose,
  onRetry,
}: {
  orderID: number;
  success: boolean;
  /** The order's status key from the return address. */
  statusKey: string | null;
  /** The order is paid: its variants leave the cart (a quick order leaves the rest of the cart alone). */
  onPaid(variantIds: string[]): void;
  onClose(): void;
  onRetry(): void;
}) {
  const t = useT();
  const shop = useShop();
  const [screen, setScreen] = useState<Screen>({ kind: 'checking' });
  const [round, setRound] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const paidRef = useRef({ onPaid, brand: shop.shopName });
  paidRef.current = { onPaid, brand: shop.shopName };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round asks the server again
  useEffect(() => {
    let timer = 0;
    const controller = new AbortController();
    let tries = 0;
    const query = `orderID=${orderID}${statusKey ? `&key=${encodeURIComponent(statusKey)}` : ''}`;
    async function ask() {
      let view: WireOrder | OrderStatusView | null = null;
      try {
        const res = await fetch(`/api/orders/for-analytics?${query}`, { signal: controller.signal });
        if (res.status === 404) return setScreen(success ? { kind: 'unknown' } : { kind: 'failed' });
        const body = (await res.json()) as { result: boolean; data?: WireOrder | OrderStatusView };
        view = body.result && body.data ? body.data : null;
      } catch {
        if (controller.signal.aborted) return;
      }
      if (view?.paid) {
        setScreen({ kind: 'paid' });
        // Only the browser that made the order reports the purchase and empties its cart.
        if (isFullView(view)) {
          if (reportOnce(orderID)) reportPurchase(view, paidRef.current.brand);
          paidRef.current.onPaid(view.products.map((p) => p._id));
        }
        return;
      }
      // checkout.md §4: a return that is not `success=true` shows the failure unless the order is paid.
      if (!success) return setScreen({ kind: 'failed' });
      if (view && view.status !== 'new' && view.status !== 'awaiting_payment') {
        return setScreen({ kind: 'failed' });
      }
      // Awaiting the provider's notification, or no answer: ask again a few times.
      tries += 1;
      if (tries > RECHECKS) return setScreen(view ? { kind: 'waiting', gaveUp: true } : { kind: 'unknown' });
      setScreen({ kind: 'waiting', gaveUp: false });
      timer = window.setTimeout(() => void ask(), RECHECK_MS);
    }
    void ask();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [orderID, success, statusKey, round]);

  useEffect(() => {
    if (screen.kind !== 'checking') heading.current?.focus();
  }, [screen.kind]);

  const phone = shop.contacts.phone;
  const help = (
    <p className="result__help">
      {t('result.help')}{' '}
      <a className="result__phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        {phone}
      </a>
    </p>
  );

  if (screen.kind === 'checking') {
    return (
      <section className="result" aria-busy="true" aria-labelledby="result-title">
        <span className="result__spinner" aria-hidden="true" />
        <h3 id="result-title" className="result__title result__title--small">
          {t('result.checking', { order: orderID })}
        </h3>
      </section>
    );
  }

  if (screen.kind === 'paid') {
    return (
      <section className="result result--success" aria-labelledby="result-title">
        <ResultIcon kind="success" />
        <h3 id="result-title" ref={heading} tabIndex={-1} className="result__title">
          {t('cart.success.title.before')}
          <span className="result__number">{orderID}</span>
          {t('cart.success.title.after')}
        </h3>
        <p className="result__text">{t('result.success.text')}</p>
        <button type="button" className="button button--dark" onClick={onClose}>
          {t('result.continue')}
        </button>
      </section>
    );
  }

  if (screen.kind === 'waiting' || screen.kind === 'unknown') {
    const gaveUp = screen.kind === 'unknown' || screen.gaveUp;
    return (
      <section className="result result--waiting" aria-labelledby="result-title" aria-busy={!gaveUp}>
        {gaveUp ? <ResultIcon kind="waiting" /> : <span className="result__spinner" aria-hidden="true" />}
        <h3 id="result-title" ref={heading} tabIndex={-1} className="result__title">
          {t('result.waiting.title')}
        </h3>
        <p className="result__order">{t('result.order', { order: orderID })}</p>
        <p className="result__text" role="status">
          {screen.kind === 'unknown'
            ? t('result.unknown')
            : gaveUp
              ? t('result.waiting.later')
              : t('result.waiting.text')}
        </p>
        {gaveUp ? help : null}
        <div className="result__actions">
          {gaveUp ? (
            <button type="button" className="button button--dark" onClick={() => setRound((r) => r + 1)}>
              {t('result.waiting.check')}
            </button>
          ) : null}
          <button type="button" className="button button--light" onClick={onClose}>
            {t('result.close')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="result result--failure" aria-labelledby="result-title">
      <ResultIcon kind="failure" />
      <h3 id="result-title" ref={heading} tabIndex={-1} className="result__title">
        {t('result.failure.title')}
      </h3>
      <p className="result__order">{t('result.order', { order: orderID })}</p>
      <p className="result__text">{t('result.failure.text')}</p>
      {help}
      <div className="result__actions">
        <button type="button" className="button button--dark" onClick={onRetry}>
          {t('result.retry')}
        </button>
        <button type="button" className="button button--light" onClick={onClose}>
          {t('result.close')}
        </button>
      </div>
    </section>
  );
}

/** DECISIONS 24, checkout.md §9: purchase with the order number, value = goods + delivery, in roubles. */
/** The purchase event; the answer's amounts are roubles already (checkout.md §9, DECISIONS 28). */
function reportPurchase(view: WireOrder, brand: string) {
  pushEcommerce(
    'purchase',
    view.products.map((p) => ({
      item_name: p.name,
      item_id: p.groupId,
      item_barcode: p.Barcode,
      item_variant: p.TheSize,
      quantity: p.count,
      price: p.price,
      old_price: p.oldPrice,
      item_brand: brand,
      item_category: p.category,
      item_list_name: 'cart',
    })),
    {
      transaction_id: String(view.orderID),
      // The goods as paid (after the promo code) plus delivery: the order's total.
      value: view.total,
      shipping: view.deliveryPrice,
      payment_type: view.payment,
      shipping_tier: view.get,
    },
  );
}

export function ResultIcon({ kind }: { kind: 'success' | 'failure' | 'waiting' }) {
  return (
    <svg className={`result__icon result__icon--${kind}`} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="2" />
      {kind === 'success' ? (
        <path d="M14 24.5l7 7 13-14" fill="none" stroke="currentColor" strokeWidth="2.5" />
      ) : kind === 'failure' ? (
        <path d="M17 17l14 14M31 17L17 31" fill="none" stroke="currentColor" strokeWidth="2.5" />
      ) : (
        <path d="M24 13v12l7 5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      )}
    </svg>
  );
}
