import '../../styles/cabinet.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { callApi, isProfileComplete, type SignInAnswer, type UserView } from '../../lib/account.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { writeCart } from '../../lib/shop-cookies.ts';
import { useShop } from '../../shop-context.ts';
import { CloseIcon } from '../icons.tsx';
import { AddressesView, OrdersView, ProfileView, SettingsView } from './cabinet-views.tsx';
import { SignIn } from './sign-in.tsx';

export type CabinetView = 'orders' | 'profile' | 'addresses' | 'settings';
const views: CabinetView[] = ['orders', 'profile', 'addresses', 'settings'];

/**
 * The cabinet popup (catalogue.md §2): sign-in for a guest; for a signed-in shopper a sidebar of
 * orders, profile, addresses and settings, logout, the delivery page and the chat. A profile without
 * a name, e-mail or phone opens on its completion ('meeting').
 */
export default function CabinetPopup({
  open,
  initialView,
  onClose,
}: {
  open: boolean;
  initialView?: CabinetView;
  onClose(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const shop = useShop();
  const revalidator = useRevalidator();
  const ref = useModalDialog(open);
  const [user, setUser] = useState<UserView | null>(shop.user);
  const [view, setView] = useState<CabinetView>(initialView ?? 'orders');
  const [meeting, setMeeting] = useState(false);

  useEffect(() => {
    setUser(shop.user);
  }, [shop.user]);
  // Each opening starts on the asked view (or the profile's completion); a revalidation does not.
  const userAtOpen = useRef(shop.user);
  userAtOpen.current = shop.user;
  useEffect(() => {
    if (!open) return;
    const current = userAtOpen.current;
    setView(initialView ?? 'orders');
    setMeeting(Boolean(current && !isProfileComplete(current)));
  }, [open, initialView]);

  function signedIn(answer: SignInAnswer) {
    writeCart(answer.cart, { silent: true });
    setUser(answer.user);
    const incomplete = !isProfileComplete(answer.user);
    setMeeting(incomplete);
    setView(incomplete ? 'profile' : (initialView ?? 'orders'));
    void revalidator.revalidate();
  }

  function saved(next: UserView) {
    setUser(next);
    if (meeting && isProfileComplete(next)) setMeeting(false);
    void revalidator.revalidate();
  }

  async function logout() {
    // checkout.md §6: logout asks first, then clears the token and the user and reloads.
    if (!window.confirm(t('cabinet.logoutConfirm'))) return;
    await callApi('POST', '/api/auth/logout', locale, {});
    writeCart([], { silent: true });
    window.location.reload();
  }

  const chat = shop.contacts.telegram || shop.contacts.whatsapp;
  const title = !user ? t('auth.title') : meeting ? t('auth.meetingTitle') : t(`cabinet.${view}`);

  return (
    <dialog
      ref={ref}
      className={`modal cabinet${user && !meeting ? ' cabinet--signed-in' : ' cabinet--auth'}`}
      aria-labelledby="cabinet-title"
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="sheet__head">
        <h2 id="cabinet-title" className="sheet__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t('cabinet.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {!open ? null : !user ? (
        <SignIn onSignedIn={signedIn} onSkip={onClose} />
      ) : meeting ? (
        <div className="cabinet__meeting">
          <p className="form__text">{t('auth.meetingText')}</p>
          <ProfileView user={user} onSaved={saved} />
        </div>
      ) : (
        <div className="cabinet__layout">
          <nav className="cabinet__nav" aria-label={t('header.account')}>
            <ul className="cabinet__menu">
              {views.map((v) => (
                <li key={v}>
                  <button
                    type="button"
                    className={`cabinet__menu-item${v === view ? ' cabinet__menu-item--active' : ''}`}
                    aria-current={v === view ? 'page' : undefined}
                    onClick={() => setView(v)}
                  >
                    {t(`cabinet.${v}`)}
                  </button>
                </li>
              ))}
              <li>
                <Link
                  className="cabinet__menu-item"
                  to={locale === 'en' ? '/en/delivery' : '/delivery'}
                  onClick={onClose}
                >
                  {t('cabinet.delivery')}
                </Link>
              </li>
              {chat ? (
                <li>
                  <a className="cabinet__menu-item" href={chat} target="_blank" rel="noopener noreferrer">
                    {t('cabinet.chat')}
                  </a>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className="cabinet__menu-item cabinet__logout"
                  onClick={() => void logout()}
                >
                  {t('cabinet.logout')}
                </button>
              </li>
            </ul>
          </nav>
          <section className="cabinet__content" aria-labelledby="cabinet-title">
            {view === 'orders' ? <OrdersView /> : null}
            {view === 'profile' ? <ProfileView key={user._id} user={user} onSaved={saved} /> : null}
            {view === 'addresses' ? <AddressesView user={user} onSaved={saved} /> : null}
            {view === 'settings' ? <SettingsView user={user} onSaved={saved} /> : null}
          </section>
        </div>
      )}
    </dialog>
  );
}
