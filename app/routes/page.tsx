import { data } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath, pick } from '../../core/i18n.ts';
import { TextPageView } from '../components/content/text-page-view.tsx';
import { translate } from '../i18n/index.ts';
import { seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/page';

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const page = SLUG.test(params.slug) ? await services.pages.getPage(params.slug) : null;
  if (!page) throw data(null, { status: 404 });
  return { page, locale, canonical: `${publicUrl}${locale === 'en' ? '/en' : ''}/${page.slug}` };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const first = d.page.sections.find((s) => s.body);
  const url = new URL(d.canonical);
  return seoMeta(url.origin, {
    locale: d.locale,
    title: `${pick(d.page.title, d.locale)} | ${translate(d.locale, 'meta.title')}`,
    socialTitle: pick(d.page.title, d.locale),
    description: first?.body
      ? pick(first.body, d.locale).slice(0, 160)
      : translate(d.locale, 'meta.description'),
    path: url.pathname,
    type: 'article',
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page, locale } = loaderData;
  return <TextPageView title={page.title} sections={page.sections} locale={locale} />;
}
