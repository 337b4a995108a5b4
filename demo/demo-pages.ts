import type { PageSection } from '../core/db/schema/content.ts';

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
  {
    // The public offer (Civil Code art. 435, 437; consumer protection law): the pay step's consent
    // links it, the footer names it beside the seller's requisites.
    id: 'page-public-offer',
    slug: 'public-offer',
    title: l('Публичная оферта', 'Public offer'),
    index: 7,
    sections: [
      text(
        ['1. Общие положения', '1. General terms'],
        [
          'Настоящий документ — публичная оферта ООО «Северная линия» (ИНН 7704123456, ОГРН 1197746123456, 125009, Москва, ул. Большая Никитская, д. 24/1, стр. 1), далее «Продавец», любому физическому лицу, далее «Покупатель», заключить договор розничной купли-продажи товаров дистанционным способом на условиях ниже.\n\nАкцептом оферты считается оформление заказа на сайте с отметкой согласия на шаге оплаты. С этого момента договор считается заключённым.',
          'This document is the public offer of Severnaya Liniya LLC (INN 7704123456, OGRN 1197746123456, 24/1 Bolshaya Nikitskaya St, bldg 1, Moscow 125009), the Seller, to any individual, the Buyer, to conclude a distance retail sale contract on the terms below.\n\nPlacing an order on the site with the consent ticked at the payment step accepts this offer; the contract is concluded from that moment.',
        ],
      ),
      text(
        ['2. Товар и цена', '2. Goods and prices'],
        [
          'Описание, фотографии, размеры и состав товара приведены на его странице. Цена указана в рублях и включает НДС, если Продавец его уплачивает. Цена заказа фиксируется в момент его оформления; стоимость доставки показывается до оплаты.',
          'Each item’s page gives its description, photos, sizes and composition. Prices are in roubles (in the English edition also converted for reference) and include VAT where the Seller pays it. The order’s price is fixed when it is placed; the delivery price is shown before payment.',
        ],
      ),
      text(
        ['3. Оплата', '3. Payment'],
        [
          'Заказ оплачивается онлайн картой, через СБП, частями или в рассрочку банка-партнёра — способами, доступными на шаге оплаты. Неоплаченный заказ резервирует товар ограниченное время, после чего отменяется. Кассовый чек направляется на электронную почту или телефон Покупателя (54-ФЗ).',
          'Orders are paid online by card, fast payment system, in parts or by a partner bank’s instalments, as offered at the payment step. An unpaid order holds its goods for a limited time and is then cancelled. The fiscal receipt is sent to the Buyer’s e-mail or phone.',
        ],
      ),
      text(
        ['4. Доставка', '4. Delivery'],
        [
          'Товар доставляется курьером или в пункт выдачи выбранной службы по адресу, указанному Покупателем. Сроки и стоимость доставки показываются при оформлении заказа. Статус заказа и номер для отслеживания можно узнать на странице «Статус заказа» по номеру заказа и телефону или e-mail.',
          'Goods are delivered by courier or to a pickup point of the chosen carrier at the address the Buyer gives. Delivery times and prices are shown at checkout. The order’s status and tracking number are available on the Order status page by the order number with the phone or e-mail.',
        ],
      ),
      text(
        ['5. Обмен и возврат', '5. Returns and exchanges'],
        [
          'Покупатель вправе отказаться от товара надлежащего качества в течение 14 дней после получения (дольше 7 дней, установленных законом для дистанционной продажи), если сохранены его товарный вид, бирки и документ об оплате. Деньги возвращаются тем же способом, которым был оплачен заказ, в течение 10 дней после получения возврата.',
          'The Buyer may return goods of proper quality within 14 days of receipt with their tags on and in their original condition. The money goes back the way the order was paid within 10 days after the return arrives.',
        ],
      ),
      text(
        ['6. Персональные данные', '6. Personal data'],
        [
          'Оформляя заказ, Покупатель даёт согласие на обработку персональных данных для исполнения договора в соответствии с Политикой конфиденциальности (152-ФЗ).',
          'By placing an order the Buyer consents to the processing of personal data for performing the contract, as the Privacy policy describes.',
        ],
      ),
      text(
        ['7. Реквизиты продавца', '7. The Seller'],
        [
          'ООО «Северная линия»\n\nИНН 7704123456, ОГРН 1197746123456\n\n125009, Москва, ул. Большая Никитская, д. 24/1, стр. 1\n\nhello@severnaya-liniya.example, +7 (495) 120-45-67',
          'Severnaya Liniya LLC\n\nINN 7704123456, OGRN 1197746123456\n\n24/1 Bolshaya Nikitskaya St, bldg 1, Moscow 125009, Russia\n\nhello@severnaya-liniya.example, +7 (495) 120-45-67',
        ],
      ),
    ],
  },
];
