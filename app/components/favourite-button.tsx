import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '../i18n/index.ts';
import { readFavourites, toggleFavourite } from '../lib/shop-cookies.ts';
import { HeartIcon } from './icons.tsx';

/** The favourite toggle (catalogue.md §2: active or inactive), kept in the `favorites` cookie. */
export function FavouriteButton({ groupId, className = '' }: { groupId: string; className?: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [on, setOn] = useState(false);
  useEffect(() => setOn(readFavourites().includes(groupId)), [groupId]);
  return (
    <button
      type="button"
      className={`icon-button favourite${on ? ' favourite--on' : ''} ${className}`}
      aria-pressed={on}
      aria-label={on ? t('product.unfavourite') : t('product.favourite')}
      onClick={() => {
        setOn(toggleFavourite(groupId));
        void revalidator.revalidate();
      }}
    >
      <HeartIcon />
    </button>
  );
}
