import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports, jobs, productGroups, variantProducts } from '../../core/db/schema/index.ts';
import { EXCHANGE_IMPORT_JOB } from '../../core/exchange/onec-exchange.service.ts';
import type { Services } from '../../core/services.ts';
import { type CmlTestProduct, importXml, offersXml } from '../../tests/factories/commerceml.ts';
import { insertStaff } from '../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines, type TestDatabase } from '../../tests/setup/test-database.ts';

/**
 * Hiding by absence through the whole 1C protocol (docs/decisions/0031-catalogue-exchange.md): two
 * full catalogues in one session do not hide each other's products; what a session's catalogues no
 * longer list is hidden once, at its end; a later session listing it shows it again, unless staff
 * hid it by hand.
 */
const URL_ = '/api/1c/exchange';
const basic = `Basic ${Buffer.from('onec:exchange secret').toString('base64')}`;
const RETAIL = 'retail';

const product = (id: string, art: string, barcode: string): CmlTestProduct => ({
  id,
  art,
  name: `Платье ${art}`,
  colour: 'Синий',
  size: 'M',
  barcode,
  groupId: 'dresses',
});
const A1 = product('a-1', 'A-1', '4600000000011');
const A2 = product('a-2', 'A-2', '4600000000028');
const B1 = product('b-1', 'B-1', '4600000000035');

/** One 1C catalogue as it sends it: import.xml and offers.xml, full (not only changes). */
const catalogue = (products: CmlTestProduct[]) => ({
  import: importXml({ groups: [{ id: 'dresses', name: 'Платья' }], products }),
  offers: offersXml({
    priceTypes: [{ id: RETAIL, name: 'Розничная' }],
    offers: products.map((p) => ({ id: p.id, prices: { [RETAIL]: '2500.00' }, quantity: 3 })),
  }),
});

describe.each(engines)('1C sessions hide by absence once, and bring back, on %s', (engine) => {
  let database: TestDatabase;
  let app: TestApp['app'];
  let services: Services;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, database, services, close } = await createTestApp(engine, () => new Date(), {
      DATA_DIR: path.join(os.tmpdir(), `shop-exchange-sessions-${process.pid}-${engine}`),
      ONEC_EXCHANGE_LOGIN: 'onec',
      ONEC_EXCHANGE_PASSWORD: 'exchange secret',
    }));
  });
  afterAll(async () => {
    await close();
  });

  const call = (cookie: string, qs: string, body?: Buffer) =>
    app.inject({
      method: body ? 'POST' : 'GET',
      url: `${URL_}?${qs}`,
      headers: { cookie, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(body ? { payload: body } : {}),
    });

  /**
   * One session: checkauth, init, then per catalogue its import.xml and offers.xml (named as 1C
   * names several: import0_1.xml, offers0_1.xml, import1_1.xml …), each uploaded and imported
   * until done; then deactivate and complete unless `close` is false (older modules).
   */
  const session = async (catalogues: ReturnType<typeof catalogue>[], close = true) => {
    const auth = await app.inject({
      method: 'GET',
      url: `${URL_}?type=catalog&mode=checkauth`,
      headers: { authorization: basic },
    });
    const [status, name, value] = auth.body.split('\n');
    expect(status).toBe('success');
    const cookie = `${name}=${value}`;
    expect((await call(cookie, 'type=catalog&mode=init')).body).toMatch(/^zip=/);
    const answers: string[] = [];
    for (const [i, c] of catalogues.entries()) {
      for (const [file, bytes] of [
        [`import${i}_1.xml`, c.import],
        [`offers${i}_1.xml`, c.offers],
      ] as const) {
        expect((await call(cookie, `type=catalog&mode=file&filename=${file}`, bytes)).body).toBe('success\n');
        let answer = '';
        for (let step = 0; step < 10; step += 1) {
          answer = (await call(cookie, `type=catalog&mode=import&filename=${file}`)).body;
          if (!answer.startsWith('progress')) break;
          await services.jobs.runDue({ kinds: [EXCHANGE_IMPORT_JOB] });
        }
        expect(answer).toMatch(/^success\n/);
        answers.push(answer);
      }
    }
    if (close) {
      for (const mode of ['deactivate', 'complete']) {
        expect((await call(cookie, `type=catalog&mode=${mode}`)).body).toBe('success\n');
      }
      await services.jobs.runDue({ kinds: [EXCHANGE_IMPORT_JOB] });
    }
    return answers;
  };

  const shown = async () => {
    const rows = await database.db
      .select({ art: productGroups.art, published: productGroups.published })
      .from(productGroups)
      .where(inArray(productGroups.art, ['A-1', 'A-2', 'B-1']));
    return Object.fromEntries(rows.map((r) => [r.art, r.published]));
  };

  it('two catalogues in one session keep each other shown; a later one hides once and brings back', async () => {
    // Session 1: both catalogues, one after the other: every product shown.
    const first = await session([catalogue([A1, A2]), catalogue([B1])]);
    for (const answer of first) expect(answer).toMatch(/скрыто 0;/);
    expect(await shown()).toEqual({ 'A-1': true, 'A-2': true, 'B-1': true });

    // Session 2, the same: the second catalogue must not hide the first's products.
    await session([catalogue([A1, A2]), catalogue([B1])]);
    expect(await shown()).toEqual({ 'A-1': true, 'A-2': true, 'B-1': true });

    // Session 3: 1C no longer lists A-2. Hidden once, when the session ends, and recorded.
    await session([catalogue([A1]), catalogue([B1])]);
    expect(await shown()).toEqual({ 'A-1': true, 'A-2': false, 'B-1': true });
    const [ended] = await database.db
      .select()
      .from(imports)
      .where(eq(imports.fileName, 'конец сеанса обмена'));
    expect(ended?.report).toMatchObject({ hidden: 1 });

    // Staff hide B-1 by hand.
    const staff = await insertStaff(database.db, { role: 'editor' });
    const actor = { userId: staff.userId, email: staff.email, role: 'editor' as const, ip: '127.0.0.1' };
    const [b1] = await database.db
      .select()
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(eq(variantProducts.exchangeId, 'b-1'));
    await services.catalogueAdmin.setPublished(
      b1?.product_groups.id ?? '',
      { version: b1?.product_groups.version ?? 0, published: false },
      actor,
      'ru',
    );

    // Session 4: A-2 is back in 1C: shown again. B-1, hidden by staff, stays hidden.
    const fourth = await session([catalogue([A1, A2]), catalogue([B1])]);
    expect(fourth[0]).toMatch(/снова показано 1;/);
    expect(await shown()).toEqual({ 'A-1': true, 'A-2': true, 'B-1': false });
  });

  it('an older module that never says complete: the hiding runs when the session has expired', async () => {
    await session([catalogue([A1])], false);
    // Nothing hidden while the session may still send files.
    expect(await shown()).toMatchObject({ 'A-1': true, 'A-2': true });
    const pending = await database.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    const end = pending.find((j) => typeof j.payload.finishSession === 'string');
    expect(end?.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // An hour later.
    await database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, end?.key ?? ''));
    await services.jobs.runDue({ kinds: [EXCHANGE_IMPORT_JOB] });
    expect(await shown()).toMatchObject({ 'A-1': true, 'A-2': false });
  });
});
