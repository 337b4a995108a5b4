import './text-page.css';
import type { Locale } from '../../../core/i18n.ts';
import { pick } from '../../../core/i18n.ts';

interface Localized {
  ru: string;
  en: string;
}

export interface TextPageSection {
  kind: 'text' | 'image';
  title?: Localized;
  body?: Localized;
  src?: string;
}

/**
 * A generic page (policy, delivery, returns ...): its title, text sections as paragraphs and image
 * sections with their captions. The storefront's page route and the back office's preview draw it.
 */
export function TextPageView({
  title,
  sections,
  locale,
}: {
  title: Localized;
  sections: readonly TextPageSection[];
  locale: Locale;
}) {
  return (
    <article className="text-page">
      <h1 className="text-page__title">{pick(title, locale)}</h1>
      {sections.map((section, i) =>
        section.kind === 'image' && section.src ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are an ordered list without ids
          <figure key={i} className="text-page__section text-page__figure">
            <img
              className="text-page__image"
              src={section.src}
              alt={section.title ? pick(section.title, locale) : ''}
              loading="lazy"
            />
            {section.title && pick(section.title, locale) ? (
              <figcaption className="text-page__caption">{pick(section.title, locale)}</figcaption>
            ) : null}
          </figure>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are an ordered list without ids
          <section key={i} className="text-page__section">
            {section.title ? <h2 className="text-page__heading">{pick(section.title, locale)}</h2> : null}
            {section.body
              ? pick(section.body, locale)
                  .split('\n\n')
                  .map((para, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs may repeat their start
                    <p key={j}>{para}</p>
                  ))
              : null}
          </section>
        ),
      )}
    </article>
  );
}
