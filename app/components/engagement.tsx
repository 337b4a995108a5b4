import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { pick } from '../../core/i18n.ts';
import { useT } from '../i18n/index.ts';
import { deviceOf } from '../lib/app-store.ts';
import { DAY_S, getCookie, setCookie } from '../lib/cookies.ts';
import { useModalDialog, useModalOpen } from '../lib/modal-dialog.ts';
import { useShop } from '../shop-context.ts';
import { CloseIcon } from './icons.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

const always = () => true;

/** Opens after `seconds` unless the cookie says it was dismissed (or `extra` says no). */
function useDelayedUnless(cookie: string, enabled: boolean, seconds: number, extra: () => boolean = always) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || getCookie(cookie) || !extra()) return;
    const timer = window.setTimeout(() => setOpen(true), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [cookie, enabled, seconds, extra]);
  return [open, setOpen] as const;
}

/** Cookie notice: 30 s after load unless dismissed (remembered `dismissDays`, 30 by default). */
export function CookieNotice() {
  const { engagement, locale } = useShop();
  const t = useT();
  const c = engagement.cookieNotice;
  const [open, setOpen] = useDelayedUnless('cookieNotice', c.enabled, c.delaySeconds);
  // Under a modal dialog the page is inert: the notice waits for it to close, then is usable again.
  const modalOpen = useModalOpen();
  if (!open || modalOpen) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie">
      <p>{pick(c.text, locale)}</p>
      <button
        type="button"
        className="button button--dark"
        onClick={() => {
          setCookie('cookieNotice', '1', c.dismissDays * DAY_S);
          setOpen(false);
        }}
      >
        {t('engage.cookieAccept')}
      </button>
    </section>
  );
}

/** Pause between the last dialog closing and the marketing modal opening in its place. */
export const MARKETING_AFTER_DIALOG_MS = 1000;

/**
 * True once `due` and no other modal dialog (cart, checkout, product, result screen, cabinet …) is
 * open: a due marketing modal waits for the shopper to close theirs, then a short pause, and never
 * stacks on top of one.
 */
function useOnceNoModal(due: boolean): boolean {
  const modalOpen = useModalOpen();
  const [shown, setShown] = useState(false);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!due) return setShown(false);
    if (shown) return;
    if (modalOpen) return setWaited(true);
    if (!waited) return setShown(true);
    const timer = window.setTimeout(() => setShown(true), MARKETING_AFTER_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, [due, modalOpen, shown, waited]);
  return due && shown;
}

/** Marketing modal: 3 s after load unless disabled or dismissed (remembered `dismissDays`, 3 by default). */
export function MarketingModal() {
  const { engagement, locale } = useShop();
  const t = useT();
  const m = engagement.marketing;
  const [due, setDue] = useDelayedUnless('marketingDismissed', m.enabled, m.delaySeconds);
  const open = useOnceNoModal(due);
  const ref = useModalDialog(open);
  if (!open) return null;
  const dismiss = () => {
    setCookie('marketingDismissed', '1', m.dismissDays * DAY_S);
    ref.current?.close();
    setDue(false);
  };
  return (
    <dialog
      ref={ref}
      className="modal modal--small marketing"
      aria-labelledby="marketing-title"
      onClose={(e) => {
        if (e.target === e.currentTarget) dismiss();
      }}
    >
      <div className="sheet__head">
        <h2 id="marketing-title" className="sheet__title">
          {pick(m.title, locale)}
        </h2>
        <button type="button" className="icon-button" aria-label={t('engage.close')} onClick={dismiss}>
          <CloseIcon />
        </button>
      </div>
      <p className="form__text">{pick(m.text, locale)}</p>
      <NewsletterForm id="marketing-email" />
    </dialog>
  );
}

/** App banner: on phones, 2 s after load unless dismissed (remembered `dismissDays`, 14 by default), store by device. */
export function AppBanner() {
  const { engagement, locale } = useShop();
  const t = useT();
  const a = engagement.appBanner;
  const [open, setOpen] = useDelayedUnless('appBannerDismissed', a.enabled, a.delaySeconds, isPhone);
  const modalOpen = useModalOpen();
  if (!open || modalOpen) return null;
  const ios = deviceOf(navigator.userAgent) === 'ios';
  return (
    <aside className="app-banner" aria-label={pick(a.title, locale)}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('engage.close')}
        onClick={() => {
          setCookie('appBannerDismissed', '1', a.dismissDays * DAY_S);
          setOpen(false);
        }}
      >
        <CloseIcon />
      </button>
      <p className="app-banner__title">{pick(a.title, locale)}</p>
      <a
        className="button button--dark app-banner__open"
        href={ios ? a.iosUrl : a.androidUrl}
        rel="noopener noreferrer"
      >
        {t('engage.appOpen')}
      </a>
    </aside>
  );
}

function isPhone(): boolean {
  return window.matchMedia('(max-width: 767px)').matches;
}

/**
 * The messenger floating button: the shop's Telegram or WhatsApp from the contacts settings. On
 * phones it waits until the shopper scrolls (app/styles/screens.css), so it never sits on the
 * first screen's controls (the product's heart, 'Весь каталог').
 */
export function MessengerButton() {
  const { engagement, contacts } = useShop();
  const t = useT();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > window.innerHeight / 2);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const href = contacts.telegram || contacts.whatsapp;
  if (!engagement.messenger.enabled || !href) return null;
  return (
    <a
      className={`messenger${scrolled ? '' : ' messenger--waiting'}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      <span className="visually-hidden">{t('engage.messenger')}</span>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <path
          d="M4 19.5l1.4-4.1A8 8 0 1112 20a8 8 0 01-3.9-1L4 19.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
}

/** Scroll-to-top: shown after one viewport of scroll (catalogue.md §2). */
export function ScrollToTop() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > window.innerHeight);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="to-top"
      aria-label={t('engage.toTop')}
      onClick={() => window.scrollTo({ top: 0 })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 19V5M6 11l6-6 6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

/** catalogue.md §9: the loading bar shows when a navigation lasts over 200 ms, and gives up at 5000 ms. */
export const LOADING_BAR_DELAY_MS = 200;
export const LOADING_BAR_MAX_MS = 5000;

export function LoadingBar() {
  const navigation = useNavigation();
  const t = useT();
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) {
      setState((s) => (s === 'loading' ? 'done' : 'idle'));
      const reset = window.setTimeout(() => setState('idle'), 300);
      return () => window.clearTimeout(reset);
    }
    const show = window.setTimeout(() => setState('loading'), LOADING_BAR_DELAY_MS);
    const stop = window.setTimeout(() => setState('idle'), LOADING_BAR_MAX_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(stop);
    };
  }, [busy]);
  if (state === 'idle') return null;
  return (
    <div
      className={`loading-bar loading-bar--${state}`}
      role="progressbar"
      aria-label={t('engage.loading')}
    />
  );
}

/**
 * The timed notices and the floating buttons, drawn after the page's first load
 * (app/root.tsx, docs/decisions/0049-first-load-split.md): none shows at the first paint but the
 * messenger button, which the server draws and this part hydrates once its code is there.
 */
export function EngagementParts() {
  return (
    <>
      <CookieNotice />
      <MarketingModal />
      <AppBanner />
      <div className="floating">
        <ScrollToTop />
        <MessengerButton />
      </div>
    </>
  );
}
