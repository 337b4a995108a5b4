import { data, Form, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { restockConfirmSchema } from '../../core/catalogue/restock.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { localeFromPath } from '../../core/i18n.ts';
import { translate, useT } from '../i18n/index.ts';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/restock-confirm';

/**
 * A restock sign-up's double opt-in link (DECISIONS 37, docs/product/marketing-consent.md), as the
 * newsletter's (newsletter-confirm.tsx): one press confirms, so a mail scanner opening the link
 * confirms nothing; only then does the arrival mail go out.
 */
export function meta({ location, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const locale = root?.locale ?? localeFromPath(location.pathname);
  const title = translate(locale, 'mail.restockConfirm.title');
  return seoMeta(root?.publicUrl ?? '', {
    locale,
    title: `${title} | ${translate(locale, 'meta.title')}`,
    socialTitle: title,
    description: translate(locale, 'mail.restockConfirm.ask'),
    path: location.pathname,
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { valid: restockConfirmSchema.safeParse({ token }).success, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const parsed = restockConfirmSchema.safeParse({ token: form.get('token') });
  if (!parsed.success)
    return data({ ok: false, message: translate(locale, 'mail.badLink') }, { status: 400 });
  try {
    const answer = await services.restock.confirm(parsed.data.token, locale);
    return { ok: true, message: answer.message };
  } catch (e) {
    if (e instanceof AppError) return data({ ok: false, message: e.message }, { status: 400 });
    throw e;
  }
}

export default function RestockConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  return (
    <article className="text-page mail-link">
      <h1 className="text-page__title">{t('mail.restockConfirm.title')}</h1>
      {actionData ? (
        <p role={actionData.ok ? 'status' : 'alert'}>{actionData.message}</p>
      ) : loaderData.valid ? (
        <Form method="post">
          <p>{t('mail.restockConfirm.ask')}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--dark" disabled={busy}>
            {t('mail.restockConfirm.button')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('mail.badLink')}</p>
      )}
    </article>
  );
}
