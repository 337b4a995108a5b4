import { Link } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';

/** The empty cart (checkout.md §2): a word and the way to the catalogue. */
export function CartEmpty({ onClose }: { onClose(): void }) {
  const t = useT();
  const shop = useShop();
  return (
    <div className="panel__empty">
      <p className="panel__empty-title">{t('cart.empty.title')}</p>
      <p>{t('cart.empty.subtitle')}</p>
      <Link
        className="button button--dark"
        to={shop.locale === 'en' ? '/en/catalog' : '/catalog'}
        onClick={onClose}
      >
        {t('cart.empty.button')}
      </Link>
    </div>
  );
}
