import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { ProductCard as Card } from '../../core/catalogue/catalogue.types.ts';
import { useT } from '../i18n/index.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { readFavourites, writeFavourites } from '../lib/shop-cookies.ts';
import { useShop } from '../shop-context.ts';
import { CloseIcon } from './icons.tsx';
import { ProductCard } from './product-card.tsx';

/** catalogue.md §2 favourites: cards (3 columns on desktop, 1 on phones) or the empty state. */
export function FavouritesPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { locale } = useShop();
  const revalidator = useRevalidator();
  const ref = useModalDialog(open);
  const [cards, setCards] = useState<Card[] | 'failed' | null>(null);
  // Read at call time: the revalidator object changes from render to render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (open) {
      const ids = readFavourites();
      setCards(null);
      fetch('/api/storefront/groups', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ids),
      })
        .then((res) => {
          if (!res.ok) throw new Error(`status ${res.status}`);
          return res.json() as Promise<Card[]>;
        })
        .then((found) => {
          // Products that no longer exist leave the favourites.
          if (found.length !== ids.length) {
            writeFavourites(found.map((c) => c.id));
            void revalidate.current();
          }
          setCards(found);
        })
        // A failed lookup prunes nothing: only a successful answer says what is gone.
        .catch(() => setCards('failed'));
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="panel"
      aria-labelledby="favourites-title"
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="panel__head">
        <h2 id="favourites-title" className="panel__title">
          {t('favourites.title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {cards === null ? (
        <p className="panel__loading">{t('favourites.loading')}</p>
      ) : cards === 'failed' ? (
        <p className="panel__loading" role="alert">
          {t('error.generic')}
        </p>
      ) : cards.length === 0 ? (
        <div className="panel__empty">
          <p className="panel__empty-title">{t('favourites.emptyTitle')}</p>
          <p>{t('favourites.emptyText')}</p>
          <Link
            className="button button--dark"
            to={locale === 'en' ? '/en/catalog' : '/catalog'}
            onClick={onClose}
          >
            {t('error.toCatalogue')}
          </Link>
        </div>
      ) : (
        <div className="panel__grid">
          {cards.map((card) => (
            <ProductCard key={card.id} card={card} onNavigate={onClose} />
          ))}
        </div>
      )}
    </dialog>
  );
}
