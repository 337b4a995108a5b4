import { Link } from 'react-router';
import { localizePath } from '../../core/content/menu.rules.ts';
import { pick } from '../../core/i18n.ts';
import { useT } from '../i18n/index.ts';
import { useShop } from '../shop-context.ts';
import { Socials } from './socials.tsx';

export function Footer() {
  const { menu, contacts, locale, shopName, seller } = useShop();
  const en = locale === 'en';
  const t = useT();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <p className="footer__logo">{shopName}</p>
          <p className="footer__address">{pick(contacts.address, locale)}</p>
          <Socials />
        </div>
        <nav className="footer__column" aria-label={t('menu.catalogue')}>
          <h2 className="footer__heading">{t('menu.catalogue')}</h2>
          <ul>
            {menu.catalogue.slice(0, 8).map((entry) => (
              <li key={entry.path + entry.name}>
                <Link to={entry.path}>{entry.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {menu.columns.map((column) => (
          <nav key={column.name.ru} className="footer__column" aria-label={pick(column.name, locale)}>
            <h2 className="footer__heading">{pick(column.name, locale)}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.path}>
                  <Link to={localizePath(item.path, locale)}>{pick(item.name, locale)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="footer__column">
          <h2 className="footer__heading">{t('footer.contacts')}</h2>
          <ul>
            <li>
              <a href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>{contacts.phone}</a>
            </li>
            <li>
              <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer__bottom">
        <span>{pick(contacts.copyrights, locale)}</span>
        <span className="footer__legal-links">
          <Link to={localizePath('/public-offer', locale)}>{en ? 'Public offer' : 'Публичная оферта'}</Link>
          <Link to={localizePath('/policy', locale)}>{t('menu.policy')}</Link>
        </span>
      </div>
      {seller ? (
        // The seller's requisites (consumer protection law, art. 9): name, ИНН, ОГРН and address.
        <p className="footer__seller">
          <span>{pick(seller.name, locale)}</span>
          <span>
            {en ? 'INN' : 'ИНН'} {seller.inn}
          </span>
          <span>
            {en
              ? seller.ogrn.length === 15
                ? 'OGRNIP'
                : 'OGRN'
              : seller.ogrn.length === 15
                ? 'ОГРНИП'
                : 'ОГРН'}{' '}
            {seller.ogrn}
          </span>
          <span>{pick(seller.address, locale)}</span>
        </p>
      ) : null}
    </footer>
  );
}
