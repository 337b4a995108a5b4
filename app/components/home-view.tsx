import { Link } from 'react-router';
import { bannerSources, photoSources } from '../../core/catalogue/media.rules.ts';
import { localizePath } from '../../core/content/menu.rules.ts';
import { pick } from '../../core/i18n.ts';
import { useT } from '../i18n/index.ts';
import type { Route } from '../routes/+types/home';
import { ArrowIcon } from './icons.tsx';
import { ProductCard } from './product-card.tsx';

/**
 * The home page's content (app/routes/home.tsx): drawn by the server, hydrated once its code arrives
 * after the page's first load (app/lib/later-hydrated.tsx); its links work before.
 */
export function HomeView({ d }: { d: Route.ComponentProps['loaderData'] }) {
  const { hero, newArrivals, bestsellers, categories, collections, locale } = d;
  const t = useT();
  const base = locale === 'en' ? '/en' : '';
  const heroImage = bannerSources('banners/hero');
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <img
          className="hero__img"
          {...heroImage}
          sizes="100vw"
          width={1600}
          height={900}
          alt=""
          fetchPriority="high"
        />
        <div className="hero__text">
          <h1 id="hero-title" className="hero__title">
            {pick(hero.heroTitle, locale)}
          </h1>
          <p className="hero__subtitle">{pick(hero.heroSubtitle, locale)}</p>
          <Link className="button button--light" to={localizePath(hero.heroLink, locale)}>
            {t('home.heroCta')}
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="home-categories">
        <div className="section__head">
          <h2 id="home-categories" className="section__title">
            {t('home.categories')}
          </h2>
          <Link className="section__more" to={`${base}/catalog`}>
            {t('home.allProducts')} <ArrowIcon />
          </Link>
        </div>
        <ul className="category-tiles">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link className="category-tile" to={`${base}/catalog/${c.slug}`}>
                {c.coverSrc ? (
                  <img
                    className="category-tile__img"
                    {...photoSources(c.coverSrc)}
                    sizes="(max-width: 767px) 45vw, 20vw"
                    width={480}
                    height={600}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span className="category-tile__name">{pick(c.name, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ProductShelf
        id="home-new"
        title={t('home.newArrivals')}
        cards={newArrivals}
        more={`${base}/catalog?sort=new`}
      />

      <section className="section" aria-labelledby="home-collections">
        <div className="section__head">
          <h2 id="home-collections" className="section__title">
            {t('home.collections')}
          </h2>
        </div>
        <ul className="collections">
          {collections.map((c) => (
            <li key={c.slug}>
              <Link className="collection" to={`${base}/catalog/collection/${c.slug}`}>
                {c.coverSrc ? (
                  <img
                    className="collection__img"
                    {...bannerSources(c.coverSrc)}
                    sizes="(max-width: 767px) 100vw, 33vw"
                    width={1600}
                    height={900}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span className="collection__name">{pick(c.name, locale)}</span>
                <span className="collection__text">{pick(c.description, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ProductShelf
        id="home-best"
        title={t('home.bestsellers')}
        cards={bestsellers}
        more={`${base}/catalog`}
      />

      <section className="showroom" aria-labelledby="home-showroom">
        <h2 id="home-showroom" className="showroom__title">
          {t('home.showroomTitle')}
        </h2>
        <p className="showroom__text">{t('home.showroomText')}</p>
        <Link className="button button--dark" to={`${base}/showroom`}>
          {t('home.showroomCta')}
        </Link>
      </section>
    </div>
  );
}

function ProductShelf({
  id,
  title,
  cards,
  more,
}: {
  id: string;
  title: string;
  cards: Route.ComponentProps['loaderData']['newArrivals'];
  more: string;
}) {
  const t = useT();
  if (cards.length === 0) return null;
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        <Link className="section__more" to={more}>
          {t('home.allProducts')} <ArrowIcon />
        </Link>
      </div>
      <div className="grid">
        {cards.map((card) => (
          <ProductCard key={card.id} card={card} />
        ))}
      </div>
    </section>
  );
}
