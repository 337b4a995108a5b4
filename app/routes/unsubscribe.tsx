import { data, Form, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath } from '../../core/i18n.ts';
import { unsubscribeQuerySchema } from '../../core/messages/messages.schemas.ts';
import { translate, useT } from '../i18n/index.ts';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/unsubscribe';

/**
 * The unsubscribe link of marketing messages (docs/decisions/0021-durable-jobs-and-messages.md): the
 * page asks for one press, so a mail scanner that opens links unsubscribes nobody; mail clients use
 * the one-click POST of `List-Unsubscribe` (/api/unsubscribe) instead.
 */
export function meta({ location, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const locale = root?.locale ?? localeFromPath(location.pathname);
  const title = translate(locale, 'mail.unsubscribe.title');
  return seoMeta(root?.publicUrl ?? '', {
    locale,
    title: `${title} | ${translate(locale, 'meta.title')}`,
    socialTitle: title,
    description: translate(locale, 'mail.unsubscribe.ask'),
    path: location.pathname,
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { valid: unsubscribeQuerySchema.safeParse({ token }).success, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const form = await request.formData();
  const parsed = unsubscribeQuerySchema.safeParse({ token: form.get('token') });
  const done = parsed.success && (await services.messages.unsubscribe(parsed.data.token));
  return data({ done }, { status: done ? 200 : 400 });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  return (
    <article className="text-page mail-link">
      <h1 className="text-page__title">{t('mail.unsubscribe.title')}</h1>
      {actionData ? (
        <p role="status">{actionData.done ? t('mail.unsubscribe.done') : t('mail.badLink')}</p>
      ) : loaderData.valid ? (
        <Form method="post">
          <p>{t('mail.unsubscribe.ask')}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--dark" disabled={busy}>
            {t('mail.unsubscribe.button')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('mail.badLink')}</p>
      )}
    </article>
  );
}
