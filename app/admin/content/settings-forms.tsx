import { useState } from 'react';
import { feedsLimits } from '../../../core/content/settings.schemas.ts';
import { getWays } from '../../../core/delivery/delivery.rules.ts';
import { deliveryWayName, paymentMethodName } from '../../../core/staff-messages.ts';
import { adminApi } from '../api.ts';
import { useAdminLocale, useTr } from '../i18n.ts';
import {
  Field,
  ItemButtons,
  kopecks,
  move,
  roubles,
  type SaveProblem,
  SaveStatus,
  useSave,
  whole,
} from './form.tsx';
import type { Localized, MenuLink, SettingsRecord } from './types.ts';

type Docs = Record<SettingsRecord['id'], SettingsRecord>;

/**
 * One settings group: its fields of one document, saved over the document's edit stamp; a stale
 * save reloads the newer document (`onReload`) and says so.
 */
function useGroupSave(
  record: SettingsRecord,
  onSaved: (r: SettingsRecord) => void,
  onReload: (message: string) => void,
) {
  const save = useSave();
  async function submit(values: Record<string, unknown>) {
    const saved = await save.run(
      async () =>
        (
          await adminApi<{ record: SettingsRecord }>(`/api/admin/settings/${record.id}`, {
            method: 'PUT',
            body: { updatedAt: record.updatedAt, values },
          })
        ).record,
      (message) => onReload(message),
    );
    if (saved) onSaved(saved);
  }
  return { ...save, submit };
}

function GroupForm({
  title,
  save,
  onSubmit,
  children,
}: {
  title: string;
  save: ReturnType<typeof useGroupSave>;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const tr = useTr();
  return (
    <form
      className="adm-card adm-cnt__group"
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2>{title}</h2>
      {children}
      <div className="adm-cnt__actions">
        <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
          {tr('Сохранить', 'Save')}
        </button>
        <SaveStatus busy={save.busy} done={save.done} problem={save.problem} />
      </div>
    </form>
  );
}

interface GroupProps {
  docs: Docs;
  onSaved: (r: SettingsRecord) => void;
  /** A stale save: the page reloads the newer documents and shows `message`. */
  onReload: (message: string) => void;
}

function LocalizedInputs({
  label,
  name,
  value,
  onChange,
  problem,
  textarea,
}: {
  label: string;
  name: string;
  value: Localized;
  onChange: (v: Localized) => void;
  problem: ReturnType<typeof useSave>['problem'];
  textarea?: boolean;
}) {
  return (
    <>
      {(['ru', 'en'] as const).map((l) => (
        <Field key={l} label={`${label} (${l.toUpperCase()})`} name={`${name}.${l}`} problem={problem}>
          {textarea ? (
            <textarea value={value[l]} onChange={(e) => onChange({ ...value, [l]: e.target.value })} />
          ) : (
            <input value={value[l]} onChange={(e) => onChange({ ...value, [l]: e.target.value })} />
          )}
        </Field>
      ))}
    </>
  );
}

/** Free delivery, delivery methods per edition, payment switches, unpaid-order holds and caps. */
export function CheckoutGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const locale = useAdminLocale();
  const main = docs.main;
  const save = useGroupSave(main, onSaved, onReload);
  const d = main.document;
  const [free, setFree] = useState(roubles(d.freeDeliveryMin));
  const [hiddenEn, setHiddenEn] = useState<string[]>(d.englishDisabledGetWays ?? []);
  const [payOnDelivery, setPayOnDelivery] = useState<string[]>(d.payOnDeliveryGetWays ?? []);
  // The on/off switches; SBP's editions and the two-stage delivery methods are lists of their own
  // (docs/decisions/0036-sbp-and-two-stage-payments.md).
  const { sbp: sbp0, twoStage: twoStage0, ...switches0 } = (d.payments ?? {}) as Record<string, unknown>;
  const [payments, setPayments] = useState<Record<string, boolean>>(
    Object.fromEntries(Object.entries(switches0).filter(([, v]) => typeof v === 'boolean')) as Record<
      string,
      boolean
    >,
  );
  const [sbp, setSbp] = useState<string[]>(Array.isArray(sbp0) ? sbp0 : []);
  const [twoStage, setTwoStage] = useState<string[]>(Array.isArray(twoStage0) ? twoStage0 : []);
  const [hold, setHold] = useState({
    online: String(d.orderHoldMinutes?.online ?? 20),
    decision: String(d.orderHoldMinutes?.decision ?? 60),
  });
  const caps0 = d.holdCaps ?? {
    orders: 3,
    unitsPerVariant: 10,
    addressOrders: 10,
    addressUnitsPerVariant: 30,
    tryOnItems: 10,
  };
  const [caps, setCaps] = useState<Record<string, string>>(
    Object.fromEntries(Object.entries(caps0).map(([k, v]) => [k, String(v)])),
  );
  const capLabels: Record<string, [string, string]> = {
    orders: ['Неоплаченных заказов на клиента', 'Unpaid orders per client'],
    unitsPerVariant: ['Штук одного размера на клиента', 'Units of one size per client'],
    addressOrders: ['Неоплаченных заказов на IP-адрес', 'Unpaid orders per IP address'],
    addressUnitsPerVariant: ['Штук одного размера на IP-адрес', 'Units of one size per IP address'],
    tryOnItems: ['Вещей в заказе с примеркой', 'Items in a try-on order'],
  };
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Доставка и оплата', 'Delivery and payment')}
      save={save}
      onSubmit={() =>
        save.submit({
          freeDeliveryMin: kopecks(free) ?? 0,
          englishDisabledGetWays: hiddenEn,
          payOnDeliveryGetWays: payOnDelivery,
          payments: { ...payments, sbp, twoStage },
          orderHoldMinutes: { online: whole(hold.online), decision: whole(hold.decision) },
          holdCaps: Object.fromEntries(Object.entries(caps).map(([k, v]) => [k, whole(v)])),
        })
      }
    >
      <div className="adm-cnt__form">
        <Field
          label={tr('Бесплатная доставка от, ₽', 'Free delivery from, ₽')}
          name="freeDeliveryMin"
          problem={p}
          hint={tr('0 — без бесплатной доставки', '0: never free')}
        >
          <input inputMode="decimal" value={free} onChange={(e) => setFree(e.target.value)} />
        </Field>
      </div>
      <fieldset className="adm-cnt__form adm-cnt__wide">
        <legend>
          {tr('Способы доставки в английской версии', 'Delivery methods in the English edition')}
        </legend>
        {getWays.map((w) => (
          <label key={w} className="adm-cnt__check">
            <input
              type="checkbox"
              checked={!hiddenEn.includes(w)}
              onChange={(e) =>
                setHiddenEn((list) => (e.target.checked ? list.filter((x) => x !== w) : [...list, w]))
              }
            />
            {deliveryWayName(w, locale)}
          </label>
        ))}
      </fieldset>
      <fieldset className="adm-cnt__form adm-cnt__wide">
        <legend>
          {tr(
            'Оплата при получении за оставленные вещи (выкуп после примерки; для курьера с примеркой — всегда)',
            'Pay on delivery for the items kept (try-on buyout; always for the courier with fitting)',
          )}
        </legend>
        {getWays
          .filter((w) => w !== 'moscow-try')
          .map((w) => (
            <label key={w} className="adm-cnt__check">
              <input
                type="checkbox"
                checked={payOnDelivery.includes(w)}
                onChange={(e) =>
                  setPayOnDelivery((list) => (e.target.checked ? [...list, w] : list.filter((x) => x !== w)))
                }
              />
              {deliveryWayName(w, locale)}
            </label>
          ))}
      </fieldset>
      <fieldset className="adm-cnt__form adm-cnt__wide">
        <legend>
          {tr(
            'Способы оплаты в русской версии (в английской — только карта)',
            'Payment methods in the Russian edition (the English one takes cards only)',
          )}
        </legend>
        {Object.keys(payments).map((k) => (
          <label key={k} className="adm-cnt__check">
            <input
              type="checkbox"
              checked={payments[k] ?? false}
              onChange={(e) => setPayments((x) => ({ ...x, [k]: e.target.checked }))}
            />
            {paymentMethodName(k, locale)}
          </label>
        ))}
      </fieldset>
      <fieldset className="adm-cnt__form adm-cnt__wide">
        <legend>
          {tr(
            'СБП (когда её принимает платёжная система магазина)',
            'SBP (where the shop’s payment service takes it)',
          )}
        </legend>
        {(['ru', 'en'] as const).map((edition) => (
          <label key={edition} className="adm-cnt__check">
            <input
              type="checkbox"
              checked={sbp.includes(edition)}
              onChange={(e) =>
                setSbp((list) => (e.target.checked ? [...list, edition] : list.filter((x) => x !== edition)))
              }
            />
            {edition === 'ru'
              ? tr('Русская версия', 'Russian edition')
              : tr('Английская версия', 'English edition')}
          </label>
        ))}
      </fieldset>
      <fieldset className="adm-cnt__form adm-cnt__wide">
        <legend>
          {tr(
            'Двухстадийная оплата картой: деньги списываются при передаче перевозчику или вручении',
            'Two-stage card payment: the money is taken on hand-over to the carrier or delivery',
          )}
        </legend>
        {getWays.map((w) => (
          <label key={w} className="adm-cnt__check">
            <input
              type="checkbox"
              checked={twoStage.includes(w)}
              onChange={(e) =>
                setTwoStage((list) => (e.target.checked ? [...list, w] : list.filter((x) => x !== w)))
              }
            />
            {deliveryWayName(w, locale)}
          </label>
        ))}
      </fieldset>
      <fieldset className="adm-cnt__form adm-cnt__wide">
        <legend>{tr('Неоплаченные заказы', 'Unpaid orders')}</legend>
        <Field
          label={tr('Держать товар при онлайн-оплате, мин', 'Hold for online payment, min')}
          name="orderHoldMinutes.online"
          problem={p}
        >
          <input
            type="number"
            value={hold.online}
            onChange={(e) => setHold({ ...hold, online: e.target.value })}
          />
        </Field>
        <Field
          label={tr('Держать товар при рассрочке, мин', 'Hold for instalments, min')}
          name="orderHoldMinutes.decision"
          problem={p}
        >
          <input
            type="number"
            value={hold.decision}
            onChange={(e) => setHold({ ...hold, decision: e.target.value })}
          />
        </Field>
        {Object.keys(caps).map((k) => (
          <Field key={k} label={tr(...(capLabels[k] ?? [k, k]))} name={`holdCaps.${k}`} problem={p}>
            <input
              type="number"
              value={caps[k]}
              onChange={(e) => setCaps({ ...caps, [k]: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>
    </GroupForm>
  );
}

/** Moscow courier and try-on prices (ui). */
export function MoscowPricesGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const ui = docs.ui;
  const save = useGroupSave(ui, onSaved, onReload);
  const keys = [
    ['moscowDeliveryPrice', 'Курьер по Москве в пределах МКАД, ₽', 'Moscow courier inside the ring road, ₽'],
    ['moscowDeliveryOutMkadPrice', 'Курьер по Москве за МКАД, ₽', 'Moscow courier outside the ring road, ₽'],
    ['moscowTryDeliveryPrice', 'С примеркой в пределах МКАД, ₽', 'Try-on inside the ring road, ₽'],
    ['moscowTryDeliveryOutMkadPrice', 'С примеркой за МКАД, ₽', 'Try-on outside the ring road, ₽'],
  ] as const;
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(keys.map(([k]) => [k, roubles(ui.document[k])])),
  );
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Цены доставки по Москве', 'Moscow delivery prices')}
      save={save}
      onSubmit={() => save.submit(Object.fromEntries(keys.map(([k]) => [k, kopecks(values[k] ?? '')])))}
    >
      <div className="adm-cnt__form">
        {keys.map(([k, ru, en]) => (
          <Field
            key={k}
            label={tr(ru, en)}
            name={k}
            problem={p}
            hint={
              k.startsWith('moscowTry')
                ? tr('пусто — примерка не предлагается', 'empty: no try-on')
                : undefined
            }
          >
            <input
              inputMode="decimal"
              value={values[k]}
              onChange={(e) => setValues({ ...values, [k]: e.target.value })}
            />
          </Field>
        ))}
      </div>
    </GroupForm>
  );
}

/** Phone, e-mail, address and social links (contacts). */
export function ContactsGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const rec = docs.contacts;
  const save = useGroupSave(rec, onSaved, onReload);
  const [c, setC] = useState({ ...rec.document });
  const plain = [
    'phone',
    'email',
    'vk',
    'instagram',
    'facebook',
    'whatsapp',
    'telegram',
    'pinterest',
  ] as const;
  const labels: Record<string, string> = {
    phone: tr('Телефон', 'Phone'),
    email: 'E-mail',
  };
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Контакты и соцсети', 'Contacts and social links')}
      save={save}
      onSubmit={() => {
        const { _id, ...values } = c;
        void _id;
        save.submit(values);
      }}
    >
      <div className="adm-cnt__form">
        {plain.map((k) => (
          <Field key={k} label={labels[k] ?? k} name={k} problem={p}>
            <input value={c[k] ?? ''} onChange={(e) => setC({ ...c, [k]: e.target.value })} />
          </Field>
        ))}
        <LocalizedInputs
          label={tr('Адрес', 'Address')}
          name="address"
          value={c.address}
          onChange={(v) => setC({ ...c, address: v })}
          problem={p}
        />
        <LocalizedInputs
          label={tr('Копирайт', 'Copyright')}
          name="copyrights"
          value={c.copyrights}
          onChange={(v) => setC({ ...c, copyrights: v })}
          problem={p}
        />
      </div>
    </GroupForm>
  );
}

function LinkList({
  links,
  onChange,
  name,
  problem,
  red,
}: {
  links: MenuLink[];
  onChange: (links: MenuLink[]) => void;
  name: string;
  problem: ReturnType<typeof useSave>['problem'];
  red?: boolean;
}) {
  const tr = useTr();
  const at = (i: number, patch: Partial<MenuLink>) =>
    onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <div className="adm-cnt__list">
      {links.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: menu items are an ordered list without ids
        <div key={i} className="adm-cnt__item">
          <Field label={tr('Название (RU)', 'Name (RU)')} name={`${name}.${i}.name.ru`} problem={problem}>
            <input value={l.name.ru} onChange={(e) => at(i, { name: { ...l.name, ru: e.target.value } })} />
          </Field>
          <Field label={tr('Название (EN)', 'Name (EN)')} name={`${name}.${i}.name.en`} problem={problem}>
            <input value={l.name.en} onChange={(e) => at(i, { name: { ...l.name, en: e.target.value } })} />
          </Field>
          <Field label={tr('Адрес', 'Path')} name={`${name}.${i}.path`} problem={problem}>
            <input value={l.path} onChange={(e) => at(i, { path: e.target.value })} />
          </Field>
          {red ? (
            <label className="adm-cnt__check">
              <input
                type="checkbox"
                checked={Boolean(l.isRed)}
                onChange={(e) => at(i, { isRed: e.target.checked })}
              />
              {tr('Красным', 'Red')}
            </label>
          ) : null}
          <ItemButtons
            index={i}
            count={links.length}
            label={l.name.ru || l.path}
            onMove={(by) => onChange(move(links, i, by))}
            onRemove={() => onChange(links.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <button
        type="button"
        className="adm-btn"
        onClick={() =>
          onChange([...links, { name: { ru: '', en: '' }, path: '/', ...(red ? { isRed: false } : {}) }])
        }
      >
        + {tr('Пункт', 'Item')}
      </button>
    </div>
  );
}

/** The header menu and the global menu: prefix items (red or not), columns and their order (ui). */
export function MenusGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const ui = docs.ui;
  const save = useGroupSave(ui, onSaved, onReload);
  const [header, setHeader] = useState<MenuLink[]>(ui.document.header.menu);
  const [prefix, setPrefix] = useState<MenuLink[]>(ui.document.global.menu.categoriesPrefix);
  const [columns, setColumns] = useState<{ name: Localized; items: MenuLink[] }[]>(
    ui.document.global.menu.columns,
  );
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Меню', 'Menus')}
      save={save}
      onSubmit={() =>
        save.submit({
          header: { ...ui.document.header, menu: header },
          global: { ...ui.document.global, menu: { categoriesPrefix: prefix, columns } },
        })
      }
    >
      <h3>{tr('Меню в шапке', 'Header menu')}</h3>
      <LinkList links={header} onChange={setHeader} name="header.menu" problem={p} />
      <h3>{tr('Пункты перед категориями', 'Items before the categories')}</h3>
      <LinkList links={prefix} onChange={setPrefix} name="global.menu.categoriesPrefix" problem={p} red />
      <h3>{tr('Колонки общего меню', 'Global menu columns')}</h3>
      <div className="adm-cnt__list">
        {columns.map((col, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are an ordered list without ids
          <div key={i} className="adm-cnt__column">
            <div className="adm-cnt__item">
              <LocalizedInputs
                label={tr('Колонка', 'Column')}
                name={`global.menu.columns.${i}.name`}
                value={col.name}
                onChange={(v) => setColumns(columns.map((c, j) => (j === i ? { ...c, name: v } : c)))}
                problem={p}
              />
              <ItemButtons
                index={i}
                count={columns.length}
                label={col.name.ru}
                onMove={(by) => setColumns(move(columns, i, by))}
                onRemove={() => setColumns(columns.filter((_, j) => j !== i))}
              />
            </div>
            <LinkList
              links={col.items}
              onChange={(items) => setColumns(columns.map((c, j) => (j === i ? { ...c, items } : c)))}
              name={`global.menu.columns.${i}.items`}
              problem={p}
            />
          </div>
        ))}
        <button
          type="button"
          className="adm-btn"
          onClick={() => setColumns([...columns, { name: { ru: '', en: '' }, items: [] }])}
        >
          + {tr('Колонка', 'Column')}
        </button>
      </div>
    </GroupForm>
  );
}

/** The popups' switches and timers (ui.engagement). */
export function EngagementGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const ui = docs.ui;
  const save = useGroupSave(ui, onSaved, onReload);
  const [e, setE] = useState(ui.document.engagement);
  const popups = [
    ['cookieNotice', 'Уведомление о cookie', 'Cookie notice'],
    ['marketing', 'Окно подписки', 'Newsletter popup'],
    ['appBanner', 'Баннер приложения', 'App banner'],
  ] as const;
  const p = save.problem;
  const num = (v: string) => whole(v);
  return (
    <GroupForm
      title={tr('Всплывающие окна и таймеры', 'Popups and timers')}
      save={save}
      onSubmit={() => save.submit({ engagement: e })}
    >
      {popups.map(([k, ru, en]) => (
        <fieldset key={k} className="adm-cnt__form adm-cnt__wide">
          <legend>{tr(ru, en)}</legend>
          <label className="adm-cnt__check">
            <input
              type="checkbox"
              checked={e[k].enabled}
              onChange={(ev) => setE({ ...e, [k]: { ...e[k], enabled: ev.target.checked } })}
            />
            {tr('Показывать', 'Show')}
          </label>
          <Field
            label={tr('Задержка, секунд', 'Delay, seconds')}
            name={`engagement.${k}.delaySeconds`}
            problem={p}
          >
            <input
              type="number"
              value={e[k].delaySeconds ?? ''}
              onChange={(ev) => setE({ ...e, [k]: { ...e[k], delaySeconds: num(ev.target.value) } })}
            />
          </Field>
          <Field
            label={tr('Не показывать после закрытия, дней', 'Hidden after closing, days')}
            name={`engagement.${k}.dismissDays`}
            problem={p}
          >
            <input
              type="number"
              value={e[k].dismissDays ?? ''}
              onChange={(ev) => setE({ ...e, [k]: { ...e[k], dismissDays: num(ev.target.value) } })}
            />
          </Field>
        </fieldset>
      ))}
    </GroupForm>
  );
}

/** The seller's requisites (main.seller). */
export function SellerGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const main = docs.main;
  const save = useGroupSave(main, onSaved, onReload);
  const s0 = main.document.seller ?? {
    name: { ru: '', en: '' },
    inn: '',
    ogrn: '',
    address: { ru: '', en: '' },
  };
  const [s, setS] = useState(s0);
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Реквизиты продавца', 'Seller requisites')}
      save={save}
      onSubmit={() => save.submit({ seller: s })}
    >
      <div className="adm-cnt__form">
        <LocalizedInputs
          label={tr('Наименование', 'Legal name')}
          name="seller.name"
          value={s.name}
          onChange={(v) => setS({ ...s, name: v })}
          problem={p}
        />
        <Field label={tr('ИНН', 'INN')} name="seller.inn" problem={p}>
          <input
            inputMode="numeric"
            value={s.inn}
            onChange={(e) => setS({ ...s, inn: e.target.value.trim() })}
          />
        </Field>
        <Field label={tr('ОГРН / ОГРНИП', 'OGRN')} name="seller.ogrn" problem={p}>
          <input
            inputMode="numeric"
            value={s.ogrn}
            onChange={(e) => setS({ ...s, ogrn: e.target.value.trim() })}
          />
        </Field>
        <LocalizedInputs
          label={tr('Адрес', 'Address')}
          name="seller.address"
          value={s.address}
          onChange={(v) => setS({ ...s, address: v })}
          problem={p}
        />
      </div>
    </GroupForm>
  );
}

/** Counter ids the storefront loads (main.analytics). */
export function AnalyticsGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const main = docs.main;
  const save = useGroupSave(main, onSaved, onReload);
  const [gtm, setGtm] = useState<string>(main.document.analytics?.gtmId ?? '');
  const [metrika, setMetrika] = useState<string>(main.document.analytics?.metrikaId ?? '');
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Аналитика', 'Analytics')}
      save={save}
      onSubmit={() =>
        save.submit({
          analytics: { gtmId: gtm.trim() || undefined, metrikaId: metrika.trim() || undefined },
        })
      }
    >
      <div className="adm-cnt__form">
        <Field label="Google Tag Manager" name="analytics.gtmId" problem={p} hint="GTM-XXXXXXX">
          <input value={gtm} onChange={(e) => setGtm(e.target.value)} />
        </Field>
        <Field
          label={tr('Яндекс Метрика, номер счётчика', 'Yandex Metrica counter')}
          name="analytics.metrikaId"
          problem={p}
        >
          <input inputMode="numeric" value={metrika} onChange={(e) => setMetrika(e.target.value)} />
        </Field>
      </div>
    </GroupForm>
  );
}

/** Returns and size exchanges (main.returns, docs/product/returns.md). */
export function ReturnsGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const main = docs.main;
  const save = useGroupSave(main, onSaved, onReload);
  const r0 = main.document.returns ?? {
    windowDays: 14,
    deliveryPaidBy: 'buyer',
    exchangeShips: 'on_receipt',
  };
  const [days, setDays] = useState(String(r0.windowDays));
  const [paidBy, setPaidBy] = useState<string>(r0.deliveryPaidBy);
  const [ships, setShips] = useState<string>(r0.exchangeShips);
  const p = save.problem;
  return (
    <GroupForm
      title={tr('Возвраты и обмен', 'Returns and exchanges')}
      save={save}
      onSubmit={() =>
        save.submit({ returns: { windowDays: whole(days), deliveryPaidBy: paidBy, exchangeShips: ships } })
      }
    >
      <div className="adm-cnt__form">
        <Field
          label={tr('Срок возврата после получения, дней', 'Return window after receipt, days')}
          name="returns.windowDays"
          problem={p}
          hint={tr(
            'Не меньше 7 (закон о дистанционной торговле)',
            'At least 7 (the law on distance selling)',
          )}
        >
          <input type="number" min={7} value={days} onChange={(e) => setDays(e.target.value)} />
        </Field>
        <Field
          label={tr('Обратную доставку оплачивает', 'Return delivery is paid by')}
          name="returns.deliveryPaidBy"
          problem={p}
        >
          <select value={paidBy} onChange={(e) => setPaidBy(e.target.value)}>
            <option value="buyer">{tr('Покупатель', 'The buyer')}</option>
            <option value="shop">
              {tr(
                'Магазин (и доставка заказа возвращается при полном возврате)',
                'The shop (and the order’s delivery is refunded when everything comes back)',
              )}
            </option>
          </select>
        </Field>
        <Field
          label={tr('Новый размер при обмене отправляется', 'An exchange’s new size is sent')}
          name="returns.exchangeShips"
          problem={p}
        >
          <select value={ships} onChange={(e) => setShips(e.target.value)}>
            <option value="on_receipt">{tr('Когда возврат получен', 'When the return arrives')}</option>
            <option value="at_once">{tr('Сразу', 'At once')}</option>
          </select>
        </Field>
      </div>
    </GroupForm>
  );
}

/** The marketplace feeds (main.feeds, docs/product/feeds.md): the brand and the pre-order days. */
export function FeedsGroup({ docs, onSaved, onReload }: GroupProps) {
  const tr = useTr();
  const main = docs.main;
  const save = useGroupSave(main, onSaved, onReload);
  const [vendor, setVendor] = useState<string>(main.document.feeds?.vendor ?? '');
  const [days, setDays] = useState<string>(
    main.document.feeds?.preorderDays === undefined ? '' : String(main.document.feeds.preorderDays),
  );
  const [mistake, setMistake] = useState<SaveProblem | null>(null);
  const shopName: string = main.document.shopName?.ru ?? '';
  const p = mistake ?? save.problem;
  function submit() {
    const brand = vendor.trim();
    const n = whole(days);
    const { vendorMax, preorderDaysMin: min, preorderDaysMax: max } = feedsLimits;
    const problem: SaveProblem | null =
      brand.length > vendorMax
        ? {
            field: 'feeds.vendor',
            message: tr(`Не длиннее ${vendorMax} знаков`, `At most ${vendorMax} characters`),
          }
        : n !== null && (!Number.isInteger(n) || n < min || n > max)
          ? {
              field: 'feeds.preorderDays',
              message: tr(`Целое число от ${min} до ${max}`, `A whole number from ${min} to ${max}`),
            }
          : null;
    setMistake(problem);
    if (problem) return;
    save.submit({ feeds: { vendor: brand || undefined, preorderDays: n ?? undefined } });
  }
  return (
    <GroupForm title={tr('Выгрузки для маркетплейсов', 'Marketplace feeds')} save={save} onSubmit={submit}>
      <div className="adm-cnt__form">
        <Field
          label={tr('Бренд (производитель) товаров', 'Brand (maker) of the goods')}
          name="feeds.vendor"
          problem={p}
          hint={tr(
            `Яндекс Маркет и Google требуют бренд у одежды. Пусто — название магазина «${shopName}»`,
            `Yandex Market and Google require a brand for clothing. Empty: the shop's name “${shopName}”`,
          )}
        >
          <input
            value={vendor}
            maxLength={feedsLimits.vendorMax}
            onChange={(e) => setVendor(e.target.value)}
          />
        </Field>
        <Field
          label={tr('Предзаказ приходит через, дней', 'A pre-order arrives in, days')}
          name="feeds.preorderDays"
          problem={p}
          hint={tr(
            'Дата поступления, которую Google показывает у товаров под заказ. Пусто — 30 дней',
            'The arrival date Google shows for pre-order items. Empty: 30 days',
          )}
        >
          <input
            type="number"
            min={feedsLimits.preorderDaysMin}
            max={feedsLimits.preorderDaysMax}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </Field>
      </div>
    </GroupForm>
  );
}
