import '../styles/search.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import type { SearchResult } from '../../core/search/search.schemas.ts';
import { useT } from '../i18n/index.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { useShop } from '../shop-context.ts';
import { CloseIcon } from './icons.tsx';
import { Price } from './price.tsx';

/** catalogue.md §9: the query is sent 1000 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1000;

export function SearchPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { locale } = useShop();
  const ref = useModalDialog(open);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  // A chosen popular query or Enter searches at once; typing waits for the pause.
  const [delay, setDelay] = useState(SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [popular, setPopular] = useState<string[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/storefront/search/popular?lang=${locale}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ queries: string[] }>) : { queries: [] }))
      .then((body) => setPopular(body.queries))
      .catch(() => {});
    return () => controller.abort();
  }, [locale]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResults(null);
      setBusy(false);
      return;
    }
    setBusy(true);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/storefront/search?lang=${locale}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: q }),
        signal: controller.signal,
      })
        .then((res) => (res.ok ? (res.json() as Promise<SearchResult[]>) : []))
        .then((list) => {
          setResults(list);
          setBusy(false);
        })
        .catch(() => {});
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, locale, delay]);

  const type = (text: string, at = SEARCH_DEBOUNCE_MS) => {
    setDelay(at);
    setQuery(text);
  };

  const categories = results?.filter((r) => r.view === 'category') ?? [];
  const products = results?.filter((r) => r.view === 'product') ?? [];
  const others = results?.filter((r) => r.view === 'other') ?? [];

  return (
    <dialog
      ref={ref}
      className="panel search"
      aria-label={t('search.title')}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="panel__head search__head">
        {/* biome-ignore lint/a11y/useSemanticElements: type=search draws a second clear button beside ours. */}
        <input
          ref={input}
          className="search__input"
          // A text box in the search role: no browser-drawn clear cross beside ours (one clear button).
          type="text"
          role="searchbox"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          aria-label={t('search.title')}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => type(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') type(query, 0);
          }}
          maxLength={100}
          autoFocus
        />
        {/* One button: it clears the query while there is one, then closes. */}
        <button
          type="button"
          className="icon-button"
          aria-label={query ? t('search.clear') : t('product.close')}
          onClick={() => {
            if (!query) return onClose();
            type('');
            input.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      </div>
      {!query.trim() && popular.length > 0 ? (
        <section className="search__popular" aria-labelledby="search-popular">
          <h3 id="search-popular" className="search__heading">
            {t('search.popular')}
          </h3>
          <ul className="chips">
            {popular.map((q) => (
              <li key={q}>
                <button type="button" className="chip" onClick={() => type(q, 0)}>
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div aria-live="polite">
        {busy ? <p className="panel__loading">{t('search.searching')}</p> : null}
        {!busy && results && results.length === 0 ? (
          <p className="panel__loading">{t('search.nothing')}</p>
        ) : null}
      </div>
      {!busy && results && results.length > 0 ? (
        <div className="search__results">
          {categories.length > 0 ? (
            <section aria-label={t('search.categories')}>
              <h3 className="search__heading">{t('search.categories')}</h3>
              <ul className="chips">
                {categories.map((c) => (
                  <li key={c._id}>
                    <Link className="chip" to={c.path} onClick={onClose}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {products.length > 0 ? (
            <section aria-label={t('search.products')}>
              <h3 className="search__heading">{t('search.products')}</h3>
              <ul className="search__tiles">
                {products.map((p) => (
                  <li key={p._id}>
                    <Link className="search__tile" to={p.path} onClick={onClose}>
                      {p.photo ? (
                        <img
                          {...photoSources(p.photo)}
                          sizes="160px"
                          width={160}
                          height={200}
                          alt=""
                          loading="lazy"
                        />
                      ) : null}
                      <span className="search__tile-name">{p.name}</span>
                      {p.colour ? <span className="search__tile-colour">{p.colour}</span> : null}
                      {p.price !== undefined ? <Price price={p.price} oldPrice={p.oldPrice} /> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {others.length > 0 ? (
            <section aria-label={t('search.other')}>
              <h3 className="search__heading">{t('search.other')}</h3>
              <ul>
                {others.map((o) => (
                  <li key={o._id}>
                    <Link className="search__other" to={o.path} onClick={onClose}>
                      {o.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
