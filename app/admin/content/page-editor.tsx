import { useState } from 'react';
import { TextPageView } from '../../components/content/text-page-view.tsx';
import { adminApi } from '../api.ts';
import { useTr } from '../i18n.ts';
import { Field, ItemButtons, move, SaveStatus, useSave } from './form.tsx';
import { ImagePicker } from './image-picker.tsx';
import type { ContentPage, Localized, PageSection } from './types.ts';

const empty: Localized = { ru: '', en: '' };

/**
 * Edits a generic page (or makes one when `page` is null): title, address and its text and image
 * sections in both languages, beside a preview drawn by the storefront's own page view.
 */
export function PageEditor({
  page,
  onSaved,
}: {
  page: ContentPage | null;
  onSaved: (page: ContentPage) => void;
}) {
  const tr = useTr();
  const save = useSave();
  const [shown, setShown] = useState(page);
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [title, setTitle] = useState<Localized>(page?.title ?? empty);
  const [sections, setSections] = useState<PageSection[]>(page?.sections ?? []);
  const [preview, setPreview] = useState<'ru' | 'en'>('ru');
  const fill = (p: ContentPage) => {
    setShown(p);
    setSlug(p.slug);
    setTitle(p.title);
    setSections(p.sections);
  };
  const at = (i: number, patch: Partial<PageSection>) =>
    setSections((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      slug,
      title,
      sections: sections.map((s) =>
        s.kind === 'text'
          ? { kind: 'text', title: s.title ?? empty, body: s.body ?? empty }
          : { kind: 'image', title: s.title ?? empty, src: s.src ?? '' },
      ),
    };
    const saved = await save.run(
      async () =>
        shown
          ? (
              await adminApi<{ page: ContentPage }>(`/api/admin/pages/${shown.id}`, {
                method: 'PUT',
                body: { ...body, updatedAt: shown.updatedAt },
              })
            ).page
          : (await adminApi<{ page: ContentPage }>('/api/admin/pages', { method: 'POST', body })).page,
      async () => {
        if (shown) fill((await adminApi<{ page: ContentPage }>(`/api/admin/pages/${shown.id}`)).page);
      },
    );
    if (saved) {
      fill(saved);
      onSaved(saved);
    }
  }

  const p = save.problem;
  return (
    <div className="adm-cnt__split">
      <form className="adm-card" onSubmit={submit} noValidate aria-label={tr('Страница', 'Page')}>
        <div className="adm-cnt__form">
          <Field label={tr('Заголовок (RU)', 'Title (RU)')} name="title.ru" problem={p}>
            <input
              value={title.ru}
              onChange={(e) => setTitle({ ...title, ru: e.target.value })}
              maxLength={200}
            />
          </Field>
          <Field label={tr('Заголовок (EN)', 'Title (EN)')} name="title.en" problem={p}>
            <input
              value={title.en}
              onChange={(e) => setTitle({ ...title, en: e.target.value })}
              maxLength={200}
            />
          </Field>
          <Field
            label={tr('Адрес страницы', 'Page address')}
            name="slug"
            problem={p}
            hint={tr('латиница, цифры и дефис: /delivery', 'Latin letters, digits and hyphens: /delivery')}
          >
            <input value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={81} />
          </Field>
        </div>
        <h2 className="adm-cnt__sections-title">{tr('Разделы', 'Sections')}</h2>
        <div className="adm-cnt__list">
          {sections.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections are an ordered list without ids
            <fieldset key={i} className="adm-cnt__section">
              <div className="adm-cnt__section-head">
                <strong>
                  {i + 1}. {s.kind === 'text' ? tr('Текст', 'Text') : tr('Изображение', 'Image')}
                </strong>
                <ItemButtons
                  index={i}
                  count={sections.length}
                  label={`${tr('раздел', 'section')} ${i + 1}`}
                  onMove={(by) => setSections(move(sections, i, by))}
                  onRemove={() => setSections(sections.filter((_, j) => j !== i))}
                />
              </div>
              {(['ru', 'en'] as const).map((l) => (
                <Field
                  key={`t-${l}`}
                  label={
                    s.kind === 'text'
                      ? `${tr('Подзаголовок', 'Heading')} (${l.toUpperCase()})`
                      : `${tr('Подпись', 'Caption')} (${l.toUpperCase()})`
                  }
                  name={`sections.${i}.title.${l}`}
                  problem={p}
                >
                  <input
                    value={s.title?.[l] ?? ''}
                    onChange={(e) => at(i, { title: { ...(s.title ?? empty), [l]: e.target.value } })}
                  />
                </Field>
              ))}
              {s.kind === 'text' ? (
                (['ru', 'en'] as const).map((l) => (
                  <Field
                    key={`b-${l}`}
                    label={`${tr('Текст', 'Text')} (${l.toUpperCase()})`}
                    name={`sections.${i}.body.${l}`}
                    problem={p}
                    hint={
                      l === 'ru'
                        ? tr('пустая строка — новый абзац', 'a blank line starts a paragraph')
                        : undefined
                    }
                  >
                    <textarea
                      rows={6}
                      value={s.body?.[l] ?? ''}
                      onChange={(e) => at(i, { body: { ...(s.body ?? empty), [l]: e.target.value } })}
                    />
                  </Field>
                ))
              ) : (
                <>
                  <Field
                    label={tr('Путь к изображению', 'Image path')}
                    name={`sections.${i}.src`}
                    problem={p}
                    hint="/media/…"
                  >
                    <input value={s.src ?? ''} onChange={(e) => at(i, { src: e.target.value })} />
                  </Field>
                  <ImagePicker src={s.src ?? ''} onChange={(src) => at(i, { src })} />
                </>
              )}
            </fieldset>
          ))}
          <div className="adm-cnt__actions">
            <button
              type="button"
              className="adm-btn"
              onClick={() => setSections([...sections, { kind: 'text', title: empty, body: empty }])}
            >
              + {tr('Текст', 'Text')}
            </button>
            <button
              type="button"
              className="adm-btn"
              onClick={() => setSections([...sections, { kind: 'image', title: empty, src: '' }])}
            >
              + {tr('Изображение', 'Image')}
            </button>
          </div>
        </div>
        <div className="adm-cnt__actions">
          <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
            {shown ? tr('Сохранить', 'Save') : tr('Создать страницу', 'Create page')}
          </button>
          {shown ? (
            <a href={`/${preview === 'en' ? 'en/' : ''}${shown.slug}`} target="_blank" rel="noreferrer">
              {tr('Открыть на сайте', 'Open on the site')}
            </a>
          ) : null}
          <SaveStatus busy={save.busy} done={save.done} problem={p} />
        </div>
      </form>
      <section className="adm-cnt__preview" aria-label={tr('Предпросмотр', 'Preview')}>
        <div className="adm-cnt__preview-head">
          <strong>{tr('Предпросмотр', 'Preview')}</strong>
          <fieldset className="adm-lang" aria-label={tr('Язык предпросмотра', 'Preview language')}>
            {(['ru', 'en'] as const).map((l) => (
              <button key={l} type="button" aria-pressed={preview === l} onClick={() => setPreview(l)}>
                {l.toUpperCase()}
              </button>
            ))}
          </fieldset>
        </div>
        <TextPageView title={title} sections={sections} locale={preview} />
      </section>
    </div>
  );
}
