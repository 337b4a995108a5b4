import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type OrderForExchange, ordersDocument } from './commerceml-orders.rules.ts';

const xsd = (version: string) => ({
  fileName: `commerceml-${version}.xsd`,
  contents: readFileSync(
    new URL(`../../tests/fixtures/1c/xsd/commerceml-${version}.xsd`, import.meta.url),
    'utf8',
  ),
});

async function schemaErrors(xml: string, version: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'orders.xml', contents: xml }],
    schema: [xsd(version)],
  });
  return result.errors.map((e) => e.rawMessage);
}

const order = (overrides: Partial<OrderForExchange> = {}): OrderForExchange => ({
  number: 10_042,
  createdAt: new Date('2026-11-20T08:05:09Z'),
  status: 'paid',
  payment: 'online',
  deliveryMethod: 'self-sdek',
  fullName: 'Анна Смирнова',
  phone: '79990000001',
  email: 'anna.smirnova.with.a.very.long.address@example-mail-provider.ru',
  comment: 'Позвоните за час <до> доставки & не звоните в дверь',
  delivery: {
    postal: '101000',
    countryCode: 'RU',
    country: 'Russia',
    city: 'Москва',
    place: 'Тверская, 1',
    room: '',
  },
  trackingNumber: null,
  total: 10_280_00,
  deliveryPrice: 300_00,
  promoDiscount: 500_00,
  lines: [
    {
      id: '9b62e395-ef8b-11e3-9438-00155d020201#aa80',
      barcode: '4601234567893',
      name: 'Платье',
      size: 'M',
      price: 5_240_00,
      count: 2,
    },
    {
      id: 'g-7-S',
      barcode: '1C-0123456789abcdef0123456789abcdef',
      name: 'Юбка',
      size: '',
      price: 0,
      count: 1,
    },
  ],
  ...overrides,
});

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (n) => ['Документ', 'ЗначениеРеквизита', 'Товар'].includes(n),
});
type Doc = {
  ЗначенияРеквизитов: { ЗначениеРеквизита: { Наименование: string; Значение: string }[] };
} & Record<string, unknown>;
const docsOf = (xml: string) =>
  (parser.parse(xml) as { КоммерческаяИнформация: { Документ: Doc[] } }).КоммерческаяИнформация.Документ;
const requisites = (doc: Doc) =>
  Object.fromEntries(doc.ЗначенияРеквизитов.ЗначениеРеквизита.map((r) => [r.Наименование, r.Значение]));

describe('the orders document for 1C', () => {
  it('is valid against the CommerceML 2.10 and 2.08 schemas, with every optional part present', async () => {
    const xml = ordersDocument(
      [
        order(),
        order({
          number: 10_043,
          status: 'cancelled',
          trackingNumber: '1234567890',
          deliveryPrice: 0,
          promoDiscount: 0,
          comment: '',
        }),
        order({ number: 10_044, phone: '', email: '', fullName: '', lines: [], deliveryPrice: 0 }),
      ],
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(await schemaErrors(xml, '2.10')).toEqual([]);
    expect(await schemaErrors(xml, '2.08')).toEqual([]);
  });

  it('the schema check catches what the old document did wrong (Время before ХозОперация, ШтрихКод)', async () => {
    const good = ordersDocument([order()], new Date('2026-11-21T10:00:00Z'));
    const time = /<Время>[^<]*<\/Время>\n/.exec(good)?.[0] ?? '';
    const timeEarly = good.replace(time, '').replace('</Дата>\n', `</Дата>\n${time}`);
    expect((await schemaErrors(timeEarly, '2.10')).join('\n')).toMatch(/Время/);
    const oldBarcode = good.replace(
      '<Штрихкод>4601234567893</Штрихкод>',
      '<ШтрихКод>4601234567893</ШтрихКод>',
    );
    expect((await schemaErrors(oldBarcode, '2.10')).join('\n')).toMatch(/ШтрихКод/);
  });

  it('names payment, delivery, status and country in Russian, and marks a cancelled order', () => {
    const [paid, cancelled, abroad] = docsOf(
      ordersDocument(
        [
          order(),
          order({ number: 2, status: 'cancelled', trackingNumber: '10203040' }),
          order({
            number: 3,
            status: 'shipped',
            deliveryMethod: 'delivery-sdek',
            payment: 'sbp',
            delivery: { ...order().delivery, countryCode: 'KZ', country: 'Kazakhstan', city: 'Алматы' },
          }),
        ],
        new Date('2026-11-21T10:00:00Z'),
      ),
    ) as [Doc, Doc, Doc];
    expect(requisites(paid)).toEqual({
      'Метод оплаты': 'Банковская карта',
      'Способ доставки': 'СДЭК, пункт выдачи',
      'Адрес доставки': '101000, Россия, Москва, Тверская, 1',
      'Заказ оплачен': 'true',
      'Статус заказа': 'Оплачен',
      Отменен: 'false',
    });
    expect(requisites(cancelled)).toMatchObject({
      'Статус заказа': 'Отменен',
      Отменен: 'true',
      'Заказ оплачен': 'false',
      'Трек-номер': '10203040',
    });
    expect(requisites(abroad)).toMatchObject({
      'Метод оплаты': 'СБП',
      'Способ доставки': 'DHL Express, курьер',
      'Адрес доставки': '101000, Казахстан, Алматы, Тверская, 1',
      'Статус заказа': 'Передан перевозчику',
    });
    expect(paid.Время).toBe('11:05:09');
    expect(paid.Дата).toBe('2026-11-20');
  });

  it('leaves out a barcode the schema cannot hold (a 1C stand-in) and escapes the buyer’s text', () => {
    const xml = ordersDocument([order()], new Date('2026-11-21T10:00:00Z'));
    expect(xml).toContain('<Штрихкод>4601234567893</Штрихкод>');
    expect(xml).not.toContain('1C-0123456789');
    expect(xml).toContain('Позвоните за час &lt;до&gt; доставки &amp; не звоните в дверь');
    expect(xml).toContain('xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08"');
  });
});
