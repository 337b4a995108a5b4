import type { PageSection } from '../schema/content.ts';

const l = (ru: string, en: string) => ({ ru, en });
const text = (title: [string, string], body: [string, string]): PageSection => ({
  kind: 'text',
  title: l(...title),
  body: l(...body),
});

export const demoPages = [
  {
    id: 'page-about',
    slug: 'about',
    title: l('О бренде', 'Our story'),
    index: 0,
    sections: [
      text(
        ['Северная линия', 'Severnaya Liniya'],
        [
          'Мы шьём в Москве и Иваново с 2014 года: пальто из итальянской шерсти, трикотаж из мериноса и платья из льна. Каждая вещь проходит три примерки на живых моделях, прежде чем попасть в коллекцию.',
          'We have been making clothes in Moscow and Ivanovo since 2014: coats in Italian wool, merino knitwear and linen dresses. Every piece is fitted three times on real people before it joins a collection.',
        ],
      ),
      text(
        ['Меньше, но лучше', 'Fewer, better things'],
        [
          'Две коллекции в год и постоянная линия базовых вещей. Мы не делаем распродаж каждую неделю — мы делаем вещи, которые носятся годами.',
          'Two collections a year and a permanent line of essentials. No sale every week: clothes that last for years.',
        ],
      ),
    ],
  },
  {
    id: 'page-returns',
    slug: 'returns',
    title: l('Обмен и возврат', 'Returns and exchanges'),
    index: 1,
    sections: [
      text(
        ['14 дней на решение', '14 days to decide'],
        [
          'Вернуть или обменять вещь можно в течение 14 дней после получения, если сохранены бирки и товарный вид. Деньги вернутся на карту в течение 10 дней после того, как возврат придёт на склад.',
          'Return or exchange any item within 14 days of delivery with its tags on. The refund reaches your card within 10 days after the parcel arrives at our warehouse.',
        ],
      ),
    ],
  },
  {
    id: 'page-care',
    slug: 'care',
    title: l('Уход за изделиями', 'Garment care'),
    index: 2,
    sections: [
      text(
        ['Шерсть и кашемир', 'Wool and cashmere'],
        [
          'Проветривайте вещи после носки, стирайте вручную в прохладной воде со средством для шерсти, сушите в расправленном виде на горизонтальной поверхности.',
          'Air after wearing, hand wash cool with a wool detergent and dry flat.',
        ],
      ),
      text(
        ['Лён и хлопок', 'Linen and cotton'],
        [
          'Стирка при 30 °C, деликатный отжим, глажка слегка влажной ткани.',
          'Wash at 30 °C on a gentle spin; iron while slightly damp.',
        ],
      ),
    ],
  },
  {
    id: 'page-showroom',
    slug: 'showroom',
    title: l('Шоурум', 'Showroom'),
    index: 3,
    sections: [
      text(
        ['Большая Никитская, 24/1', '24/1 Bolshaya Nikitskaya St'],
        [
          'Ежедневно с 11:00 до 21:00. Можно примерить всю коллекцию и забрать заказ с сайта бесплатно.',
          'Open daily 11:00–21:00. Try on the whole collection and collect your online order free of charge.',
        ],
      ),
    ],
  },
  {
    id: 'page-size-guide',
    slug: 'size-guide',
    title: l('Таблица размеров', 'Size guide'),
    index: 4,
    sections: [
      text(
        ['Как снять мерки', 'How to measure'],
        [
          'Обхват груди — по самым выступающим точкам, талии — по самой узкой линии, бёдер — по самым выступающим точкам ягодиц. Таблицы для каждой вещи есть на странице товара.',
          'Chest at its fullest, waist at its narrowest, hips at their fullest. Each product page has its own table.',
        ],
      ),
    ],
  },
  {
    id: 'page-delivery',
    slug: 'delivery',
    title: l('Доставка и оплата', 'Delivery and payment'),
    index: 5,
    sections: [
      text(
        ['Курьером и в пункты выдачи', 'Courier and pickup points'],
        [
          'Доставляем по всей России курьером до двери и в пункты выдачи. Срок и стоимость зависят от города и рассчитываются при оформлении заказа. При заказе от 15 000 ₽ доставка бесплатна.',
          'We deliver across Russia by courier and to pickup points; the price and term depend on the city and are shown at checkout. Delivery abroad is calculated by address.',
        ],
      ),
      text(
        ['По Москве', 'In Moscow'],
        [
          'Срочная доставка в день заказа: в пределах МКАД — 500 ₽, за МКАД — 900 ₽. Доставка с примеркой: курьер ждёт 15 минут, вы оплачиваете только то, что оставили.',
          'Same-day delivery: 500 ₽ inside the ring road, 900 ₽ outside. Delivery with fitting: the courier waits 15 minutes and you pay only for what you keep.',
        ],
      ),
      text(
        ['Оплата', 'Payment'],
        [
          'Картой онлайн, через СБП, частями («Сплит», «Долями») или в рассрочку. Чек приходит на почту сразу после оплаты.',
          'Pay online by card. A receipt is e-mailed right after payment.',
        ],
      ),
    ],
  },
  {
    id: 'page-policy',
    slug: 'policy',
    title: l('Политика конфиденциальности', 'Privacy policy'),
    index: 6,
    sections: [
      text(
        ['Какие данные мы храним', 'What we keep'],
        [
          'Имя, телефон, адрес электронной почты и адреса доставки — только для выполнения заказов и связи с вами. Согласие на обработку персональных данных фиксируется при оформлении заказа и регистрации (152-ФЗ).',
          'Your name, phone, e-mail and delivery addresses, used only to fulfil orders and contact you. Consent is recorded when you order or register.',
        ],
      ),
      text(
        ['Ваши права', 'Your rights'],
        [
          'Вы можете запросить выгрузку или удаление своих данных, написав на hello@severnaya-liniya.example. Мы ответим в течение 10 рабочих дней.',
          'Ask for an export or deletion of your data at hello@severnaya-liniya.example; we answer within 10 working days.',
        ],
      ),
    ],
  },
];
