import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { type MessagePreviewKind, messagePreviewKinds } from '../../../core/messages/message-texts.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale, useTr } from '../../admin/i18n.ts';
import { MessageTextRow, type MessageTextRowData } from '../../admin/messages/message-text-row.tsx';
import '../../admin/messages/messages.css';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';

export async function clientLoader() {
  return adminApi<{ rows: MessageTextRowData[] }>('/api/admin/message-texts');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

interface Preview {
  subject: string;
  html: string;
  sms: string;
}

/**
 * The wording of the shop's messages (order messages, restock, newsletter, cart reminders): each
 * text beside its built-in one, in both languages, with a preview of the message as it goes out.
 */
export default function MessageTexts() {
  const tr = useTr();
  const adminLocale = useAdminLocale();
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [filter, setFilter] = useState('');
  const [kind, setKind] = useState<MessagePreviewKind>('order.created');
  const [locale, setLocale] = useState<'ru' | 'en'>(adminLocale);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState('');
  const [stamp, setStamp] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `stamp` asks for a new preview after each save
  useEffect(() => {
    let live = true;
    setPreviewError('');
    adminApi<{ message: Preview }>(`/api/admin/message-texts/preview?kind=${kind}&locale=${locale}`)
      .then((r) => live && setPreview(r.message))
      .catch((e) => live && setPreviewError(errorText(e)));
    return () => {
      live = false;
    };
  }, [kind, locale, stamp]);

  const q = filter.trim().toLowerCase();
  const shown = q
    ? rows.filter((r) =>
        [
          r.key,
          ...r.about,
          r.ru.builtIn,
          r.en.builtIn,
          r.ru.override?.value ?? '',
          r.en.override?.value ?? '',
        ]
          .join(' ')
          .toLowerCase()
          .includes(q),
      )
    : rows;
  const changed = async () => {
    await revalidate();
    setStamp((n) => n + 1);
  };

  return (
    <div className="adm-page">
      <PageHead
        title={tr('Тексты сообщений', 'Message texts')}
        hint={tr(
          'письма и SMS покупателям; {подстановки} магазин заполняет сам',
          'e-mail and SMS to buyers; the shop fills in the {placeholders}',
        )}
      />
      <div className="adm-msg">
        <section aria-label={tr('Тексты', 'Texts')}>
          <div className="adm-filters">
            <label className="adm-field">
              {tr('Поиск', 'Search')}
              <input type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
            </label>
          </div>
          {shown.map((row) => (
            <MessageTextRow key={row.key} row={row} onChanged={changed} />
          ))}
          {shown.length === 0 ? (
            <p className="adm-muted">{tr('Ничего не найдено', 'Nothing found')}</p>
          ) : null}
        </section>
        <aside className="adm-card adm-msg__preview" aria-label={tr('Предпросмотр', 'Preview')}>
          <h2>{tr('Предпросмотр', 'Preview')}</h2>
          <div className="adm-filters">
            <label className="adm-field">
              {tr('Сообщение', 'Message')}
              <select value={kind} onChange={(e) => setKind(e.currentTarget.value as MessagePreviewKind)}>
                {messagePreviewKinds.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </label>
            <label className="adm-field">
              {tr('Язык', 'Language')}
              <select value={locale} onChange={(e) => setLocale(e.currentTarget.value as 'ru' | 'en')}>
                <option value="ru">Русский</option>
                <option value="en">English</option>
              </select>
            </label>
          </div>
          <ErrorNote message={previewError} />
          {preview ? (
            <>
              <p>
                <strong>{tr('Тема', 'Subject')}:</strong> {preview.subject}
              </p>
              <iframe
                className="adm-msg__frame"
                title={tr('Письмо', 'E-mail')}
                sandbox=""
                srcDoc={preview.html}
              />
              {preview.sms ? (
                <p className="adm-msg__sms">
                  <strong>SMS:</strong> {preview.sms}
                </p>
              ) : null}
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
