import '../../admin/content/content.css';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { ReceiptsGroup } from '../../admin/content/receipt-settings-form.tsx';
import {
  AnalyticsGroup,
  CheckoutGroup,
  ContactsGroup,
  EngagementGroup,
  FeedsGroup,
  MenusGroup,
  MoscowPricesGroup,
  ReturnsGroup,
  SellerGroup,
} from '../../admin/content/settings-forms.tsx';
import type { SettingsRecord } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';
import { PageHead } from '../../admin/ui/page-head.tsx';

export async function clientLoader() {
  const { documents } = await adminApi<{ documents: SettingsRecord[] }>('/api/admin/settings');
  return { documents };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const groups = {
  checkout: { ru: 'Доставка и оплата', en: 'Delivery and payment', Form: CheckoutGroup },
  moscow: { ru: 'Цены по Москве', en: 'Moscow prices', Form: MoscowPricesGroup },
  contacts: { ru: 'Контакты', en: 'Contacts', Form: ContactsGroup },
  menus: { ru: 'Меню', en: 'Menus', Form: MenusGroup },
  popups: { ru: 'Окна и таймеры', en: 'Popups and timers', Form: EngagementGroup },
  seller: { ru: 'Реквизиты', en: 'Requisites', Form: SellerGroup },
  analytics: { ru: 'Аналитика', en: 'Analytics', Form: AnalyticsGroup },
  returns: { ru: 'Возвраты', en: 'Returns', Form: ReturnsGroup },
  receipts: { ru: 'Чеки', en: 'Receipts', Form: ReceiptsGroup },
  feeds: { ru: 'Маркетплейсы', en: 'Marketplaces', Form: FeedsGroup },
} as const;

/** The shop's settings (admins), one form per group; each save shows on the storefront at once. */
export default function SettingsPage() {
  const tr = useTr();
  const { documents } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<{ ok: boolean; text: string; group: string } | null>(null);
  const name = (params.get('group') ?? 'checkout') as keyof typeof groups;
  const group = groups[name] ?? groups.checkout;
  const docs = Object.fromEntries(documents.map((d) => [d.id, d])) as Record<
    SettingsRecord['id'],
    SettingsRecord
  >;
  if (!docs.main || !docs.contacts || !docs.ui) {
    return (
      <p className="adm-error">
        {tr('Настройки не заполнены: npm run db:seed', 'Settings are missing: npm run db:seed')}
      </p>
    );
  }
  const { Form } = group;
  // A save or a reload after a refusal gives new edit stamps: the form starts again from them.
  const stamp = documents.map((d) => d.updatedAt).join('|');
  return (
    <div className="adm-page">
      <PageHead title={tr('Настройки', 'Settings')} />
      <nav className="adm-cnt__tabs" aria-label={tr('Группы настроек', 'Settings groups')}>
        {Object.entries(groups).map(([k, g]) => (
          <Link key={k} to={`?group=${k}`} aria-current={k === name ? 'page' : undefined}>
            {tr(g.ru, g.en)}
          </Link>
        ))}
      </nav>
      {notice && notice.group === name ? (
        <p className={notice.ok ? 'adm-ok' : 'adm-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <Form
        key={`${name}-${stamp}`}
        docs={docs}
        onSaved={() => {
          setNotice({
            ok: true,
            text: tr('Сохранено, витрина уже показывает изменения', 'Saved: the storefront shows it now'),
            group: name,
          });
          revalidator.revalidate();
        }}
        onReload={(message) => {
          setNotice({
            ok: false,
            text: `${message}. ${tr('Ваши изменения не сохранены.', 'Your changes were not saved.')}`,
            group: name,
          });
          revalidator.revalidate();
        }}
      />
    </div>
  );
}
