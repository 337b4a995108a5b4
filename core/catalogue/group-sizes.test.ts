import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { productGroups, variantProducts } from '../db/schema/index.ts';
import { reserveStock } from '../orders/place-order/reserve-stock.step.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { parseListingQuery } from './listing.rules.ts';

// A group's `sizes`, `sizes_on_sale` and `sellable` are kept by a trigger on variant_products
// (migration 0030): whatever writes a variant, the listing's filters follow.
describe.each(engines)('the sizes kept on each group on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertCategory(database.db, { slug: 'knitwear' });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const columns = async (id: string) => {
    const [row] = await database.db
      .select({
        sizes: productGroups.sizes,
        onSale: productGroups.sizesOnSale,
        sellable: productGroups.sellable,
      })
      .from(productGroups)
      .where(eq(productGroups.id, id));
    return row;
  };
  // Uncached, as a listing miss reads it.
  const ids = async (qs: string) => {
    const listing = await createCatalogueService({ db: database.db }).listGroups(
      { kind: 'category', slug: 'knitwear' },
      parseListingQuery(new URLSearchParams(qs)),
    );
    return listing.cards.map((c) => c.id);
  };

  it('are filled when the variants go in: non-empty sizes, those on sale, any variant on sale', async () => {
    const g = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [
      { size: 'S', stock: 0 },
      { size: 'M', stock: 2 },
      { size: 'L', stock: 0, preorder: true },
    ]);
    expect(await columns(g.id)).toEqual({ sizes: ['L', 'M', 'S'], onSale: ['L', 'M'], sellable: true });
    const oneSize = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [
      { size: '', stock: 1 },
    ]);
    expect(await columns(oneSize.id)).toEqual({ sizes: [], onSale: [], sellable: true });
    const soldOut = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [
      { size: '', stock: 0 },
    ]);
    expect(await columns(soldOut.id)).toEqual({ sizes: [], onSale: [], sellable: false });
    // Availability alone keeps a one-size group on sale, as before the columns.
    expect(await ids('avail=1')).toEqual(expect.arrayContaining([g.id, oneSize.id]));
    expect(await ids('avail=1')).not.toContain(soldOut.id);
    expect(await ids('size=S')).toContain(g.id);
    expect(await ids('size=S&avail=1')).not.toContain(g.id);
  });

  it('follow an order taking the last unit, and a return putting it back', async () => {
    const g = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [
      { size: 'XS', stock: 1 },
      { size: 'XL', stock: 3 },
    ]);
    expect(await ids('size=XS&avail=1')).toContain(g.id);
    await database.db.transaction(async (tx) => {
      await reserveStock(
        tx,
        [{ variantId: `${g.id}-XS`, groupId: g.id, name: 'Свитер', size: 'XS', count: 1, preorder: false }],
        new Set(),
      );
    });
    expect(await columns(g.id)).toEqual({ sizes: ['XL', 'XS'], onSale: ['XL'], sellable: true });
    expect(await ids('size=XS&avail=1')).not.toContain(g.id);
    expect(await ids('size=XS')).toContain(g.id);
    // A return (or a restock) brings the unit back.
    await database.db
      .update(variantProducts)
      .set({ stock: sql`${variantProducts.stock} + 1` })
      .where(eq(variantProducts.id, `${g.id}-XS`));
    expect(await columns(g.id)).toEqual({ sizes: ['XL', 'XS'], onSale: ['XL', 'XS'], sellable: true });
    expect(await ids('size=XS&avail=1')).toContain(g.id);
  });

  it('follow a bulk stock update, as the 1C import writes it, and a preorder switched on', async () => {
    const a = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [{ size: '52', stock: 4 }]);
    const b = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [{ size: '54', stock: 4 }]);
    await database.db
      .update(variantProducts)
      .set({ stock: 0 })
      .where(inArray(variantProducts.groupId, [a.id, b.id]));
    expect(await columns(a.id)).toEqual({ sizes: ['52'], onSale: [], sellable: false });
    expect(await columns(b.id)).toEqual({ sizes: ['54'], onSale: [], sellable: false });
    expect(await ids('avail=1')).not.toContain(a.id);
    await database.db
      .update(variantProducts)
      .set({ preorder: true })
      .where(eq(variantProducts.groupId, b.id));
    expect(await columns(b.id)).toEqual({ sizes: ['54'], onSale: ['54'], sellable: true });
  });

  it('follow a size renamed, a variant moved to another group, and a variant deleted', async () => {
    const g = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [
      { size: '44', stock: 1 },
      { size: '46', stock: 1 },
    ]);
    const other = await insertProductGroup(database.db, { categorySlug: 'knitwear' }, [
      { size: '48', stock: 0 },
    ]);
    await database.db
      .update(variantProducts)
      .set({ size: '42' })
      .where(eq(variantProducts.id, `${g.id}-44`));
    expect(await columns(g.id)).toEqual({ sizes: ['42', '46'], onSale: ['42', '46'], sellable: true });
    expect(await ids('size=44')).not.toContain(g.id);
    expect(await ids('size=42&avail=1')).toContain(g.id);

    await database.db
      .update(variantProducts)
      .set({ groupId: other.id })
      .where(eq(variantProducts.id, `${g.id}-46`));
    expect(await columns(g.id)).toEqual({ sizes: ['42'], onSale: ['42'], sellable: true });
    expect(await columns(other.id)).toEqual({ sizes: ['46', '48'], onSale: ['46'], sellable: true });

    await database.db.delete(variantProducts).where(eq(variantProducts.groupId, g.id));
    expect(await columns(g.id)).toEqual({ sizes: [], onSale: [], sellable: false });
    expect(await ids('avail=1')).not.toContain(g.id);
    // A group renamed (its variants follow by cascade) keeps its sizes.
    await database.db
      .update(productGroups)
      .set({ id: `${other.id}-renamed` })
      .where(eq(productGroups.id, other.id));
    expect(await columns(`${other.id}-renamed`)).toEqual({
      sizes: ['46', '48'],
      onSale: ['46'],
      sellable: true,
    });
  });

  it('offer the scope a size only while one of its published groups comes in it', async () => {
    await insertCategory(database.db, { slug: 'hats' });
    const hat = await insertProductGroup(database.db, { categorySlug: 'hats' }, [{ size: '57', stock: 0 }]);
    const options = async () =>
      (
        await createCatalogueService({ db: database.db }).listGroups(
          { kind: 'category', slug: 'hats' },
          parseListingQuery(new URLSearchParams('')),
        )
      ).sizeOptions;
    expect(await options()).toEqual(['57']);
    await database.db.delete(variantProducts).where(eq(variantProducts.groupId, hat.id));
    expect(await options()).toEqual([]);
  });
});
