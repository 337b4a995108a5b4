import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orderRefunds, orders, variantProducts } from '../../core/db/schema/index.ts';
import type { Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { insertStaff } from '../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines, type TestDatabase } from '../../tests/setup/test-database.ts';

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const URL_ = '/api/1c/exchange';
/** A real 1C documents file (tests/fixtures/1c/README.md): orders 319, 479, 480 and 481. */
const realDocuments = readFileSync(
  new URL('../../tests/fixtures/1c/bitrix-documents/documents.xml', import.meta.url),
  'utf8',
);
/** The file with its order numbers (`Ид` and `Номер` of each document) replaced by the shop's. */
const renumbered = (numbers: Record<string, number>) =>
  Object.entries(numbers).reduce(
    (xml, [from, to]) =>
      xml
        .replace(`<Ид>${from}</Ид>`, `<Ид>${to}</Ид>`)
        .replace(`<Номер>${from}</Номер>`, `<Номер>${to}</Номер>`),
    realDocuments,
  );

/** A documents file as 1C sends it back, one `Документ` per order with its requisites. */
const onecFile = (docs: { number: number | string; requisites: [string, string][] }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-21T12:00:00">
${docs
  .map(
    (
      d,
    ) => `<Документ><Ид>${d.number}</Ид><Номер>${d.number}</Номер><Дата>2026-11-20</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль>
<ЗначенияРеквизитов>${d.requisites.map(([n, v]) => `<ЗначениеРеквизита><Наименование>${n}</Наименование><Значение>${v}</Значение></ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов></Документ>`,
  )
  .join('\n')}
</КоммерческаяИнформация>`;

const xml = new XMLParser({
  isArray: (name) => ['Документ', 'ЗначениеРеквизита'].includes(name),
  ignoreAttributes: true,
  parseTagValue: false,
});
type Doc = {
  Номер: string;
  ЗначенияРеквизитов: { ЗначениеРеквизита: { Наименование: string; Значение: string }[] };
};
const docsOf = (body: string) =>
  (xml.parse(body) as { КоммерческаяИнформация: { Документ?: Doc[] } }).КоммерческаяИнформация.Документ ?? [];
const requisite = (doc: Doc | undefined, name: string) =>
  doc?.ЗначенияРеквизитов.ЗначениеРеквизита.find((r) => r.Наименование === name)?.Значение;

describe.each(engines)('1C sends order statuses back (type=sale&mode=file) on %s', (engine) => {
  let database: TestDatabase;
  let services: Services;
  let app: TestApp['app'];
  let close: () => Promise<void>;
  let groupId: string;
  const dataDir = path.join(os.tmpdir(), `shop-exchange-sale-${process.pid}-${engine}`);
  /** Orders placed an hour ago, so the shop's own later changes are newer than them. */
  const place = (overrides: Partial<typeof orders.$inferInsert> = {}) =>
    insertPlacedOrder(database.db, {
      createdAt: new Date(Date.now() - 3_600_000),
      lines: [{ variantId: `${groupId}-S`, groupId, price: 4_990_00 }],
      ...overrides,
    }).then((r) => r.order);
  const orderRow = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];

  beforeAll(async () => {
    ({ app, database, services, close } = await createTestApp(engine, () => new Date(), {
      DATA_DIR: dataDir,
      ONEC_EXCHANGE_LOGIN: 'onec',
      ONEC_EXCHANGE_PASSWORD: 'correct horse battery',
      ONEC_FILE_LIMIT: '65536',
    }));
    const category = await insertCategory(database.db);
    groupId = (
      await insertProductGroup(database.db, { categorySlug: category.slug }, [{ size: 'S', stock: 100 }])
    ).id;
  });
  afterAll(async () => {
    await close();
  });

  const signIn = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${URL_}?type=sale&mode=checkauth`,
      headers: { authorization: basic('onec', 'correct horse battery') },
    });
    const [status, name, value] = res.body.split('\n');
    expect(status).toBe('success');
    return `${name}=${value}`;
  };
  const call = (cookie: string, qs: string, body?: string) =>
    app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `${URL_}?${qs}`,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/octet-stream' }) },
      ...(body === undefined ? {} : { payload: Buffer.from(body, 'utf8') }),
    });
  /** checkauth, init, then the documents file, as 1C runs it. */
  const sendBack = async (body: string, filename = 'documents.xml') => {
    const cookie = await signIn();
    expect((await call(cookie, 'type=sale&mode=init')).body).toBe('zip=no\nfile_limit=65536\n');
    return (await call(cookie, `type=sale&mode=file&filename=${filename}`, body)).body;
  };

  it('a real 1C documents file: shipped and posted orders are applied, the rest reported in Russian', async () => {
    // 479 and 481 were shipped in 1C (Отгружен, Номер отгрузки по 1С), 319 posted (Проведен), 480
    // only posted as draft; the shop has 319, 479 and 481 under its own numbers.
    const courier = await place({ getWay: 'moscow' });
    const pickup = await place({ getWay: 'self-sdek' });
    const posted = await place({ getWay: 'moscow' });
    const answer = await sendBack(
      renumbered({ '479': courier.number, '481': pickup.number, '319': posted.number }),
    );
    expect(answer).toBe(
      [
        'success',
        'заказов в файле 4: изменено 2, без изменений 0, не применено 2',
        'заказ 480: такого заказа на сайте нет',
        `заказ ${pickup.number}: для передачи перевозчику нужен трек-номер: реквизит «Трек-номер» в документе 1С`,
        '',
      ].join('\n'),
    );
    expect((await orderRow(courier.number))?.status).toBe('shipped');
    expect((await orderRow(posted.number))?.status).toBe('confirmed');
    expect((await orderRow(pickup.number))?.status).toBe('paid');
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderNumber, courier.number));
    expect(events.map((e) => e.cause)).toContain('shipped by 1C: по данным 1С, отгрузка О0000000966');
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(courier.number)), eq(auditLog.action, 'order.shipped')));
    expect(audited.map((a) => [a.actorLabel, a.actorId])).toEqual([['1C', null]]);

    // The same file again changes nothing: 1C repeats its statuses on every exchange.
    const again = await sendBack(
      renumbered({ '479': courier.number, '481': pickup.number, '319': posted.number }),
    );
    expect(again.split('\n')[1]).toBe('заказов в файле 4: изменено 0, без изменений 2, не применено 2');
  });

  it('the round trip: 1C takes an order, cancels it; the shop refunds, restocks and sends it back cancelled', async () => {
    const order = await place({ getWay: 'self-sdek' });
    const cookie = await signIn();
    const first = docsOf((await call(cookie, 'type=sale&mode=query')).body).find(
      (d) => d.Номер === String(order.number),
    );
    expect(requisite(first, 'Статус заказа')).toBe('Оплачен');
    expect(requisite(first, 'Отменен')).toBe('false');
    expect((await call(cookie, 'type=sale&mode=success')).body).toBe('success\n');
    // Taken and unchanged: not sent again.
    const quiet = await signIn();
    expect(docsOf((await call(quiet, 'type=sale&mode=query')).body).map((d) => d.Номер)).not.toContain(
      String(order.number),
    );
    await call(quiet, 'type=sale&mode=success');

    const [before] = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.id, `${groupId}-S`));
    const answer = await sendBack(
      onecFile([
        {
          number: order.number,
          requisites: [
            ['Статус заказа', 'Отменен'],
            ['Отменен', 'true'],
          ],
        },
      ]),
    );
    expect(answer).toBe('success\nзаказов в файле 1: изменено 1, без изменений 0, не применено 0\n');
    expect((await orderRow(order.number))?.status).toBe('cancelled');
    const [after] = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.id, `${groupId}-S`));
    expect((after?.stock ?? 0) - (before?.stock ?? 0)).toBe(1);
    const [refund] = await database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderNumber, order.number));
    expect(refund?.amount).toBe(order.total);

    // Changed after 1C took it: sent again, cancelled, until 1C confirms.
    const next = await signIn();
    const resent = docsOf((await call(next, 'type=sale&mode=query')).body).find(
      (d) => d.Номер === String(order.number),
    );
    expect(requisite(resent, 'Отменен')).toBe('true');
    expect(requisite(resent, 'Статус заказа')).toBe('Отменен');
    expect((await call(next, 'type=sale&mode=success')).body).toBe('success\n');
    const last = await signIn();
    expect(docsOf((await call(last, 'type=sale&mode=query')).body).map((d) => d.Номер)).not.toContain(
      String(order.number),
    );
  });

  it('an order staff cancel after 1C took it is sent again with «Отменен»', async () => {
    const order = await place();
    const cookie = await signIn();
    await call(cookie, 'type=sale&mode=query');
    await call(cookie, 'type=sale&mode=success');
    const row = await orderRow(order.number);
    const manager = await insertStaff(database.db, { role: 'manager' });
    await services.ordersAdmin.takeStep(
      order.number,
      { version: row?.version ?? 0, from: 'paid', to: 'cancelled', reason: 'покупатель передумал' },
      { userId: manager.userId, email: manager.email, role: 'manager', ip: '127.0.0.1' },
      'ru',
    );
    const next = await signIn();
    const resent = docsOf((await call(next, 'type=sale&mode=query')).body).find(
      (d) => d.Номер === String(order.number),
    );
    expect(requisite(resent, 'Отменен')).toBe('true');
  });

  it('a shipment with the carrier’s tracking number; impossible steps, unknown statuses and broken files are reported', async () => {
    const parcel = await place({ getWay: 'self-sdek' });
    const delivered = await place({ status: 'delivered' });
    const unpaid = await place({ status: 'awaiting_payment' });
    const answer = await sendBack(
      onecFile([
        {
          number: parcel.number,
          requisites: [
            ['Отгружен', 'true'],
            ['Трек-номер', '1234567890'],
          ],
        },
        { number: delivered.number, requisites: [['Отменен', 'true']] },
        { number: unpaid.number, requisites: [['Дата оплаты по 1С', '2026-11-20T10:00:00']] },
        { number: parcel.number, requisites: [['Статус заказа', 'Ждет решения склада']] },
        { number: 'ЦБ-17', requisites: [['Отменен', 'true']] },
      ]),
    );
    expect(answer.split('\n')).toEqual([
      'success',
      'заказов в файле 5: изменено 1, без изменений 0, не применено 4',
      `заказ ${delivered.number}: заказ уже доставлен, отменить его нельзя: оформите возврат`,
      `заказ ${unpaid.number}: заказ на сайте «Ожидает оплаты»: оплату подтверждает платёжная система сайта, отметка 1С не применена`,
      `заказ ${parcel.number}: статус «Ждет решения склада» сайту неизвестен`,
      'заказ ЦБ-17: в документе нет номера заказа сайта',
      '',
    ]);
    const shipped = await orderRow(parcel.number);
    expect([shipped?.status, shipped?.trackingNumber]).toEqual(['shipped', '1234567890']);
    expect((await orderRow(delivered.number))?.status).toBe('delivered');
    expect((await orderRow(unpaid.number))?.status).toBe('awaiting_payment');

    // Nothing applicable: failure, so 1C shows it to the operator.
    expect(await sendBack(onecFile([{ number: 99, requisites: [['Отменен', 'true']] }]))).toBe(
      'failure\nзаказов в файле 1: изменено 0, без изменений 0, не применено 1\nзаказ 99: такого заказа на сайте нет\n',
    );
    expect(await sendBack('<КоммерческаяИнформация><Документ>')).toMatch(
      /^failure\nфайл не читается как XML/,
    );
    expect(await sendBack('<a/>', 'documents.zip')).toMatch(
      /^failure\ndocuments\.zip: для заказов принимается только XML-файл/,
    );
  });
});
