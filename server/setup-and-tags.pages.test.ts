import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looks, photoTags, users } from '../core/db/schema/index.ts';
import type { Services } from '../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../tests/factories/catalogue.ts';
import { createTestDatabase, type Engine, engines, type TestDatabase } from '../tests/setup/test-database.ts';
import { type BuiltApp, ensureStorefrontBuild, startBuiltShop } from '../tests/support/built-shop.ts';

/**
 * The pages as the built app renders them: the first admin's setup page (a live link, and «Не
 * найдено» with 404 for a dead one), and tags' names per edition on the product and looks pages.
 */
beforeAll(ensureStorefrontBuild, 300_000);

const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe.each(engines)('setup page and tag names as rendered on %s', (engine: Engine) => {
  let database: TestDatabase;
  let services: Services;
  let app: BuiltApp;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertSettings(database.db);
    ({ app, services } = await startBuiltShop(database, () => new Date()));
    const category = await insertCategory(database.db, { slug: 'dresses' });
    await insertProductGroup(database.db, { id: 'silk-dress', categorySlug: category.slug });
    await database.db.insert(photoTags).values([
      {
        groupId: 'silk-dress',
        src: 'products/silk-dress-front',
        left: 10,
        top: 20,
        name: 'Пояс',
        nameEn: 'Belt',
      },
      { groupId: 'silk-dress', src: 'products/silk-dress-front', left: 40, top: 60, name: 'Шарф' },
    ]);
    await database.db.insert(looks).values({
      id: 'look-1',
      src: '/media/looks/one.jpg',
      tags: [
        { left: 5, top: 5, name: 'Платье', nameEn: 'Dress', productID: 'silk-dress', link: '', maxWidth: 0 },
      ],
    });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const open = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return { status: res.statusCode, text: visibleText(res.body) };
  };

  it('shows a tag’s English name in the English edition, and the Russian one where it has none', async () => {
    const en = await open('/en/products/silk-dress');
    expect(en.status).toBe(200);
    expect(en.text).toContain('Belt');
    expect(en.text).not.toContain('Пояс');
    expect(en.text).toContain('Шарф');
    const ru = await open('/products/silk-dress');
    expect(ru.text).toContain('Пояс');
    expect(ru.text).not.toContain('Belt');

    expect((await open('/en/looks')).text).toContain('Dress');
    expect((await open('/looks')).text).toContain('Платье');
  });

  it('draws the setup page for a live link, and «Не найдено» with 404 once it is dead', async () => {
    const link = await services.firstAdmin.issueLink();
    const live = await open(`/admin/setup?token=${link?.token}`);
    expect(live.status).toBe(200);
    expect(live.text).toContain('Первый администратор');
    expect(live.text).toContain('E-mail для входа');

    const wrong = await open('/admin/setup?token=no-such-token-at-all-no-such-token-at-all-00');
    expect(wrong.status).toBe(404);
    expect(wrong.text).toContain('Не найдено');

    await database.db.insert(users).values({ email: 'admin@shop.test', emailVerified: true, role: 'admin' });
    const after = await open(`/admin/setup?token=${link?.token}`);
    expect(after.status).toBe(404);
    expect(after.text).toContain('Не найдено');
    await database.db.delete(users).where(eq(users.email, 'admin@shop.test'));
  });
});
