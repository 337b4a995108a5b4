import { useEffect, useState } from 'react';
import type { ProductCard as Card } from '../../core/catalogue/catalogue.types.ts';
import { type MessageKey, useT } from '../i18n/index.ts';
import { ProductCard } from './product-card.tsx';

interface Content {
  like: Card[];
  suggestions: Card[];
  viewed: Card[];
}

/** The product page's three suggestion blocks, fetched after the page is shown (catalogue.md §2). */
export function Suggestions({ groupId }: { groupId: string }) {
  const [content, setContent] = useState<Content | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/storefront/product-content', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _id: groupId, forLike: { limit: 4 } }),
      signal: controller.signal,
    })
      .then((res) => (res.ok ? (res.json() as Promise<Content>) : null))
      .then(setContent)
      .catch(() => {});
    return () => controller.abort();
  }, [groupId]);
  if (!content) return null;
  return (
    <>
      <Shelf title="suggest.recommended" cards={content.suggestions} />
      <Shelf title="suggest.like" cards={content.like} />
      <Shelf title="suggest.viewed" cards={content.viewed} />
    </>
  );
}

function Shelf({ title, cards }: { title: MessageKey; cards: Card[] }) {
  const t = useT();
  if (cards.length === 0) return null;
  return (
    <section className="section section--flush" aria-label={t(title)}>
      <h2 className="section__title section__title--small">{t(title)}</h2>
      <div className="grid">
        {cards.slice(0, 4).map((card) => (
          <ProductCard key={card.id} card={card} />
        ))}
      </div>
    </section>
  );
}
