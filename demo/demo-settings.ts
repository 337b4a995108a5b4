import { defaultSmsCountryCodes } from '../core/accounts/auth.rules.ts';
import type { ContactsSettings, MainSettings, UiSettings } from '../core/content/settings.schemas.ts';

export const demoMainSettings: MainSettings = {
  _id: 'main',
  shopName: { ru: 'Северная линия', en: 'Severnaya Liniya' },
  freeDeliveryMin: 15_000_00,
  englishDisabledGetWays: ['self-boxberry', 'moscow-try'],
  // SBP shows in the Russian edition where PAYMENTS_SBP names a provider.
  payments: { split: true, dolyame: true, tinkoff: true, hepay: false, sbp: ['ru'] },
  // Unpaid orders hold stock 20 minutes for online payment, 60 for instalment and BNPL decisions.
  orderHoldMinutes: { online: 20, decision: 60 },
  englishEnabled: true,
  // Sign-in codes go to the countries checkout's phone masks offer.
  smsCountryCodes: [...defaultSmsCountryCodes],
  // Requisites of the (fictional) seller, shown in the footer and named by the public offer.
  seller: {
    name: { ru: 'ООО «Северная линия»', en: 'Severnaya Liniya LLC' },
    inn: '7704123456',
    ogrn: '1197746123456',
    address: {
      ru: '125009, Москва, ул. Большая Никитская, д. 24/1, стр. 1',
      en: '24/1 Bolshaya Nikitskaya St, bldg 1, Moscow 125009, Russia',
    },
  },
};

export const demoContactsSettings: ContactsSettings = {
  _id: 'contacts',
  phone: '+7 (495) 120-45-67',
  email: 'hello@severnaya-liniya.example',
  copyrights: { ru: '© 2026 Северная линия', en: '© 2026 Severnaya Liniya' },
  address: {
    ru: 'Москва, ул. Большая Никитская, 24/1, шоурум ежедневно 11:00–21:00',
    en: '24/1 Bolshaya Nikitskaya St, Moscow; showroom daily 11:00–21:00',
  },
  vk: 'https://vk.com/severnaya.liniya',
  instagram: '',
  facebook: '',
  whatsapp: 'https://wa.me/74951204567',
  telegram: 'https://t.me/severnaya_liniya',
  pinterest: 'https://pinterest.com/severnayaliniya',
};

const l = (ru: string, en: string) => ({ ru, en });

export const demoUiSettings: UiSettings = {
  engagement: {
    cookieNotice: {
      enabled: true,
      delaySeconds: 30,
      dismissDays: 30,
      text: l(
        'Мы используем файлы cookie, чтобы сайт работал удобнее. Оставаясь на сайте, вы соглашаетесь с политикой конфиденциальности.',
        'We use cookies to make the site work better. By staying on the site you accept our privacy policy.',
      ),
    },
    marketing: {
      enabled: true,
      delaySeconds: 3,
      dismissDays: 3,
      title: l('Скидка 10% на первый заказ', '10% off your first order'),
      text: l(
        'Подпишитесь на рассылку — пришлём промокод и расскажем о новых коллекциях первыми.',
        'Subscribe to our newsletter for a promo code and first news of new collections.',
      ),
    },
    appBanner: {
      enabled: true,
      delaySeconds: 2,
      dismissDays: 14,
      title: l('В приложении удобнее', 'Shop faster in our app'),
      iosUrl: 'https://apps.apple.com/app/id0000000000',
      androidUrl: 'https://play.google.com/store/apps/details?id=ru.severnaya.liniya',
    },
    messenger: { enabled: true },
    callbackFields: [
      { key: 'time', label: l('Удобное время для звонка', 'Best time to call'), required: false },
    ],
  },
  _id: 'ui',
  header: {
    menu: [
      { name: l('Новинки', 'New in'), path: '/catalog?sort=new' },
      { name: l('Коллекции', 'Collections'), path: '/catalog/collection/autumn-capsule' },
      { name: l('Образы', 'Looks'), path: '/looks' },
      { name: l('Доставка', 'Delivery'), path: '/delivery' },
    ],
  },
  global: {
    menu: {
      categoriesPrefix: [
        { name: l('Новинки', 'New in'), path: '/catalog?sort=new', isRed: false },
        { name: l('Sale', 'Sale'), path: '/catalog?sale=1', isRed: true },
        {
          name: l('Осенняя капсула', 'Autumn capsule'),
          path: '/catalog?collection=autumn-capsule',
          isRed: false,
        },
        { name: l('Образы', 'Looks'), path: '/looks', isRed: false },
      ],
      columns: [
        {
          name: l('Покупателям', 'Customer care'),
          items: [
            { name: l('Доставка и оплата', 'Delivery and payment'), path: '/delivery' },
            { name: l('Обмен и возврат', 'Returns and exchanges'), path: '/returns' },
            { name: l('Таблица размеров', 'Size guide'), path: '/size-guide' },
            { name: l('Уход за изделиями', 'Garment care'), path: '/care' },
          ],
        },
        {
          name: l('О бренде', 'About us'),
          items: [
            { name: l('О нас', 'Our story'), path: '/about' },
            { name: l('Шоурум', 'Showroom'), path: '/showroom' },
            { name: l('Политика конфиденциальности', 'Privacy policy'), path: '/policy' },
          ],
        },
      ],
    },
  },
  phoneLabel: l('Телефон', 'Phone'),
  emailLabel: l('Почта', 'E-mail'),
  socialsLabel: l('Мы в соцсетях', 'Follow us'),
  catalog: {
    colors: [
      { name: l('Чёрный', 'Black'), value: '#1c1c1c' },
      { name: l('Молочный', 'Milk'), value: '#f3eee4' },
      { name: l('Песочный', 'Sand'), value: '#d8c3a0' },
    ],
  },
  moscowTryDeliveryPrice: 700_00,
  moscowTryDeliveryOutMkadPrice: 1200_00,
  moscowDeliveryPrice: 500_00,
  moscowDeliveryOutMkadPrice: 900_00,
  deliveryTexts: {
    moscow: {
      title: l('Срочно по Москве', 'Express in Moscow'),
      subtitle: l(
        'Курьер привезёт заказ в день оформления, если вы закажете до 14:00. В пределах МКАД — 500 ₽, за МКАД — 900 ₽.',
        'Same-day courier when you order before 14:00; the price depends on the side of the ring road.',
      ),
    },
    'moscow-try': {
      title: l('По Москве с примеркой', 'Moscow with fitting'),
      subtitle: l(
        'Курьер подождёт 15 минут, пока вы примеряете. Оплачиваете только то, что оставили. В пределах МКАД — 700 ₽, за МКАД — 1 200 ₽.',
        'The courier waits 15 minutes while you try things on; pay only for what you keep.',
      ),
    },
    self: {
      title: l('Самовывоз из шоурума', 'Pick up at the showroom'),
      subtitle: l(
        'Бесплатно. Москва, ул. Большая Никитская, 24/1. Заказ будет готов через 2 часа.',
        'Free. 24/1 Bolshaya Nikitskaya St, Moscow. Ready in 2 hours.',
      ),
    },
  },
  home: {
    heroTitle: l('Осень в оттенках песка и графита', 'Autumn in sand and graphite'),
    heroSubtitle: l(
      'Новая капсула: шерстяные пальто, мягкий трикотаж и платья, которые носятся каждый день',
      'The new capsule: wool coats, soft knitwear and dresses made for every day',
    ),
    heroLink: '/catalog/collection/autumn-capsule',
  },
};
