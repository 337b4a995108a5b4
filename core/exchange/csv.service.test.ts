import { eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { insertStaff } from '../../tests/factories/staff.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { type Actor, createAuditService } from '../audit/audit.service.ts';
import { createReadCache } from '../cache/read-cache.ts';
import { StaleError } from '../catalogue/catalogue-admin.service.ts';
import {
  auditLog,
  imports,
  jobs,
  productGroups,
  restockSubscriptions,
  variantProducts,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { createCsvExchangeService } from './csv.service.ts';

const BOM = '\uFEFF';
const file = (lines: string[]) => Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
const PRODUCTS_HEADER = 'Артикул;Цвет;Размер;Штрихкод;Название;Категория;Цена;Старая цена;Остаток;Показан';

describe.each(engines)('CSV import and export on %s', (engine) => {
  let database: TestDatabase;
  let editor: Actor;
  let manager: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const e = await insertStaff(database.db, { role: 'editor' });
    editor = { userId: e.userId, email: e.email, role: 'editor', ip: '127.0.0.1' };
    const m = await insertStaff(database.db, { role: 'manager' });
    manager = { userId: m.userId, email: m.email, role: 'manager', ip: '127.0.0.1' };
    await insertCategory(database.db, { slug: 'csv-dresses', name: { ru: 'Платья CSV', en: 'Dresses' } });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const setup = () => {
    const cache = createReadCache({ enabled: true });
    let drops = 0;
    const service = createCsvExchangeService({
      db: database.db,
      audit: createAuditService({ db: database.db }),
      clock: () => new Date('2026-11-20T10:00:00Z'),
      cache,
      onCatalogueChange: () => {
        drops += 1;
      },
    });
    return { service, cache, drops: () => drops };
  };

  it('previews a products file line by line, then applies it once: the same file again changes nothing', async () => {
    const { service, drops } = setup();
    const csv = file([
      PRODUCTS_HEADER,
      'CSV-1;Песочный;S;csv1s;Платье «Лён»;csv-dresses;12 990,00;;3;да',
      'CSV-1;Песочный;M;csv1m;Платье «Лён»;csv-dresses;12 990,00;;0;да',
      'CSV-2;Чёрный;M;csv2m;Юбка;Платья CSV;4990,5;5990;1;нет',
      'CSV-2;Чёрный;L;csv2l;Юбка;Платья CSV;4990,5;5990;0;нет',
      'CSV-3;Белый;M;csv3m;Жакет;csv-dresses;двадцать;;1;да',
      'CSV-4;Белый;M;csv4m;Жакет;no-such-category;100;;1;да',
      'CSV-1;Песочный;L;csv1s;Платье «Лён»;csv-dresses;12 990,00;;1;да',
      'CSV-1;Песочный;XL;csv1xl;Платье «Лён»;csv-dresses;11 990,00;;1;да',
      'CSV-5;Белый;M;csv5m;Жакет;csv-dresses;100;;-2;да',
    ]);
    const preview = await service.preview('products', csv, editor);
    expect(preview.status).toBe('preview');
    expect(preview.report.created).toMatchObject({ groups: 2, variants: 4 });
    expect(preview.report.refused.map((r) => r.line)).toEqual([6, 7, 8, 9, 10]);
    expect(preview.report.refused.find((r) => r.line === 6)?.reason).toMatch(/цена «двадцать» — не цена/);
    expect(preview.report.refused.find((r) => r.line === 7)?.reason).toMatch(
      /нет категории «no-such-category»/,
    );
    expect(preview.report.refused.find((r) => r.line === 8)?.reason).toMatch(
      /штрихкод csv1s уже есть в строке 2/,
    );
    expect(preview.report.refused.find((r) => r.line === 9)?.reason).toMatch(/«Цена»: не как в строке 2/);
    expect(preview.report.refused.find((r) => r.line === 10)?.reason).toMatch(/меньше нуля/);
    expect(preview.report.changes.map((c) => [c.line, c.action])).toEqual([
      [2, 'create'],
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
      [4, 'create'],
      [5, 'create'],
    ]);
    // A preview stores nothing.
    expect(await database.db.$count(productGroups, inArray(productGroups.art, ['CSV-1', 'CSV-2']))).toBe(0);
    expect(await database.db.$count(imports)).toBe(0);

    const applied = await service.apply('products', csv, 'products.csv', editor, preview.report.digest);
    expect(applied.status).toBe('applied');
    expect(applied.report.created).toMatchObject({ groups: 2, variants: 4 });
    expect(drops()).toBe(1);
    const groups = await database.db
      .select()
      .from(productGroups)
      .where(inArray(productGroups.art, ['CSV-1', 'CSV-2']));
    const one = groups.find((g) => g.art === 'CSV-1');
    const two = groups.find((g) => g.art === 'CSV-2');
    expect([one?.price, one?.published, one?.categorySlug]).toEqual([12_990_00, true, 'csv-dresses']);
    expect([two?.price, two?.oldPrice, two?.published, two?.colorName.ru]).toEqual([
      4_990_50,
      5_990_00,
      false,
      'Чёрный',
    ]);
    const sizes = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.groupId, one?.id ?? ''));
    expect(sizes.map((v) => [v.size, v.barcode, v.stock]).sort()).toEqual([
      ['M', 'csv1m', 0],
      ['S', 'csv1s', 3],
    ]);
    const [row] = await database.db
      .select()
      .from(imports)
      .where(eq(imports.id, applied.importId ?? 0));
    expect([row?.kind, row?.status]).toEqual(['csv-products', 'applied']);
    expect(await database.db.$count(auditLog, eq(auditLog.entityId, String(applied.importId)))).toBe(1);

    const again = await service.apply('products', csv, 'products.csv', editor);
    expect(again.status).toBe('applied');
    expect(again.report.changes).toEqual([]);
    expect(again.report.created).toMatchObject({ groups: 0, variants: 0 });
    expect(again.report.changed).toEqual({ categories: 0, groups: 0, variants: 0, stock: 0, prices: 0 });
    expect(drops()).toBe(1);
    const after = await database.db
      .select()
      .from(productGroups)
      .where(eq(productGroups.id, one?.id ?? ''));
    expect(after[0]?.version).toBe(one?.version);
  });

  it('hides, changes and reports by line; an apply after the catalogue moved is a conflict and changes nothing', async () => {
    const { service } = setup();
    const group = await insertProductGroup(database.db, {
      categorySlug: 'csv-dresses',
      art: 'CSV-H',
      price: 5_000_00,
    });
    const [s] = await database.db.select().from(variantProducts).where(eq(variantProducts.groupId, group.id));
    const csv = file([
      PRODUCTS_HEADER,
      `CSV-H;Песочный;${s?.size};${s?.barcode};Новое имя;csv-dresses;4 500,00;5 000,00;;нет`,
    ]);
    const preview = await service.preview('products', csv, editor);
    expect(preview.report.hidden).toBe(1);
    expect(preview.report.changes).toEqual([
      {
        line: 2,
        action: 'hide',
        target: group.id,
        detail:
          'название «Платье' +
          group.name.ru.slice('Платье'.length) +
          '» → «Новое имя»; цена 5000,00 → 4500,00, старая цена — → 5000,00; скрыт',
      },
    ]);
    // Someone changes the price between the preview and the apply.
    await database.db.update(productGroups).set({ price: 4_000_00 }).where(eq(productGroups.id, group.id));
    await expect(
      service.apply('products', csv, 'p.csv', editor, preview.report.digest),
    ).rejects.toBeInstanceOf(StaleError);
    const [still] = await database.db.select().from(productGroups).where(eq(productGroups.id, group.id));
    expect([still?.name.ru, still?.published]).toEqual([group.name.ru, true]);

    const applied = await service.apply('products', csv, 'p.csv', editor);
    expect(applied.report.hidden).toBe(1);
    const [hidden] = await database.db.select().from(productGroups).where(eq(productGroups.id, group.id));
    expect([hidden?.name.ru, hidden?.price, hidden?.oldPrice, hidden?.published]).toEqual([
      'Новое имя',
      4_500_00,
      5_000_00,
      false,
    ]);
  });

  it('takes a windows-1251 stock file with a decimal comma; back in stock wakes the restock check', async () => {
    const { service } = setup();
    const group = await insertProductGroup(
      database.db,
      { categorySlug: 'csv-dresses', art: 'CSV-W', price: 3_000_00 },
      [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 2 },
      ],
    );
    const variants = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.groupId, group.id));
    const s = variants.find((v) => v.size === 'S');
    const m = variants.find((v) => v.size === 'M');
    await database.db
      .insert(restockSubscriptions)
      .values({ email: 'wait@example.com', productId: s?.id ?? '', groupId: group.id });
    const text = [
      'Штрихкод;Артикул;Цвет;Размер;Цена;Старая цена;Остаток',
      `${s?.barcode};CSV-W;Песочный;S;2 990,00;3 490,00;4`,
      `${m?.barcode};CSV-W;Песочный;M;2 990,00;3 490,00;2`,
      'nobody;CSV-W;Песочный;L;2 990,00;;1',
    ].join('\r\n');
    const bytes = iconv.encode(text, 'win1251');
    const applied = await service.apply('stock', bytes, 'остатки.csv', editor);
    expect(applied.report.encoding).toBe('windows-1251');
    expect(applied.report.changed).toMatchObject({ stock: 1, prices: 1 });
    expect(applied.report.refused).toEqual([
      { line: 4, id: 'nobody', reason: 'нет размера со штрихкодом nobody' },
    ]);
    const [g] = await database.db.select().from(productGroups).where(eq(productGroups.id, group.id));
    expect([g?.price, g?.oldPrice]).toEqual([2_990_00, 3_490_00]);
    const restocks = await database.db.select().from(jobs).where(eq(jobs.kind, 'restock-check'));
    expect(restocks.some((j) => j.payload.variantId === s?.id)).toBe(true);
    expect(restocks.some((j) => j.payload.variantId === m?.id)).toBe(false);
  });

  it('a manager changes stock, not prices, and cannot import products', async () => {
    const { service } = setup();
    const group = await insertProductGroup(
      database.db,
      { categorySlug: 'csv-dresses', art: 'CSV-M', price: 3_000_00 },
      [
        { size: 'S', stock: 1 },
        { size: 'M', stock: 1 },
      ],
    );
    const variants = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.groupId, group.id));
    const text = ['Штрихкод;Остаток;Цена', `${variants[0]?.barcode};7;3000`, `${variants[1]?.barcode};8;1`];
    const applied = await service.apply('stock', file(text), 'stock.csv', manager);
    expect(applied.report.changed.stock).toBe(1);
    expect(applied.report.refused.map((r) => [r.line, r.reason])).toEqual([
      [3, 'менеджер меняет остатки, а не цены: оставьте «Цена» и «Старая цена» как есть'],
    ]);
    const [g] = await database.db.select().from(productGroups).where(eq(productGroups.id, group.id));
    expect(g?.price).toBe(3_000_00);
    await expect(service.preview('products', file([PRODUCTS_HEADER]), manager)).rejects.toBeInstanceOf(
      AppError,
    );
  });

  it('a new product and its sizes get ids nobody holds, even when the plain ones are taken', async () => {
    const { service } = setup();
    await insertProductGroup(
      database.db,
      { id: 'csv-id-pesochnyi', art: 'OTHER-1', categorySlug: 'csv-dresses' },
      [{ size: 'S' }],
    );
    await insertProductGroup(
      database.db,
      { id: 'csv-id-pesochnyi-2', art: 'OTHER-2', categorySlug: 'csv-dresses' },
      [],
    );
    const applied = await service.apply(
      'products',
      file([PRODUCTS_HEADER, 'CSV-ID;Песочный;S;csvid-s;Платье;csv-dresses;100;;1;да']),
      'ids.csv',
      editor,
    );
    expect(applied.report.refused).toEqual([]);
    const [group] = await database.db.select().from(productGroups).where(eq(productGroups.art, 'CSV-ID'));
    expect(group?.id).toBe('csv-id-pesochnyi-3');
    const [size] = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.barcode, 'csvid-s'));
    expect(size?.id).toBe('csv-id-pesochnyi-3-s');
  });

  it('refuses an unreadable file as a whole, storing nothing but the refusal', async () => {
    const { service } = setup();
    const missing = await service.apply('products', file(['Артикул;Цвет', 'A;B']), 'bad.csv', editor);
    expect(missing.status).toBe('refused');
    expect(missing.report.error).toMatch(/нет столбцов «Размер», «Штрихкод»/);
    const quote = await service.apply('stock', file(['Штрихкод;Остаток', '"abc;1']), 'q.csv', editor);
    expect(quote.status).toBe('refused');
    expect(quote.report.error).toMatch(/не читается как CSV/);
  });

  it('exports with a BOM and formula cells defused; the export applied back changes nothing', async () => {
    const { service } = setup();
    await insertProductGroup(database.db, {
      categorySlug: 'csv-dresses',
      art: 'CSV-F',
      name: { ru: '=HYPERLINK("http://evil.example";"жми")', en: 'x' },
      price: 1_234_50,
    });
    const exported = await service.exportCsv('products');
    expect(exported.startsWith(BOM)).toBe(true);
    expect(exported.split('\r\n')[0]).toBe(`${BOM}${PRODUCTS_HEADER};Возраст;Пол`);
    expect(exported).toContain(`;"'=HYPERLINK(""http://evil.example"";""жми"")";csv-dresses;1234,50;;`);
    const stock = await service.exportCsv('stock');
    expect(stock.split('\r\n')[0]).toBe(`${BOM}Штрихкод;Артикул;Цвет;Размер;Цена;Старая цена;Остаток`);

    const back = await service.apply('products', Buffer.from(exported, 'utf8'), 'export.csv', editor);
    expect(back.report.refused).toEqual([]);
    expect(back.report.changes).toEqual([]);
    const stockBack = await service.apply('stock', Buffer.from(stock, 'utf8'), 'stock.csv', editor);
    expect(stockBack.report.changes).toEqual([]);
  });

  it('reads age group and gender as their Russian names or Google codes, writes the Russian names, and a round trip changes nothing', async () => {
    const { service } = setup();
    const header = `${PRODUCTS_HEADER};Возраст;Пол`;
    const csv = file([
      header,
      'AUD-1;Синий;S;aud1s;Шорты;csv-dresses;990,00;;1;да;Дети (5–13 лет);Мужчины',
      'AUD-1;Синий;M;aud1m;Шорты;csv-dresses;990,00;;1;да;дети;мужчины',
      'AUD-2;Белый;M;aud2m;Блузка;csv-dresses;1990,00;;1;да;kids;female',
      'AUD-3;Серый;M;aud3m;Шарф;csv-dresses;590,00;;1;да;;',
      'AUD-4;Серый;M;aud4m;Шарф;csv-dresses;590,00;;1;да;Подростки;',
      'AUD-5;Серый;M;aud5m;Шарф;csv-dresses;590,00;;1;да;;мальчики',
      'AUD-1;Синий;L;aud1l;Шорты;csv-dresses;990,00;;1;да;Дети (5–13 лет);Унисекс',
    ]);
    const applied = await service.apply('products', csv, 'audience.csv', editor);
    expect(applied.report.refused.map((r) => [r.line, r.reason])).toEqual([
      [
        6,
        '«Возраст»: «Подростки» — напишите Новорождённые, Младенцы, Малыши, Дети или Взрослые или оставьте пустым (как у категории)',
      ],
      [7, '«Пол»: «мальчики» — напишите Мужчины, Женщины или Унисекс или оставьте пустым (как у категории)'],
      [8, '«Пол»: не как в строке 2 того же артикула и цвета'],
    ]);
    const audience = async () =>
      Object.fromEntries(
        (
          await database.db
            .select()
            .from(productGroups)
            .where(inArray(productGroups.art, ['AUD-1', 'AUD-2', 'AUD-3', 'AUD-4', 'AUD-5']))
        ).map((g) => [g.art, [g.ageGroup, g.gender]]),
      );
    expect(await audience()).toEqual({
      'AUD-1': ['kids', 'male'],
      'AUD-2': ['kids', 'female'],
      'AUD-3': [null, null],
    });

    const exported = await service.exportCsv('products');
    const lines = exported.split('\r\n');
    expect(lines.find((l) => l.startsWith('AUD-1;Синий;S;'))).toMatch(/;да;Дети \(5–13 лет\);Мужчины$/);
    expect(lines.find((l) => l.startsWith('AUD-2;'))).toMatch(/;да;Дети \(5–13 лет\);Женщины$/);
    expect(lines.find((l) => l.startsWith('AUD-3;'))).toMatch(/;да;;$/);
    const back = await service.apply('products', Buffer.from(exported, 'utf8'), 'export.csv', editor);
    expect(back.report.refused).toEqual([]);
    expect(back.report.changes).toEqual([]);

    // An emptied cell is «as the category»; a file without the columns leaves them as they are.
    const emptied = await service.apply(
      'products',
      file([header, 'AUD-1;Синий;S;aud1s;Шорты;csv-dresses;990,00;;1;да;Взрослые;']),
      'emptied.csv',
      editor,
    );
    expect(emptied.report.changes.map((c) => c.detail)).toEqual([
      'возраст «Дети (5–13 лет)» → «Взрослые»; пол «Мужчины» → как у категории',
    ]);
    await service.apply(
      'products',
      file([PRODUCTS_HEADER, 'AUD-2;Белый;M;aud2m;Блузка;csv-dresses;1990,00;;1;да']),
      'plain.csv',
      editor,
    );
    expect(await audience()).toEqual({
      'AUD-1': ['adult', null],
      'AUD-2': ['kids', 'female'],
      'AUD-3': [null, null],
    });
  });
});
