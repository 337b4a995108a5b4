import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { productGroups, variantProducts } from '../../core/db/schema/index.ts';
import { EXCHANGE_IMPORT_JOB } from '../../core/exchange/onec-exchange.service.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

/**
 * Real 1C exports (tests/fixtures/1c/README.md), through the whole protocol as 1C runs it:
 * checkauth, init, the files in pieces, import until done; then what the storefront shows.
 */
const FIXTURES = path.join(import.meta.dirname, '../../tests/fixtures/1c');
const URL_ = '/api/1c/exchange';
const basic = `Basic ${Buffer.from('onec:exchange secret').toString('base64')}`;

interface Counts {
  created: number;
  changed: number;
  refused: number;
}

describe.each(engines)('real 1C exports through the exchange on %s', (engine) => {
  const opened: { app: Awaited<ReturnType<typeof buildApp>>; database: TestDatabase }[] = [];
  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.destroy();
    }
  });

  /** An app whose 1C price type is the export's own. */
  const exchangeApp = async (priceType: string) => {
    const database = await createTestDatabase(engine);
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), `shop-exchange-fixtures-${process.pid}-${engine}`),
      LOG_LEVEL: 'silent',
      ONEC_EXCHANGE_LOGIN: 'onec',
      ONEC_EXCHANGE_PASSWORD: 'exchange secret',
      ONEC_FILE_LIMIT: '65536',
      ONEC_PRICE_TYPE: priceType,
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    const services: Services = createServices({ db: database.db, providers, clock: () => new Date() });
    const app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    opened.push({ app, database });

    const call = (cookie: string, qs: string, body?: Buffer) =>
      app.inject({
        method: body ? 'POST' : 'GET',
        url: `${URL_}?${qs}`,
        headers: { cookie, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
        ...(body ? { payload: body } : {}),
      });
    /** One exchange session: each file uploaded in file_limit pieces, then imported until done. */
    const exchange = async (folder: string, files: string[]) => {
      const auth = await app.inject({
        method: 'GET',
        url: `${URL_}?type=catalog&mode=checkauth`,
        headers: { authorization: basic },
      });
      const [status, name, value] = auth.body.split('\n');
      expect(status).toBe('success');
      const cookie = `${name}=${value}`;
      const init = (await call(cookie, 'type=catalog&mode=init')).body;
      const limit = Number(/file_limit=(\d+)/.exec(init)?.[1]);
      const answers: string[] = [];
      for (const file of files) {
        const bytes = await readFile(path.join(FIXTURES, folder, file));
        for (let i = 0; i < bytes.length; i += limit) {
          const res = await call(
            cookie,
            `type=catalog&mode=file&filename=${file}`,
            bytes.subarray(i, i + limit),
          );
          expect(res.body).toBe('success\n');
        }
        let answer = '';
        for (let step = 0; step < 10; step += 1) {
          answer = (await call(cookie, `type=catalog&mode=import&filename=${file}`)).body;
          if (!answer.startsWith('progress')) break;
          await services.jobs.runDue({ kinds: [EXCHANGE_IMPORT_JOB] });
        }
        answers.push(answer);
      }
      for (const mode of ['deactivate', 'complete']) {
        expect((await call(cookie, `type=catalog&mode=${mode}`)).body).toBe('success\n');
      }
      return answers;
    };
    /** created, changed, refused of one answer (`success` with its summary). */
    const counts = (answer: string): Counts => {
      const m = /создано товаров (\d+), размеров (\d+); изменено (\d+);.*отклонено (\d+)/.exec(answer) ?? [];
      return {
        created: Number(m[1]) + Number(m[2]),
        changed: Number(m[3]),
        refused: Number(m[4]),
      };
    };
    const storefront = async (ids: string[]) =>
      (await app.inject({ method: 'POST', url: '/api/storefront/groups', payload: ids })).json() as {
        id: string;
        price: number;
        colorName: { ru: string };
        variants: { size: string; stock: number; barcode: string }[];
      }[];
    return { app, database, exchange, counts, storefront };
  };

  describe('CrazyBoom rugs (УТ, 2.07: 35 products, 13 without a barcode, three warehouses)', () => {
    let t: Awaited<ReturnType<typeof exchangeApp>>;
    beforeAll(async () => {
      t = await exchangeApp('BASE');
    });

    it('takes every product, barcode or not, with its price and stock; a second run changes nothing', async () => {
      const [catalogue, offers] = await t.exchange('crazyboom-rugs', ['import0_1.xml', 'offers0_1.xml']);
      expect(catalogue).toMatch(/^success\n/);
      expect(t.counts(catalogue ?? '')).toEqual({ created: 70, changed: 0, refused: 0 });
      expect(offers).toMatch(/^success\n/);
      // 9 of its 44 offers name products the catalogue does not list: refused, in Russian.
      expect(t.counts(offers ?? '')).toMatchObject({ refused: 9 });
      expect(offers).toMatch(/строка \d+: нет товара с Ид /);

      const groups = await t.database.db.select().from(productGroups);
      expect(groups).toHaveLength(35);
      const shown = await t.storefront(groups.map((g) => g.id));
      expect(shown).toHaveLength(35);
      // The first rug: 100 ₽, 377 in stock (1 + 0 + 376 over the three warehouses), its barcode.
      const [rug] = await t.database.db
        .select()
        .from(variantProducts)
        .where(inArray(variantProducts.exchangeId, ['bd8c4e15-18f9-11e7-80c2-0cc47ab29cd1']));
      const rugGroup = shown.find((g) => g.id === rug?.groupId);
      expect(rugGroup?.price).toBe(10_000);
      expect(rugGroup?.variants).toEqual([expect.objectContaining({ stock: 377, barcode: '8809288404089' })]);

      const again = await t.exchange('crazyboom-rugs', ['import0_1.xml', 'offers0_1.xml']);
      expect(again.map((a) => t.counts(a))).toEqual([
        { created: 0, changed: 0, refused: 0 },
        { created: 0, changed: 0, refused: 9 },
      ]);
    });
  });

  describe('CS-Cart shoes (2.04: sizes and colours as characteristics, some without barcodes)', () => {
    let t: Awaited<ReturnType<typeof exchangeApp>>;
    beforeAll(async () => {
      t = await exchangeApp('Интернет');
    });

    it('makes one group per colour with its sizes, prices and stock; a second run changes nothing', async () => {
      const [catalogue, offers] = await t.exchange('cs-cart-shoes', ['import.xml', 'offers.xml']);
      expect(catalogue).toMatch(/^success\n/);
      expect(t.counts(catalogue ?? '')).toEqual({ created: 54, changed: 0, refused: 0 });
      expect(offers).toMatch(/^success\n/);
      expect(t.counts(offers ?? '')).toMatchObject({ refused: 0 });

      // Женские ботфорты: six colours, each a group of sizes (size with width and leather).
      const boots = await t.database.db
        .select({ groupId: variantProducts.groupId })
        .from(variantProducts)
        .where(isNotNull(variantProducts.exchangeId));
      const bootIds = [...new Set(boots.map((b) => b.groupId))];
      const shown = await t.storefront(bootIds);
      const beige = shown.filter((g) => g.colorName.ru === 'Бежевый');
      expect(beige.length).toBeGreaterThan(0);
      const sample = beige.find((g) => g.variants.some((v) => v.size === '43, 5, натуральная кожа'));
      expect(sample?.price).toBeGreaterThan(0);
      expect(sample?.variants.find((v) => v.size === '43, 5, натуральная кожа')?.stock).toBe(10);
      // 193 offers of three products became 193 sizes.
      const sizes = shown.reduce((n, g) => n + g.variants.length, 0);
      expect(sizes).toBe(193);

      const again = await t.exchange('cs-cart-shoes', ['import.xml', 'offers.xml']);
      expect(again.map((a) => t.counts(a))).toEqual([
        { created: 0, changed: 0, refused: 0 },
        { created: 0, changed: 0, refused: 0 },
      ]);
    });
  });
});
