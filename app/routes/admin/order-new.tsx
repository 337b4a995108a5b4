import '../../admin/orders/phone-order.css';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { deliveryTimeSlots } from '../../../core/delivery/delivery.rules.ts';
import type { PhoneOrderGetWay } from '../../../core/orders/phone-order.schemas.ts';
import type {
  PhoneOrderCities,
  PhoneOrderPickupPoints,
  PhoneOrderProducts,
  PhoneOrderQuote,
  PhoneOrderView,
} from '../../../core/orders/phone-order.wire.ts';
import { formatMoney } from '../../admin/i18n.ts';
import { getWayLabel } from '../../admin/orders/labels.tsx';
import { PaymentLinkPanel } from '../../admin/orders/payment-link-panel.tsx';
import { phoneOrdersApi } from '../../admin/orders/phone-orders-api.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

/** A line of the order being built: what the search showed (the server prices it again). */
interface Line {
  variantId: string;
  name: string;
  size: string;
  price: number;
  stock: number;
  preorder: boolean;
  count: number;
}

type City = PhoneOrderCities['cities'][number];

/** Waits for the staff member to stop typing before asking the server. */
const TYPING_MS = 350;

/** Tomorrow in Moscow, the earliest courier day in Moscow (checkout.md §5). */
function tomorrow(): string {
  const moscow = new Date(Date.now() + 3 * 3_600_000 + 86_400_000);
  return moscow.toISOString().slice(0, 10);
}

export async function clientLoader() {
  return callApi(phoneOrdersApi.options);
}

/**
 * An order taken by phone (docs/product/phone-orders.md): the goods from the catalogue with their stock,
 * the delivery, the buyer; the server's prices as the form changes; then the order and its payment link.
 */
export default function PhoneOrderPage({
  loaderData,
}: {
  loaderData: Awaited<ReturnType<typeof clientLoader>>;
}) {
  const t = useStaffText();
  const id = useId();
  const ways = loaderData.ways;
  const [ask, confirmDialog] = useConfirm();

  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PhoneOrderProducts['products'] | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [way, setWay] = useState<PhoneOrderGetWay>(ways[0] ?? 'self');
  const [cityText, setCityText] = useState('');
  const [city, setCity] = useState<City | null>(null);
  const [cities, setCities] = useState<City[]>([]);
  const [points, setPoints] = useState<PhoneOrderPickupPoints['points'] | null>(null);
  const [pvzID, setPvzID] = useState('');
  const [address, setAddress] = useState('');
  const [room, setRoom] = useState('');
  const [date, setDate] = useState(tomorrow());
  const [time, setTime] = useState<(typeof deliveryTimeSlots)[number]>(deliveryTimeSlots[0]);
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [comment, setComment] = useState('');
  const [promocode, setPromocode] = useState('');
  const [consent, setConsent] = useState(false);
  const [quote, setQuote] = useState<PhoneOrderQuote | null>(null);
  const [created, setCreated] = useState<PhoneOrderView | null>(null);

  const isPickup = way === 'self-sdek' || way === 'self-boxberry';
  const needsCity = way === 'delivery-sdek' || isPickup;
  const needsAddress = way === 'delivery-sdek' || way === 'moscow';
  const deliveryReady =
    way === 'self' ||
    (way === 'delivery-sdek' && city !== null && address.trim() !== '') ||
    (isPickup && pvzID !== '') ||
    (way === 'moscow' && address.trim() !== '' && room.trim() !== '' && date !== '');

  const choices = {
    lines: lines.map((l) => ({ variantId: l.variantId, count: l.count })),
    getWay: way,
    cityID: needsCity ? (city?.code ?? null) : null,
    city: needsCity ? (city?.name ?? '') : '',
    address: needsAddress ? address : '',
    room: way === 'delivery-sdek' || way === 'moscow' ? room : '',
    pvzID: isPickup ? pvzID || null : null,
    deliveryDate: way === 'moscow' ? date : null,
    deliveryTime: way === 'moscow' ? time : null,
    promocode,
    phone: phone.replace(/\D/g, '').length >= 10 ? phone : '',
  };
  const choicesKey = JSON.stringify(choices);

  const search = useAction(async (q: string) =>
    setFound((await callApi(phoneOrdersApi.products, { q })).products),
  );
  const pricing = useAction(async (body: typeof choices) =>
    setQuote((await callApi(phoneOrdersApi.quote, body)).quote),
  );
  const place = useAction(async () => {
    const answer = await callApi(phoneOrdersApi.create, {
      ...choices,
      fullName,
      phone,
      email,
      comment,
      consent: true,
    });
    setCreated(answer.order);
    setQuote(answer.quote);
  });

  // The catalogue search as the staff member types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search.run` is stable.
  useEffect(() => {
    if (query.trim().length < 2) {
      setFound(null);
      return;
    }
    const timer = setTimeout(() => void search.run(query), TYPING_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // City suggestions while the typed city is not the chosen one.
  useEffect(() => {
    if (!needsCity || cityText.trim().length < 2 || (city && cityText === city.name)) {
      setCities([]);
      return;
    }
    const timer = setTimeout(() => {
      callApi(phoneOrdersApi.cities, { q: cityText })
        .then((a) => setCities(a.cities))
        .catch(() => setCities([]));
    }, TYPING_MS);
    return () => clearTimeout(timer);
  }, [cityText, city, needsCity]);

  // The carrier's pickup points of the chosen city.
  useEffect(() => {
    setPvzID('');
    if (!isPickup || !city) {
      setPoints(null);
      return;
    }
    let live = true;
    callApi(phoneOrdersApi.pickupPoints, { way, cityID: city.code })
      .then((a) => live && setPoints(a.points))
      .catch(() => live && setPoints([]));
    return () => {
      live = false;
    };
  }, [way, city, isPickup]);

  // The server's prices whenever the goods or the delivery change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the choices' text; `pricing.run` is stable.
  useEffect(() => {
    if (lines.length === 0 || !deliveryReady) {
      setQuote(null);
      pricing.reset();
      return;
    }
    const timer = setTimeout(() => void pricing.run(JSON.parse(choicesKey)), TYPING_MS);
    return () => clearTimeout(timer);
  }, [choicesKey, deliveryReady]);

  function addLine(product: PhoneOrderProducts['products'][number], size: (typeof product.sizes)[number]) {
    setLines((current) => {
      const same = current.find((l) => l.variantId === size.variantId);
      if (same) {
        return current.map((l) =>
          l.variantId === size.variantId ? { ...l, count: Math.min(100, l.count + 1) } : l,
        );
      }
      return [
        ...current,
        {
          variantId: size.variantId,
          name: product.name,
          size: size.size,
          price: product.price,
          stock: size.stock,
          preorder: size.preorder,
          count: 1,
        },
      ];
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!quote) return;
    const yes = await ask({
      title: t('phone_order.create'),
      text: t('phone_order.confirm_create', { total: formatMoney(quote.total, t.locale) }),
      confirm: t('phone_order.create'),
    });
    if (yes) await place.run();
  }

  function startAgain() {
    setCreated(null);
    setLines([]);
    setQuote(null);
    setFullName('');
    setPhone('');
    setEmail('');
    setComment('');
    setPromocode('');
    setConsent(false);
    setQuery('');
  }

  const money = (k: number) => formatMoney(k, t.locale);
  const priced = new Map(quote?.lines.map((l) => [l.variantId, l]) ?? []);
  const columns: Column<Line>[] = [
    {
      key: 'name',
      header: t('phone_order.product'),
      render: (l) => (
        <>
          <div>{l.name}</div>
          <div className="adm-muted">{l.size || t('phone_order.no_size')}</div>
        </>
      ),
    },
    {
      key: 'price',
      header: t('phone_order.price'),
      numeric: true,
      hideOnPhone: true,
      render: (l) => money(priced.get(l.variantId)?.price ?? l.price),
    },
    {
      key: 'count',
      header: t('phone_order.count'),
      render: (l) => (
        <input
          className="adm-phone__count"
          type="number"
          min={1}
          max={100}
          value={l.count}
          aria-label={t('phone_order.count_of', { name: `${l.name} ${l.size}`.trim() })}
          onChange={(e) => {
            const count = Math.max(1, Math.min(100, Number(e.target.value) || 1));
            setLines((current) => current.map((x) => (x.variantId === l.variantId ? { ...x, count } : x)));
          }}
        />
      ),
    },
    {
      key: 'sum',
      header: t('phone_order.sum'),
      numeric: true,
      hideOnPhone: true,
      render: (l) => money((priced.get(l.variantId)?.price ?? l.price) * l.count),
    },
    {
      key: 'remove',
      header: '',
      render: (l) => (
        <button
          type="button"
          className="adm-btn"
          aria-label={t('phone_order.remove_line', { name: `${l.name} ${l.size}`.trim() })}
          onClick={() => setLines((current) => current.filter((x) => x.variantId !== l.variantId))}
        >
          {t('phone_order.remove')}
        </button>
      ),
    },
  ];

  if (created) {
    return (
      <div className="adm-page adm-phone">
        <PageHead title={t('phone_order.title')}>
          <Link to="/admin/orders">{t('phone_order.back')}</Link>
        </PageHead>
        <div className="adm-ok" role="status">
          {t('phone_order.created', { number: created.number })}
        </div>
        <div className="adm-phone__done">
          <PaymentLinkPanel number={created.number} initial={created} />
          <div className="adm-row">
            <Link className="adm-btn" to={`/admin/orders/${created.number}`}>
              {t('phone_order.open_order')}
            </Link>
            <button type="button" className="adm-btn" onClick={startAgain}>
              {t('phone_order.another')}
            </button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="adm-page adm-phone">
      <PageHead title={t('phone_order.title')}>
        <Link to="/admin/orders">{t('phone_order.back')}</Link>
      </PageHead>
      <form className="adm-phone__layout" onSubmit={submit} noValidate>
        <div className="adm-phone__main">
          <section className="adm-card" aria-labelledby={`${id}-goods`}>
            <h2 id={`${id}-goods`}>{t('phone_order.goods')}</h2>
            <label className="adm-field">
              {t('phone_order.search')}
              <input
                type="search"
                value={query}
                placeholder={t('phone_order.search_hint')}
                onChange={(e) => setQuery(e.target.value)}
              />
            </label>
            <ErrorNote message={search.error} />
            {found && (
              <ul className="adm-phone__found" aria-busy={search.busy}>
                {found.length === 0 && <li className="adm-muted">{t('phone_order.nothing_found')}</li>}
                {found.map((p) => (
                  <li key={p.id} className="adm-phone__product">
                    <div className="adm-phone__product-name">
                      <strong>{p.name}</strong>
                      <span className="adm-muted">
                        {p.art} · {p.colour} · {money(p.price)}
                      </span>
                    </div>
                    <div className="adm-phone__sizes">
                      {p.sizes.map((s) => {
                        const out = s.stock <= 0 && !s.preorder;
                        return (
                          <button
                            key={s.variantId}
                            type="button"
                            className="adm-btn adm-phone__size"
                            disabled={out}
                            aria-label={t('phone_order.add_size', {
                              name: p.name,
                              size: s.size || t('phone_order.no_size'),
                            })}
                            onClick={() => addLine(p, s)}
                          >
                            <strong>{s.size || t('phone_order.no_size')}</strong>
                            <span className="adm-muted">
                              {out
                                ? t('phone_order.sold_out')
                                : s.stock > 0
                                  ? t('phone_order.in_stock', { count: s.stock })
                                  : t('phone_order.preorder')}
                            </span>
                          </button>
                        );
                      })}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <DataTable
              label={t('phone_order.goods')}
              columns={columns}
              rows={lines}
              rowKey={(l) => l.variantId}
              empty={t('phone_order.no_lines')}
            />
          </section>

          <section className="adm-card" aria-labelledby={`${id}-delivery`}>
            <h2 id={`${id}-delivery`}>{t('phone_order.delivery')}</h2>
            <div className="adm-phone__fields">
              <label className="adm-field">
                {t('phone_order.way')}
                <select value={way} onChange={(e) => setWay(e.target.value as PhoneOrderGetWay)}>
                  {ways.map((w) => (
                    <option key={w} value={w}>
                      {getWayLabel(w, t.locale)}
                    </option>
                  ))}
                </select>
              </label>
              {needsCity && (
                <div className="adm-phone__city">
                  <label className="adm-field">
                    {t('phone_order.city')}
                    <input
                      value={cityText}
                      placeholder={t('phone_order.city_hint')}
                      autoComplete="off"
                      onChange={(e) => {
                        setCityText(e.target.value);
                        if (city && e.target.value !== city.name) setCity(null);
                      }}
                    />
                  </label>
                  {cities.length > 0 && (
                    <ul className="adm-phone__suggest">
                      {cities.map((c) => (
                        <li key={c.code}>
                          <button
                            type="button"
                            onClick={() => {
                              setCity(c);
                              setCityText(c.name);
                              setCities([]);
                            }}
                          >
                            {c.full_name || c.name}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
              {isPickup && city && (
                <label className="adm-field adm-phone__wide">
                  {t('phone_order.point')}
                  <select value={pvzID} onChange={(e) => setPvzID(e.target.value)}>
                    <option value="">
                      {points && points.length === 0
                        ? t('phone_order.no_points')
                        : t('phone_order.choose_point')}
                    </option>
                    {(points ?? []).map((p) => (
                      <option key={p.code} value={p.code}>
                        {p.address} ({p.code})
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {needsAddress && (
                <>
                  <label className="adm-field adm-phone__wide">
                    {t('phone_order.address')}
                    <input value={address} onChange={(e) => setAddress(e.target.value)} />
                  </label>
                  <label className="adm-field">
                    {t('phone_order.room')}
                    <input value={room} onChange={(e) => setRoom(e.target.value)} />
                  </label>
                </>
              )}
              {way === 'moscow' && (
                <>
                  <label className="adm-field">
                    {t('phone_order.date')}
                    <input
                      type="date"
                      min={tomorrow()}
                      value={date}
                      onChange={(e) => setDate(e.target.value)}
                    />
                  </label>
                  <label className="adm-field">
                    {t('phone_order.time')}
                    <select
                      value={time}
                      onChange={(e) => setTime(e.target.value as (typeof deliveryTimeSlots)[number])}
                    >
                      {deliveryTimeSlots.map((slot) => (
                        <option key={slot} value={slot}>
                          {slot}
                        </option>
                      ))}
                    </select>
                  </label>
                </>
              )}
            </div>
          </section>

          <section className="adm-card" aria-labelledby={`${id}-buyer`}>
            <h2 id={`${id}-buyer`}>{t('phone_order.buyer')}</h2>
            <div className="adm-phone__fields">
              <label className="adm-field">
                {t('phone_order.full_name')}
                <input value={fullName} autoComplete="off" onChange={(e) => setFullName(e.target.value)} />
              </label>
              <label className="adm-field">
                {t('phone_order.phone')}
                <input
                  type="tel"
                  value={phone}
                  placeholder="+7 999 123-45-67"
                  autoComplete="off"
                  onChange={(e) => setPhone(e.target.value)}
                />
              </label>
              <label className="adm-field">
                {t('phone_order.email')}
                <input
                  type="email"
                  value={email}
                  autoComplete="off"
                  onChange={(e) => setEmail(e.target.value)}
                />
              </label>
              <label className="adm-field">
                {t('phone_order.promo')}
                <input value={promocode} autoComplete="off" onChange={(e) => setPromocode(e.target.value)} />
              </label>
              <label className="adm-field adm-phone__wide">
                {t('phone_order.comment')}
                <textarea value={comment} onChange={(e) => setComment(e.target.value)} />
              </label>
            </div>
            <label className="adm-phone__consent">
              <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              {t('phone_order.consent')}
            </label>
          </section>
        </div>

        <aside
          className="adm-card adm-phone__totals"
          aria-labelledby={`${id}-totals`}
          aria-busy={pricing.busy}
        >
          <h2 id={`${id}-totals`}>{t('phone_order.totals')}</h2>
          <p className="adm-muted">{t('phone_order.totals_hint')}</p>
          {quote ? (
            <dl className="adm-dl">
              <dt>{t('phone_order.goods_sum')}</dt>
              <dd className="adm-num">{money(quote.goods)}</dd>
              <dt>{t('phone_order.delivery_sum')}</dt>
              <dd className="adm-num">
                {quote.delivery === 0 ? t('phone_order.delivery_free') : money(quote.delivery)}
              </dd>
              {quote.promoDiscount > 0 && (
                <>
                  <dt>{t('phone_order.discount')}</dt>
                  <dd className="adm-num">−{money(quote.promoDiscount)}</dd>
                </>
              )}
              <dt className="adm-phone__total">{t('phone_order.total')}</dt>
              <dd className="adm-num adm-phone__total" data-testid="phone-order-total">
                {money(quote.total)}
              </dd>
            </dl>
          ) : (
            <p className="adm-muted">
              {lines.length === 0 ? t('phone_order.no_lines') : t('phone_order.fill_delivery')}
            </p>
          )}
          <ErrorNote message={pricing.error} />
          <ErrorNote message={place.error} />
          <button
            type="submit"
            className="adm-btn adm-btn--primary adm-phone__submit"
            disabled={!quote || pricing.busy || place.busy || !consent}
          >
            {place.busy ? t('phone_order.creating') : t('phone_order.create')}
          </button>
        </aside>
      </form>
      {confirmDialog}
    </div>
  );
}
