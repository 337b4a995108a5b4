import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { imports, productGroups, productPhotos, variantProducts } from '../../core/db/schema/index.ts';
import { EXCHANGE_IMPORT_JOB } from '../../core/exchange/onec-exchange.service.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { importXml, offersXml } from '../../tests/factories/commerceml.ts';
import { buildJpeg } from '../../tests/factories/media.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const URL_ = '/api/1c/exchange';

describe.each(engines)('the 1C exchange protocol on %s', (engine) => {
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const dataDir = path.join(os.tmpdir(), `shop-exchange-${process.pid}-${engine}`);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ONEC_EXCHANGE_LOGIN: 'onec',
      ONEC_EXCHANGE_PASSWORD: 'correct horse battery',
      ONEC_FILE_LIMIT: '65536',
      ONEC_MAX_FILE_BYTES: '200000',
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    services = createServices({ db: database.db, providers, clock: () => new Date() });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const signIn = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${URL_}?type=catalog&mode=checkauth`,
      headers: { authorization: basic('onec', 'correct horse battery') },
    });
    expect(res.statusCode).toBe(200);
    const [status, name, value] = res.body.split('\n');
    expect(status).toBe('success');
    return `${name}=${value}`;
  };
  const call = (cookie: string, qs: string, body?: Buffer) =>
    app.inject({
      method: body ? 'POST' : 'GET',
      url: `${URL_}?${qs}`,
      headers: { cookie, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(body ? { payload: body } : {}),
    });
  /** Sends the file in pieces, as 1C does when it is larger than file_limit. */
  const upload = async (cookie: string, name: string, bytes: Buffer, piece: number) => {
    for (let i = 0; i < bytes.length; i += piece) {
      const res = await call(cookie, `type=catalog&mode=file&filename=${name}`, bytes.subarray(i, i + piece));
      expect(res.body).toBe('success\n');
    }
  };
  /** Polls `import` as 1C does, letting the job worker take its turn between calls. */
  const runImport = async (cookie: string, name: string) => {
    const answers: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await call(cookie, `type=catalog&mode=import&filename=${name}`);
      const first = res.body.split('\n')[0] ?? '';
      answers.push(first);
      if (first !== 'progress') return { answers, body: res.body };
      await services.jobs.runDue({ kinds: [EXCHANGE_IMPORT_JOB] });
    }
    return { answers, body: '' };
  };

  it('refuses wrong credentials and calls without the session cookie', async () => {
    const wrong = await app.inject({
      method: 'GET',
      url: `${URL_}?type=catalog&mode=checkauth`,
      headers: { authorization: basic('onec', 'wrong password') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toMatch(/^failure\n/);
    const noCookie = await app.inject({ method: 'GET', url: `${URL_}?type=catalog&mode=init` });
    expect(noCookie.statusCode).toBe(401);
    const forged = await call('onec_exchange=abc.99999999999999.xyz', 'type=catalog&mode=init');
    expect(forged.statusCode).toBe(401);
  });

  it('checkauth, init, a chunked upload of import.xml and offers.xml, import step by step', async () => {
    // A session folder over a day old goes at the next init; a recent one stays.
    const exchangeDir = path.join(dataDir, 'exchange');
    const old = path.join(exchangeDir, 'a'.repeat(24));
    const recent = path.join(exchangeDir, 'b'.repeat(24));
    for (const dir of [old, recent]) {
      await mkdir(path.join(dir, 'import_files'), { recursive: true });
      await writeFile(path.join(dir, 'import_files', 'photo.jpg'), 'x');
    }
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
    await utimes(old, twoDaysAgo, twoDaysAgo);

    const cookie = await signIn();
    const init = await call(cookie, 'type=catalog&mode=init');
    expect(init.body).toBe('zip=yes\nfile_limit=65536\n');
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);

    const products = ['S', 'M'].map((size) => ({
      id: `http-1-${size}`,
      art: 'HTTP-1',
      name: 'Жакет',
      colour: 'Синий',
      size,
      barcode: `46000001${size}`,
      groupId: 'http-jackets',
    }));
    const catalogue = importXml({ groups: [{ id: 'http-jackets', name: 'Жакеты' }], products });
    await upload(cookie, 'import.xml', catalogue, 700);
    const imported = await runImport(cookie, 'import.xml');
    expect(imported.answers[0]).toBe('progress');
    expect(imported.answers.at(-1)).toBe('success');
    expect(imported.body).toMatch(/создано товаров 1, размеров 2/);

    const offers = offersXml({
      version: '2.10',
      priceTypes: [{ id: 'retail', name: 'Розничная' }],
      offers: products.map((p) => ({ id: p.id, prices: { retail: '7 500' }, quantity: 3 })),
    });
    await upload(cookie, 'offers.xml', offers, 500);
    const priced = await runImport(cookie, 'offers.xml');
    expect(priced.answers.at(-1)).toBe('success');
    const [group] = await database.db.select().from(productGroups).where(eq(productGroups.art, 'HTTP-1'));
    expect(group?.price).toBe(7_500_00);
    expect(group?.published).toBe(true);
    const variants = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.groupId, group?.id ?? ''));
    expect(variants.map((v) => v.stock)).toEqual([3, 3]);

    // Asking again after success answers the same outcome and starts nothing new.
    const again = await call(cookie, 'type=catalog&mode=import&filename=offers.xml');
    expect(again.body.split('\n')[0]).toBe('success');
    const rows = await database.db.select().from(imports).where(eq(imports.fileName, 'offers.xml'));
    expect(rows).toHaveLength(1);
  });

  it('a malformed upload ends in failure with its line; unsafe names and oversized files are refused', async () => {
    const cookie = await signIn();
    await upload(
      cookie,
      'import.xml',
      Buffer.from('<?xml version="1.0"?>\n<КоммерческаяИнформация>\n<Каталог>\n</Товары>'),
      100,
    );
    const broken = await runImport(cookie, 'import.xml');
    expect(broken.answers.at(-1)).toBe('failure');
    expect(broken.body).toMatch(/ошибка XML.*строка 4/);

    const traversal = await call(
      cookie,
      'type=catalog&mode=file&filename=../../etc/passwd',
      Buffer.from('x'),
    );
    expect(traversal.body).toBe('failure\nнедопустимое имя файла «../../etc/passwd»\n');

    const piece = await call(cookie, 'type=catalog&mode=file&filename=big.xml', Buffer.alloc(70_000));
    expect(piece.body).toMatch(/^failure\nчасть файла больше file_limit/);
    for (let i = 0; i < 3; i += 1) {
      expect((await call(cookie, 'type=catalog&mode=file&filename=big.xml', Buffer.alloc(60_000))).body).toBe(
        'success\n',
      );
    }
    const over = await call(cookie, 'type=catalog&mode=file&filename=big.xml', Buffer.alloc(60_000));
    expect(over.body).toBe('failure\nbig.xml больше 200000 байт\n');
    const gone = await runImport(cookie, 'big.xml');
    expect(gone.body).toBe('failure\nфайл big.xml не был передан в этом сеансе\n');
  });

  it('the orders exchange: new paid orders as CommerceML until 1C confirms taking them', async () => {
    const category = await insertCategory(database.db);
    const group = await insertProductGroup(database.db, { categorySlug: category.slug });
    const { order: paid } = await insertPlacedOrder(database.db, {
      status: 'paid',
      deliveryPrice: 300_00,
      lines: [{ variantId: `${group.id}-S`, groupId: group.id, price: 4_990_00, count: 2 }],
    });
    const { order: unpaid } = await insertPlacedOrder(database.db, {
      status: 'awaiting_payment',
      lines: [{ variantId: `${group.id}-M`, groupId: group.id }],
    });
    const xml = new XMLParser({
      isArray: (name) => ['Документ', 'Товар'].includes(name),
      parseTagValue: false,
    });
    const docsOf = (body: string) =>
      ((xml.parse(body) as { КоммерческаяИнформация: { Документ?: Record<string, unknown>[] } })
        .КоммерческаяИнформация.Документ ?? []) as Record<string, unknown>[];

    const cookie = await signIn();
    const query = await call(cookie, 'type=sale&mode=query');
    expect(query.statusCode).toBe(200);
    expect(query.headers['content-type']).toBe('application/xml; charset=utf-8');
    const docs = docsOf(query.body);
    const numbers = docs.map((d) => d.Номер);
    expect(numbers).toContain(String(paid.number));
    expect(numbers).not.toContain(String(unpaid.number));
    const doc = docs.find((d) => d.Номер === String(paid.number)) as Record<string, unknown>;
    expect(doc.ХозОперация).toBe('Заказ товара');
    const goods = (doc.Товары as { Товар: Record<string, unknown>[] }).Товар;
    expect(goods.map((g) => [g.Ид, g.Количество, g.Сумма])).toEqual([
      [`${group.id}-S`, '2', '9980.00'],
      ['ORDER_DELIVERY', '1', '300.00'],
    ]);

    // Not confirmed: the next session gets it again; confirmed: never again.
    const second = await signIn();
    expect(docsOf((await call(second, 'type=sale&mode=query')).body).map((d) => d.Номер)).toContain(
      String(paid.number),
    );
    expect((await call(second, 'type=sale&mode=success')).body).toBe('success\n');
    const third = await signIn();
    expect(docsOf((await call(third, 'type=sale&mode=query')).body).map((d) => d.Номер)).not.toContain(
      String(paid.number),
    );
  });

  it('a zip of import.xml and offers.xml sent in pieces is unpacked at the first import; a zip bomb is refused', async () => {
    const cookie = await signIn();
    const products = [
      {
        id: 'zip-1-M',
        art: 'ZIP-1',
        name: 'Юбка',
        colour: 'Красный',
        size: 'M',
        barcode: 'zip1m',
        groupId: 'zip-skirts',
      },
    ];
    const archive = Buffer.from(
      zipSync({
        'import.xml': importXml({ groups: [{ id: 'zip-skirts', name: 'Юбки' }], products }),
        'offers.xml': offersXml({
          priceTypes: [{ id: 'retail', name: 'Розничная' }],
          offers: [{ id: 'zip-1-M', prices: { retail: '3990' }, quantity: 5 }],
        }),
      }),
    );
    await upload(cookie, 'exchange.zip', archive, 400);
    expect((await runImport(cookie, 'import.xml')).answers.at(-1)).toBe('success');
    expect((await runImport(cookie, 'offers.xml')).answers.at(-1)).toBe('success');
    const [group] = await database.db.select().from(productGroups).where(eq(productGroups.art, 'ZIP-1'));
    expect(group?.price).toBe(3_990_00);

    const bombSession = await signIn();
    const bomb = Buffer.from(zipSync({ 'import.xml': new Uint8Array(5 * 1_048_576) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(65_536);
    await upload(bombSession, 'exchange.zip', bomb, 65_536);
    const refused = await runImport(bombSession, 'import.xml');
    expect(refused.body).toBe('failure\nexchange.zip: архив распаковывается больше чем в 200000 байт\n');
  });

  it('photos in the zip and sent by mode=file become the product photos once; a broken one is refused alone', async () => {
    const jpeg = await buildJpeg(900, 1200, '#5a7d9a');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const products = [
      {
        id: 'pic-1-S',
        art: 'PIC-1',
        name: 'Платье',
        colour: 'Синий',
        size: 'S',
        barcode: 'pic1s',
        groupId: 'pic-dresses',
        pictures: ['import_files/ab/front.jpg', 'import_files/ab/broken.jpg'],
      },
      {
        id: 'pic-1-M',
        art: 'PIC-1',
        name: 'Платье',
        colour: 'Синий',
        size: 'M',
        barcode: 'pic1m',
        groupId: 'pic-dresses',
        // The same photo under another name: the same content is one photo.
        pictures: ['import_files/cd/same.jpg', 'import_files/cd/missing.jpg'],
      },
    ];
    const catalogue = importXml({ groups: [{ id: 'pic-dresses', name: 'Платья' }], products });
    const exchange = async () => {
      const cookie = await signIn();
      const archive = Buffer.from(
        zipSync({
          'import.xml': catalogue,
          'import_files/ab/front.jpg': jpeg,
          'import_files/ab/broken.jpg': broken,
        }),
      );
      await upload(cookie, 'exchange.zip', archive, 60_000);
      await upload(cookie, 'import_files/cd/same.jpg', jpeg, 60_000);
      return runImport(cookie, 'import.xml');
    };

    const first = await exchange();
    expect(first.answers.at(-1)).toBe('success');
    expect(first.body).toMatch(/фото 1;/);
    expect(first.body).toMatch(/import_files\/ab\/broken\.jpg: изображение повреждено/);
    expect(first.body).toMatch(/фото import_files\/cd\/missing\.jpg не было передано/);
    const [group] = await database.db.select().from(productGroups).where(eq(productGroups.art, 'PIC-1'));
    const photos = await database.db
      .select()
      .from(productPhotos)
      .where(eq(productPhotos.groupId, group?.id ?? ''));
    expect(photos).toHaveLength(1);
    const [photo] = photos;
    expect(photo?.src).toMatch(/^uploads\/1c-[0-9a-f]{32}-900$/);
    expect([photo?.width, photo?.height]).toEqual([900, 1200]);
    const stored = await services.productMedia.store.list(`${photo?.src}-`);
    expect(stored.length).toBeGreaterThan(0);
    expect(await services.productMedia.store.get(`${photo?.src}-900.webp`)).not.toBeNull();

    // The same exchange again: nothing new stored, no second row.
    const again = await exchange();
    expect(again.answers.at(-1)).toBe('success');
    expect(again.body).toMatch(/фото 0;/);
    expect(await database.db.$count(productPhotos, eq(productPhotos.groupId, group?.id ?? ''))).toBe(1);
    expect(await services.productMedia.store.list(`${photo?.src}-`)).toEqual(stored);
  });
});
