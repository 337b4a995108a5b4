import { data, Form, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { newsletterConfirmSchema } from '../../core/engagement/engagement.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { localeFromPath } from '../../core/i18n.ts';
import { translate, useT } from '../i18n/index.ts';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/newsletter-confirm';

/**
 * The newsletter's double opt-in link (DECISIONS 37): one press confirms the subscription, so a mail
 * scanner opening the link subscribes nobody; the welcome mail with the promo code follows.
 */
export function meta({ location, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const locale = root?.locale ?? localeFromPath(location.pathname);
  const title = translate(locale, 'mail.confirm.title');
  return seoMeta(root?.publicUrl ?? '', {
    locale,
    title: `${title} | ${translate(locale, 'meta.title')}`,
    socialTitle: title,
    description: translate(locale, 'mail.confirm.ask'),
    path: location.pathname,
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { valid: newsletterConfirmSchema.safeParse({ token }).success, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const parsed = newsletterConfirmSchema.safeParse({ token: form.get('token') });
  if (!parsed.success)
    return data({ ok: false, message: translate(locale, 'mail.badLink') }, { status: 400 });
  try {
    const answer = await services.engagement.confirmSubscription(parsed.data.token, locale);
    return { ok: true, message: answer.message };
  } catch (e) {
    if (e instanceof AppError) return data({ ok: false, message: e.message }, { status: 400 });
    throw e;
  }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  return (
    <article className="text-page mail-link">
      <h1 className="text-page__title">{t('mail.confirm.title')}</h1>
      {actionData ? (
        <p role={actionData.ok ? 'status' : 'alert'}>{actionData.message}</p>
      ) : loaderData.valid ? (
        <Form method="post">
          <p>{t('mail.confirm.ask')}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--dark" disabled={busy}>
            {t('mail.confirm.button')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('mail.badLink')}</p>
      )}
    </article>
  );
}
