import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import {
  sectionFieldPattern,
  TRANSLATION_MAX_LENGTH,
  TRANSLATION_PAGE,
  type TranslationKind,
  translationKinds,
  translationListQuery,
  translationSaveBody,
} from '../../../core/content/translations.schemas.ts';
import type {
  MissingText,
  TranslationCurrent,
  TranslationSaved,
} from '../../../core/content/translations.wire.ts';
import { staffPlural } from '../../../core/staff-messages.ts';
import { translationsApi } from '../../admin/content/translations-api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale, useTr } from '../../admin/i18n.ts';
import '../../admin/content/content.css';
import '../../admin/content/translations.css';
import { callApi } from '../../admin/ui/api-client.ts';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const parsed = translationListQuery.safeParse({
    kind: params.get('kind') ?? undefined,
    offset: params.get('offset') ?? undefined,
  });
  return callApi(translationsApi.list, parsed.success ? parsed.data : {});
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type Tr = (ru: string, en: string) => string;

function kindName(kind: TranslationKind, tr: Tr): string {
  switch (kind) {
    case 'product':
      return tr('Товары', 'Products');
    case 'category':
      return tr('Категории', 'Categories');
    case 'collection':
      return tr('Коллекции', 'Collections');
    case 'page':
      return tr('Страницы', 'Pages');
    case 'photoTag':
      return tr('Теги на фото товаров', 'Product photo tags');
    case 'lookTag':
      return tr('Теги образов', 'Look tags');
  }
}

function fieldName(field: string, tr: Tr): string {
  const section = sectionFieldPattern.exec(field);
  if (section) {
    const n = Number(section[1]) + 1;
    return section[2] === 'title'
      ? tr(`Раздел ${n}: заголовок`, `Section ${n}: heading`)
      : tr(`Раздел ${n}: текст`, `Section ${n}: text`);
  }
  const names: Record<string, [string, string]> = {
    name: ['Название', 'Name'],
    description: ['Описание', 'Description'],
    colorName: ['Цвет', 'Colour'],
    composition: ['Состав', 'Composition'],
    care: ['Уход', 'Care'],
    title: ['Заголовок', 'Title'],
  };
  const [ru, en] = names[field] ?? ['Текст', 'Text'];
  return tr(ru, en);
}

/** Where the whole record is edited, for a text better translated with the rest of it in view. */
function recordLink(text: MissingText): string {
  switch (text.kind) {
    case 'product':
      return `/admin/products/${encodeURIComponent(text.id)}`;
    case 'page':
      return `/admin/pages/${encodeURIComponent(text.id)}`;
    case 'category':
      return '/admin/categories';
    case 'collection':
      return '/admin/collections';
    case 'photoTag':
      // Photo tags are edited in place, on the product's own page in the shop.
      return `/products/${encodeURIComponent(text.record ?? '')}`;
    case 'lookTag':
      return '/admin/looks';
  }
}

/** One missing text: the Russian beside an English field, saved on its own. */
function TranslationRow({
  text,
  version,
  onVersion,
  onSaved,
}: {
  text: MissingText;
  /** The record's version as last known: a save of another text of the same record raises it. */
  version: number | string;
  onVersion: (version: number | string) => void;
  onSaved: () => void;
}) {
  const tr = useTr();
  const id = useId();
  const [value, setValue] = useState('');
  const [ru, setRu] = useState(text.ru);
  const [invalid, setInvalid] = useState(false);
  const save = useAction<[z.input<typeof translationSaveBody>], TranslationSaved, TranslationCurrent>(
    (body) => callApi(translationsApi.save, body),
  );
  const multiline = text.ru.length > 80 || text.ru.includes('\n');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = translationSaveBody.safeParse({
      kind: text.kind,
      id: text.id,
      field: text.field,
      en: value,
      version,
    });
    setInvalid(!checked.success);
    if (!checked.success) return;
    const saved = await save.run(checked.data);
    if (saved === undefined) return;
    onVersion(saved.version);
    onSaved();
  }

  // Someone changed the record meanwhile: show its text now and take its version for the next save.
  const current = save.conflict?.current;
  const versionTaken = useRef(onVersion);
  versionTaken.current = onVersion;
  useEffect(() => {
    if (!current) return;
    versionTaken.current(current.version);
    setRu(current.ru);
    if (current.en) setValue(current.en);
  }, [current]);
  const problem = invalid
    ? tr('Введите английский текст', 'Type the English text')
    : (save.conflict?.message ?? save.error);

  return (
    <li
      className="adm-card adm-tr__row"
      data-testid="translation-row"
      data-id={text.id}
      data-field={text.field}
    >
      <form onSubmit={submit} className="adm-tr__form">
        <p className="adm-tr__what">
          <Link to={recordLink(text)}>{text.title || text.id}</Link>
          <span className="adm-muted"> · {fieldName(text.field, tr)}</span>
        </p>
        <p className="adm-tr__ru" lang="ru">
          {ru}
        </p>
        <label htmlFor={id} className="adm-tr__label">
          {tr('По-английски', 'In English')}
        </label>
        {multiline ? (
          <textarea
            id={id}
            lang="en"
            rows={4}
            maxLength={TRANSLATION_MAX_LENGTH}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <input
            id={id}
            lang="en"
            maxLength={TRANSLATION_MAX_LENGTH}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <div className="adm-tr__actions">
          <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
            {save.busy ? tr('Сохраняем…', 'Saving…') : tr('Сохранить', 'Save')}
          </button>
          <ErrorNote message={problem} />
        </div>
      </form>
    </li>
  );
}

/**
 * Translations: what the English edition lacks, counted by kind, and each text translated where it
 * is listed (docs/product/translations.md). A saved text leaves the list.
 */
export default function TranslationsPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const list = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<Set<string>>(new Set());
  // The newest version known of each record: saving one text of a product raises the version its
  // other texts save over (numbers, or a page's ISO time of change; both order by comparison).
  const [versions, setVersions] = useState<Map<string, number | string>>(new Map());
  // A look's tags share the look's version; a photo tag's digest is its own and has no order.
  const recordKey = (t: MissingText) => `${t.kind}:${t.kind === 'lookTag' ? t.record : t.id}`;
  const versionOf = (t: MissingText) => {
    const known = versions.get(recordKey(t));
    if (t.kind === 'photoTag') return known ?? t.version;
    return known !== undefined && known > t.version ? known : t.version;
  };
  const shown = list.texts.filter((t) => !saved.has(`${t.kind}:${t.id}:${t.field}`));
  return (
    <div className="adm-page">
      <PageHead title={tr('Переводы', 'Translations')}>
        <span className="adm-muted" data-testid="translations-total" data-count={list.total}>
          {list.total === 0
            ? tr('Английской версии хватает всех текстов', 'The English edition lacks no text')
            : staffPlural('missingTexts', list.total, locale)}
        </span>
      </PageHead>
      <p className="adm-muted adm-tr__intro">
        {tr(
          'Пока текста нет по-английски, английская версия магазина показывает русский. Здесь — все такие тексты; переведённый уходит из списка.',
          'While a text has no English, the English edition shows the Russian one. All such texts are here; a translated one leaves the list.',
        )}
      </p>
      <nav className="adm-cnt__tabs" aria-label={tr('Что переводить', 'What to translate')}>
        {translationKinds.map((k) => (
          <Link
            key={k}
            to={`?kind=${k}`}
            aria-current={k === list.kind ? 'page' : undefined}
            data-testid={`translations-tab-${k}`}
            data-count={list.counts[k]}
          >
            {kindName(k, tr)} · {list.counts[k]}
          </Link>
        ))}
      </nav>
      {shown.length === 0 ? (
        <p className="adm-muted" data-testid="translations-empty">
          {tr('Здесь переводить нечего.', 'Nothing to translate here.')}
        </p>
      ) : (
        <ul className="adm-tr__list">
          {shown.map((t) => (
            <TranslationRow
              key={`${t.kind}:${t.id}:${t.field}`}
              text={t}
              version={versionOf(t)}
              onVersion={(v) => setVersions((m) => new Map(m).set(recordKey(t), v))}
              onSaved={() => {
                setSaved((s) => new Set(s).add(`${t.kind}:${t.id}:${t.field}`));
                revalidator.revalidate();
              }}
            />
          ))}
        </ul>
      )}
      {list.more || list.offset > 0 ? (
        <nav className="adm-cnt__tabs" aria-label={tr('Страницы списка', 'List pages')}>
          {list.offset > 0 ? (
            <Link to={`?kind=${list.kind}&offset=${Math.max(0, list.offset - TRANSLATION_PAGE)}`}>
              {tr('← Предыдущие', '← Previous')}
            </Link>
          ) : null}
          {list.more ? (
            <Link to={`?kind=${list.kind}&offset=${list.offset + TRANSLATION_PAGE}`}>
              {tr('Следующие →', 'Next →')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
