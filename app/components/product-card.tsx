import { Link } from 'react-router';
import type { ProductCard as Card } from '../../core/catalogue/catalogue.types.ts';
import { pick } from '../../core/i18n.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { usePrefetch } from '../lib/network.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { Photo } from './photo.tsx';
import { Price } from './price.tsx';

const sizes = '(max-width: 767px) 50vw, (max-width: 1199px) 33vw, 25vw';

export function ProductCard({
  card,
  eager = false,
  priority = false,
  onNavigate,
}: {
  card: Card;
  eager?: boolean;
  /** The page's largest first-screen photo (the catalogue's first card): fetched first (issue 37). */
  priority?: boolean;
  /** Called when the shopper follows the card's link (a panel closes itself). */
  onNavigate?: () => void;
}) {
  const locale = useLocale();
  const t = useT();
  const name = pick(card.name, locale);
  const [first, second] = card.photos;
  const href = `${locale === 'en' ? '/en' : ''}/products/${card.id}`;
  const prefetch = usePrefetch();
  return (
    <article className="card">
      <Link to={href} className="card__link" prefetch={prefetch} onClick={onNavigate}>
        <div className="card__media">
          {first ? (
            <Photo
              className="card__img"
              photo={first}
              sizes={sizes}
              width={960}
              height={1200}
              alt={`${name}, ${pick(card.colorName, locale)}`}
              loading={eager || priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : null}
          {second ? (
            <Photo
              className="card__img card__img--hover"
              photo={second}
              sizes={sizes}
              width={960}
              height={1200}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : null}
          <div className="card__labels">
            {card.isNew ? <span className="label">{t('product.new')}</span> : null}
            {card.isBestseller ? <span className="label label--light">{t('product.bestseller')}</span> : null}
            {!card.available ? <span className="label label--muted">{t('product.soldOut')}</span> : null}
          </div>
        </div>
        <h3 className="card__name">{name}</h3>
        <p className="card__colour">
          <span className="swatch" style={{ background: card.colorHex }} aria-hidden="true" />
          {pick(card.colorName, locale)}
        </p>
        <Price price={card.price} oldPrice={card.oldPrice} />
      </Link>
      <FavouriteButton groupId={card.id} className="card__favourite" />
    </article>
  );
}
