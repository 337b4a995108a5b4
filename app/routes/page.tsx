import { data } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath, pick } from '../../core/i18n.ts';
import { translate } from '../i18n/index.ts';
import type { Route } from './+types/page';

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const page = SLUG.test(params.slug) ? await services.pages.getPage(params.slug) : null;
  if (!page) throw data('This page could not be found', { status: 404 });
  return { page, locale, canonical: `${publicUrl}${locale === 'en' ? '/en' : ''}/${page.slug}` };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const first = d.page.sections.find((s) => s.body);
  return [
    { title: `${pick(d.page.title, d.locale)} | ${translate(d.locale, 'meta.title')}` },
    { name: 'description', content: first?.body ? pick(first.body, d.locale).slice(0, 160) : '' },
    { tagName: 'link', rel: 'canonical', href: d.canonical },
  ];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page, locale } = loaderData;
  return (
    <article className="text-page">
      <h1 className="text-page__title">{pick(page.title, locale)}</h1>
      {page.sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are an ordered list without ids
        <section key={i} className="text-page__section">
          {section.title ? <h2 className="text-page__heading">{pick(section.title, locale)}</h2> : null}
          {section.body
            ? pick(section.body, locale)
                .split('\n\n')
                .map((para) => <p key={para.slice(0, 40)}>{para}</p>)
            : null}
        </section>
      ))}
    </article>
  );
}
