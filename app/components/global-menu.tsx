import { Link } from 'react-router';
import { localizePath } from '../../core/content/menu.rules.ts';
import { pick } from '../../core/i18n.ts';
import { useT } from '../i18n/index.ts';
import { storeFor, useDevice } from '../lib/app-store.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { useShop } from '../shop-context.ts';
import { useStaffMode } from '../staff/edit-mode.ts';
import { useOpenCabinet } from './cabinet/cabinet-context.ts';
import { useContactPopup } from './contact-popup-context.ts';
import { CloseIcon, UserIcon } from './icons.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { Socials } from './socials.tsx';

/** catalogue.md §2 global menu: prefix items and top categories, columns, contacts, socials. */
export function GlobalMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const shop = useShop();
  const t = useT();
  const ref = useModalDialog(open);
  const openPopup = useContactPopup();
  const openCabinet = useOpenCabinet();
  // catalogue.md §6: an editor edits the columns' names and items and the labels in place.
  const staffMode = useStaffMode();

  const { contacts, menu, locale } = shop;
  // catalogue.md §2: the app button opens the device's store; elsewhere the app page (both stores, a QR code).
  const device = useDevice();
  const stores = shop.engagement.appBanner;
  const store = storeFor(device, stores);
  const hasApp = Boolean(stores.androidUrl || stores.iosUrl);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard closes with Escape (native dialog)
    <dialog
      ref={ref}
      className="global-menu"
      aria-label={t('header.menu')}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="global-menu__panel">
        <div className="global-menu__top">
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('header.closeMenu')}>
            <CloseIcon />
          </button>
          {/* Phones have no room for the cabinet in the header: it opens from here. */}
          <button
            type="button"
            className="link-button global-menu__account"
            onClick={() => {
              onClose();
              openCabinet();
            }}
          >
            <UserIcon />
            {shop.user ? shop.user.name || t('header.account') : t('header.account')}
          </button>
        </div>
        <div className="global-menu__body">
          <nav className="global-menu__catalogue" aria-label={t('menu.catalogue')}>
            <h2 className="global-menu__heading">{t('menu.catalogue')}</h2>
            {staffMode ? (
              <staffMode.kit.CatalogueColumn entries={menu.catalogue} onClose={onClose} />
            ) : (
              <ul className="global-menu__grid" style={{ gridTemplateRows: `repeat(${menu.rows}, auto)` }}>
                {menu.catalogue.map((entry) => (
                  <li key={entry.path + entry.name}>
                    <Link
                      to={entry.path}
                      onClick={onClose}
                      className={`global-menu__link${entry.isRed ? ' global-menu__link--red' : ''}`}
                    >
                      {entry.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          {menu.columns.map((column, columnAt) => (
            <nav key={column.name.ru} className="global-menu__column" aria-label={pick(column.name, locale)}>
              <h2 className="global-menu__heading">
                {staffMode ? (
                  <staffMode.kit.ColumnName column={columnAt} text={pick(column.name, locale)} />
                ) : (
                  pick(column.name, locale)
                )}
              </h2>
              {staffMode ? (
                <div className="global-menu__staff-items">
                  <staffMode.kit.MenuLinks
                    place={{ kind: 'column', column: columnAt }}
                    items={column.items.map((item) => ({ name: pick(item.name, locale), path: item.path }))}
                    itemClassName="global-menu__small-link"
                  />
                </div>
              ) : (
                <ul>
                  {column.items.map((item) => (
                    <li key={item.path}>
                      <Link
                        to={localizePath(item.path, locale)}
                        onClick={onClose}
                        className="global-menu__small-link"
                      >
                        {pick(item.name, locale)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </nav>
          ))}
          <div className="global-menu__column">
            <h2 className="global-menu__heading">{t('footer.contacts')}</h2>
            <dl className="contacts">
              <dt>
                {staffMode ? (
                  <staffMode.kit.MenuLabel which="phoneLabel" text={pick(menu.labels.phone, locale)} />
                ) : (
                  pick(menu.labels.phone, locale)
                )}
              </dt>
              <dd>
                <a href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>{contacts.phone}</a>
              </dd>
              <dt>
                {staffMode ? (
                  <staffMode.kit.MenuLabel which="emailLabel" text={pick(menu.labels.email, locale)} />
                ) : (
                  pick(menu.labels.email, locale)
                )}
              </dt>
              <dd>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </dd>
            </dl>
            <p className="global-menu__socials-label">
              {staffMode ? (
                <staffMode.kit.MenuLabel which="socialsLabel" text={pick(menu.labels.socials, locale)} />
              ) : (
                pick(menu.labels.socials, locale)
              )}
            </p>
            <Socials />
            <div className="global-menu__actions">
              <button
                type="button"
                className="button button--dark"
                onClick={() => {
                  onClose();
                  openPopup('question');
                }}
              >
                {t('engage.question')}
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onClose();
                  openPopup('callback');
                }}
              >
                {t('engage.callback')}
              </button>
            </div>
            {hasApp ? (
              store ? (
                <a
                  className="button button--light global-menu__app"
                  href={store}
                  rel="noopener noreferrer"
                  data-store={device}
                >
                  {t('menu.app')}
                </a>
              ) : (
                <Link
                  className="button button--light global-menu__app"
                  to={localizePath('/app', locale)}
                  onClick={onClose}
                >
                  {t('menu.app')}
                </Link>
              )
            ) : null}
            <p className="global-menu__socials-label">{t('menu.subscribe')}</p>
            <NewsletterForm id="menu-newsletter" />
          </div>
        </div>
        <div className="global-menu__bottom">
          <span>{pick(contacts.copyrights, locale)}</span>
          <Link to={localizePath('/policy', locale)} onClick={onClose}>
            {t('menu.policy')}
          </Link>
        </div>
      </div>
    </dialog>
  );
}
