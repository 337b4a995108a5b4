import { appContext } from '#app-context';
import { localeFromPath, pick } from '../../core/i18n.ts';
import { translate } from '../i18n/index.ts';
import { laterHydrated } from '../lib/later-hydrated.tsx';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const [content, settings] = await Promise.all([
    services.catalogue.getHomeContent(8),
    services.settings.getShopSettings(),
  ]);
  return { ...content, hero: settings.ui.home, locale };
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const locale = d?.locale ?? root?.locale ?? 'ru';
  const title = translate(locale, 'meta.title');
  return seoMeta(root?.publicUrl ?? '', {
    locale,
    title,
    description: d ? pick(d.hero.heroSubtitle, locale) || translate(locale, 'meta.description') : '',
    // Canonical on both home pages (issue 21): `/` and `/en`.
    path: locale === 'en' ? '/en' : '/',
  });
}

// The page's content hydrates once its code arrives after the first load
// (docs/decisions/0049-first-load-split.md).
const HomeView = laterHydrated(() => import('../components/home-view.tsx').then((m) => m.HomeView));

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView d={loaderData} />;
}
