import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CmlTestProduct, chunks, importXml, offersXml } from '../../tests/factories/commerceml.ts';
import { insertStaff } from '../../tests/factories/staff.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { type Actor, createAuditService } from '../audit/audit.service.ts';
import { cacheTags, createReadCache } from '../cache/read-cache.ts';
import {
  auditLog,
  categories,
  imports,
  jobs,
  productGroups,
  restockSubscriptions,
  variantProducts,
} from '../db/schema/index.ts';
import { createCommerceMlService } from './commerceml.service.ts';

const RETAIL = 'price-retail';
const WHOLESALE = 'price-wholesale';

function catalogue(prefix: string, articles: number, sizes = ['S', 'M', 'L']): CmlTestProduct[] {
  const products: CmlTestProduct[] = [];
  for (let a = 1; a <= articles; a += 1) {
    for (const colour of ['Песочный', 'Чёрный']) {
      for (const size of sizes) {
        products.push({
          id: `${prefix}-${a}-${colour === 'Чёрный' ? 'b' : 's'}-${size}`,
          art: `${prefix.toUpperCase()}-${a}`,
          name: `Платье «Лето» ${a}`,
          colour,
          size,
          barcode: `${prefix}${a}${colour === 'Чёрный' ? 1 : 2}${size}`,
          groupId: a % 2 ? `${prefix}-dresses` : `${prefix}-skirts`,
          description: 'Лён & хлопок',
        });
      }
    }
  }
  return products;
}

describe.each(engines)('CommerceML import on %s', (engine) => {
  let database: TestDatabase;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const staff = await insertStaff(database.db, { role: 'editor' });
    actor = { userId: staff.userId, email: staff.email, role: 'editor', ip: '127.0.0.1' };
  });
  afterAll(async () => {
    await database.destroy();
  });

  const setup = () => {
    const cache = createReadCache({ enabled: true });
    let drops = 0;
    const service = createCommerceMlService({
      db: database.db,
      audit: createAuditService({ db: database.db }),
      clock: () => new Date('2026-11-20T10:00:00Z'),
      cache,
      onCatalogueChange: () => {
        drops += 1;
      },
      // A few records at a time: every test crosses batch edges (a group's sizes split over batches).
      batchSize: 5,
    });
    return { service, cache, drops: () => drops };
  };
  const groupsOf = (prefix: string) => [
    {
      id: `${prefix}-women`,
      name: `Женщинам ${prefix}`,
      children: [
        { id: `${prefix}-dresses`, name: `Платья ${prefix}` },
        { id: `${prefix}-skirts`, name: `Юбки ${prefix}` },
      ],
    },
  ];

  for (const version of ['2.05', '2.10'] as const) {
    it(`${version}: import.xml then offers.xml, each twice: the second run changes nothing`, async () => {
      const { service, cache, drops } = setup();
      const prefix = `v${version.replace('.', '')}`;
      const products = catalogue(prefix, 3);
      const file = importXml({ version, groups: groupsOf(prefix), products });

      const first = await service.importFile(chunks(file, 97), { fileName: 'import.xml', actor: null });
      expect(first.status).toBe('applied');
      expect(first.report.created).toEqual({ categories: 3, groups: 6, variants: 18, photos: 0 });
      expect(first.report.refused).toEqual([]);
      const cats = await database.db
        .select()
        .from(categories)
        .where(inArray(categories.synchronizationSection, [`${prefix}-women`, `${prefix}-dresses`]));
      const women = cats.find((c) => c.synchronizationSection === `${prefix}-women`);
      const dresses = cats.find((c) => c.synchronizationSection === `${prefix}-dresses`);
      expect(women?.slug).toBe(`zhenshchinam-${prefix}`);
      expect(dresses?.parentSlug).toBe(women?.slug);

      const groups = await database.db
        .select()
        .from(productGroups)
        .where(eq(productGroups.art, `${prefix.toUpperCase()}-1`));
      expect(groups.map((g) => g.colorName.ru).sort()).toEqual(['Песочный', 'Чёрный']);
      const sand = groups.find((g) => g.colorName.ru === 'Песочный');
      expect(sand?.id).toBe(`${prefix}-1-pesochnyi`);
      expect(sand?.published).toBe(false);
      expect(sand?.description.ru).toBe('Лён & хлопок');
      const sandVariants = await database.db
        .select()
        .from(variantProducts)
        .where(eq(variantProducts.groupId, sand?.id ?? ''));
      expect(sandVariants.map((v) => v.size).sort()).toEqual(['L', 'M', 'S']);
      expect(sandVariants.find((v) => v.size === 'M')?.exchangeId).toBe(`${prefix}-1-s-M`);

      const again = await service.importFile(chunks(file, 4096), { fileName: 'import.xml', actor: null });
      expect(again.status).toBe('applied');
      expect(again.report.created).toEqual({ categories: 0, groups: 0, variants: 0, photos: 0 });
      expect(again.report.changed).toEqual({ categories: 0, groups: 0, variants: 0, stock: 0, prices: 0 });
      expect(again.report.hidden).toBe(0);

      // offers.xml: prices of the configured type, stock; an unknown price type reported.
      const offers = offersXml({
        version,
        priceTypes: [
          { id: RETAIL, name: 'Розничная' },
          { id: WHOLESALE, name: 'Оптовая' },
        ],
        offers: products.map((p, i) => ({
          id: p.id,
          prices: {
            [RETAIL]: '4 990,00',
            [WHOLESALE]: '3000.00',
            ...(i === 0 ? { 'price-mystery': '1.00' } : {}),
          },
          quantity: p.size === 'L' ? 0 : 4,
        })),
      });
      // Someone waits for the sand M: its return to stock is checked; nobody waits for the others.
      await database.db.insert(restockSubscriptions).values({
        email: `${prefix}@example.ru`,
        productId: `${prefix}-1-pesochnyi-m`,
        groupId: sand?.id ?? '',
      });
      const tagsBefore = cache.version();
      const priced = await service.importFile(chunks(offers, 500), { fileName: 'offers.xml', actor });
      expect(priced.status).toBe('applied');
      expect(priced.report.changed.prices).toBe(6);
      expect(priced.report.changed.stock).toBe(12);
      expect(priced.report.warnings).toEqual([
        { line: expect.any(Number), reason: 'неизвестный тип цен price-mystery' },
      ]);
      expect(cache.isFresh([cacheTags.group(sand?.id ?? '')], tagsBefore)).toBe(false);
      expect(drops()).toBeGreaterThan(0);
      const [pricedSand] = await database.db
        .select()
        .from(productGroups)
        .where(eq(productGroups.id, sand?.id ?? ''));
      expect(pricedSand?.price).toBe(4_990_00);
      expect(pricedSand?.published).toBe(true);
      const restocks = await database.db.select().from(jobs).where(eq(jobs.kind, 'restock-check'));
      expect(restocks.some((j) => j.payload.variantId === `${prefix}-1-pesochnyi-m`)).toBe(true);
      expect(restocks.some((j) => j.payload.variantId === `${prefix}-1-pesochnyi-s`)).toBe(false);

      const pricedAgain = await service.importFile(chunks(offers, 500), { fileName: 'offers.xml', actor });
      expect(pricedAgain.report.changed).toEqual({
        categories: 0,
        groups: 0,
        variants: 0,
        stock: 0,
        prices: 0,
      });

      const [recorded] = await database.db.select().from(imports).where(eq(imports.id, priced.importId));
      expect(recorded?.status).toBe('applied');
      expect(recorded?.kind).toBe('commerceml-offers');
      expect(recorded?.actorId).toBe(actor.userId);
      expect(recorded?.finishedAt).not.toBeNull();
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(priced.importId)));
      expect(audits.map((a) => a.action)).toContain('catalogue.import');
    });
  }

  it('a full catalogue without a product hides its group; only changes hide nothing', async () => {
    const { service } = setup();
    const products = catalogue('hide', 2);
    await service.importFile(chunks(importXml({ groups: groupsOf('hide'), products })), {
      fileName: 'import.xml',
      actor: null,
    });
    await service.importFile(
      chunks(
        offersXml({
          priceTypes: [{ id: RETAIL, name: 'Розничная' }],
          offers: products.map((p) => ({ id: p.id, prices: { [RETAIL]: '1000' }, quantity: 1 })),
        }),
      ),
      { fileName: 'offers.xml', actor: null },
    );
    const withoutSecond = products.filter((p) => p.art !== 'HIDE-2');
    const partial = await service.importFile(
      chunks(importXml({ groups: groupsOf('hide'), products: withoutSecond, onlyChanges: true })),
      { fileName: 'import.xml', actor: null },
    );
    expect(partial.report.hidden).toBe(0);
    const full = await service.importFile(
      chunks(importXml({ groups: groupsOf('hide'), products: withoutSecond })),
      {
        fileName: 'import.xml',
        actor: null,
      },
    );
    expect(full.report.hidden).toBe(2);
    const hidden = await database.db.select().from(productGroups).where(eq(productGroups.art, 'HIDE-2'));
    expect(hidden.map((g) => g.published)).toEqual([false, false]);
  });

  it("1C's HTML description is kept as formatted text: lists and bold stay, scripts and attributes go", async () => {
    const { service } = setup();
    const [product] = catalogue('html', 1, ['M']);
    const out = await service.importFile(
      chunks(
        importXml({
          groups: groupsOf('html'),
          products: [
            {
              ...(product as CmlTestProduct),
              description:
                '<p style="color:red">Лён &amp; хлопок<script>alert(1)</script></p><img src=x onerror="alert(2)"><ul><li onclick="x">Мягкий</li><li><b>Прочный</b></ul><iframe src="//evil"></iframe>',
            },
          ],
        }),
      ),
      { fileName: 'import.xml', actor: null },
    );
    expect(out.status).toBe('applied');
    const [g] = await database.db
      .select()
      .from(productGroups)
      .where(eq(productGroups.art, 'HTML-1'))
      .limit(1);
    expect(g?.description.ru).toBe(
      '<p>Лён &amp; хлопок</p><ul><li>Мягкий</li><li><strong>Прочный</strong></li></ul>',
    );
  });

  it('windows-1251 files are decoded', async () => {
    const { service } = setup();
    const file = importXml({
      groups: groupsOf('cp'),
      products: catalogue('cp', 1, ['M']),
      encoding: 'windows-1251',
    });
    expect(file.includes(Buffer.from('Платья', 'utf8'))).toBe(false);
    const out = await service.importFile(chunks(file, 33), { fileName: 'import.xml', actor: null });
    expect(out.status).toBe('applied');
    const [g] = await database.db.select().from(productGroups).where(eq(productGroups.art, 'CP-1')).limit(1);
    expect(g?.name.ru).toBe('Платье «Лето» 1');
    const [c] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.synchronizationSection, 'cp-dresses'));
    expect(c?.name.ru).toBe('Платья cp');
  });

  it('malformed XML is refused with its line and nothing is stored', async () => {
    const { service } = setup();
    const good = importXml({ groups: groupsOf('bad'), products: catalogue('bad', 2) }).toString('utf8');
    const broken = good.replace('<Артикул>BAD-2</Артикул>', '<Артикул>BAD-2</Артикулл>');
    const out = await service.importFile(chunks(Buffer.from(broken)), {
      fileName: 'import.xml',
      actor: null,
    });
    expect(out.status).toBe('refused');
    expect(out.report.error).toMatch(/ошибка XML.*строка \d+/);
    expect(out.report.errorLine).toBeGreaterThan(10);
    expect(
      await database.db.select().from(categories).where(eq(categories.synchronizationSection, 'bad-women')),
    ).toEqual([]);
    const [row] = await database.db.select().from(imports).where(eq(imports.id, out.importId));
    expect(row?.status).toBe('refused');
  });

  it('a configured price type missing from the file refuses the whole file', async () => {
    const { service } = setup();
    const products = catalogue('pt', 1, ['M']);
    await service.importFile(chunks(importXml({ groups: groupsOf('pt'), products })), {
      fileName: 'import.xml',
      actor: null,
    });
    const out = await service.importFile(
      chunks(
        offersXml({
          priceTypes: [{ id: WHOLESALE, name: 'Оптовая' }],
          offers: products.map((p) => ({ id: p.id, prices: { [WHOLESALE]: '10' }, quantity: 3 })),
        }),
      ),
      { fileName: 'offers.xml', actor: null },
    );
    expect(out.status).toBe('refused');
    expect(out.report.error).toBe('в файле нет типа цен «Розничная»; есть «Оптовая»');
    const variants = await database.db
      .select()
      .from(variantProducts)
      .where(
        inArray(
          variantProducts.exchangeId,
          products.map((p) => p.id),
        ),
      );
    expect(variants.map((v) => v.stock)).toEqual([0, 0]);
  });

  it('negative stock, duplicate barcodes and unknown offers are refused with their lines; the rest applies', async () => {
    const { service } = setup();
    const products = catalogue('dup', 1, ['S', 'M']);
    const twin = { ...products[1], id: 'dup-twin', size: 'XL' } as CmlTestProduct;
    const out = await service.importFile(
      chunks(importXml({ groups: groupsOf('dup'), products: [...products, twin] })),
      {
        fileName: 'import.xml',
        actor: null,
      },
    );
    expect(out.status).toBe('applied');
    expect(out.report.created.variants).toBe(4);
    expect(out.report.refused).toEqual([
      {
        line: expect.any(Number),
        id: 'dup-twin',
        reason: expect.stringMatching(/^штрихкод dup12M уже у товара в строке \d+$/),
      },
    ]);
    const offers = await service.importFile(
      chunks(
        offersXml({
          priceTypes: [{ id: RETAIL, name: 'Розничная' }],
          offers: [
            { id: products[0]?.id ?? '', prices: { [RETAIL]: '100' }, quantity: -2 },
            { id: products[1]?.id ?? '', prices: { [RETAIL]: '100' }, quantity: 7 },
            { id: 'nobody', prices: { [RETAIL]: '100' }, quantity: 1 },
          ],
        }),
      ),
      { fileName: 'offers.xml', actor: null },
    );
    expect(offers.status).toBe('applied');
    expect(offers.report.refused.map((r) => r.reason)).toEqual([
      'количество -2 меньше нуля',
      'нет товара с Ид nobody',
    ]);
    const [negative] = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.exchangeId, products[0]?.id ?? ''));
    const [positive] = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.exchangeId, products[1]?.id ?? ''));
    expect(negative?.stock).toBe(0);
    expect(positive?.stock).toBe(7);
  });

  it('a 1C product takes over the size made in the back office for its article and colour', async () => {
    const { service } = setup();
    const [category] = await database.db
      .insert(categories)
      .values({
        slug: 'staff-made',
        name: { ru: 'Сделано вручную', en: '' },
        synchronizationSection: 'own-group',
      })
      .returning();
    await database.db.insert(productGroups).values({
      id: 'own-1-sinii',
      art: 'OWN-1',
      name: { ru: 'Блуза', en: 'Blouse' },
      description: { ru: '', en: '' },
      composition: { ru: 'Шёлк', en: 'Silk' },
      care: { ru: '', en: '' },
      categorySlug: category?.slug ?? '',
      colorName: { ru: 'Синий', en: 'Blue' },
      colorHex: '#1f3a93',
      price: 7_000_00,
    });
    await database.db.insert(variantProducts).values({
      id: 'own-1-sinii-m',
      groupId: 'own-1-sinii',
      size: 'M',
      color: 'sinii',
      barcode: 'staff-barcode',
      stock: 2,
    });
    const out = await service.importFile(
      chunks(
        importXml({
          groups: [{ id: 'own-group', name: 'Сделано вручную' }],
          products: [
            {
              id: 'own-m',
              art: 'OWN-1',
              name: 'Блуза',
              colour: 'Синий',
              size: 'M',
              barcode: '4600000000017',
              groupId: 'own-group',
            },
          ],
          onlyChanges: true,
        }),
      ),
      { fileName: 'import.xml', actor: null },
    );
    expect(out.status).toBe('applied');
    expect(out.report.created.variants).toBe(0);
    expect(out.report.changed.variants).toBe(1);
    const [v] = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.id, 'own-1-sinii-m'));
    expect(v).toMatchObject({ exchangeId: 'own-m', barcode: '4600000000017', stock: 2 });
    const [g] = await database.db.select().from(productGroups).where(eq(productGroups.id, 'own-1-sinii'));
    expect(g?.composition.ru).toBe('Шёлк');
    expect(g?.name.en).toBe('Blouse');
  });
});
