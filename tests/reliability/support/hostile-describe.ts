import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup, insertSettings } from '../../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../setup/test-app.ts';
import { defaultHints, type Hints } from './hostile.ts';
import { assertNoHarm, type Endpoint } from './hostile-suite.ts';

const RUNS = 1_000;

/**
 * Issue 8, DECISIONS 21: generated hostile input, derived from each route's zod schema (well-formed
 * values, boundaries, wrong types, nasty strings, unknown keys, broken bodies, hostile cookies and
 * headers), 1,000 cases per /api endpoint through app.inject: never a 500, never a polluted
 * prototype, and a refused request changes nothing in the orders, users and subscriptions.
 * On PGlite (the validation and the services are the same on both engines).
 */
export function hostileSuite(
  title: string,
  endpoints: Endpoint[],
  {
    bouncingEmail = true,
  }: { /** Send the sandbox's refused address `@bounce.test` too. */ bouncingEmail?: boolean } = {},
) {
  describe(title, () => {
    let t: TestApp;
    let hints: Hints;
    beforeAll(async () => {
      t = await createTestApp('pglite');
      await insertSettings(t.database.db);
      const { slug } = await insertCategory(t.database.db);
      const inStock = await insertProductGroup(t.database.db, { categorySlug: slug });
      const soldOut = await insertProductGroup(t.database.db, { categorySlug: slug }, [
        { size: 'M', stock: 0 },
      ]);
      const preorder = await insertProductGroup(t.database.db, { categorySlug: slug }, [
        { size: 'L', stock: 0, preorder: true },
      ]);
      const ids = [
        inStock.id,
        `${inStock.id}-S`,
        `${inStock.id}-M`,
        `${soldOut.id}-M`,
        `${preorder.id}-L`,
        soldOut.id,
      ];
      const known = fc.constantFrom(...ids);
      hints = {
        ...defaultHints,
        email: bouncingEmail
          ? fc.oneof(defaultHints.email as fc.Arbitrary<unknown>, fc.constant('anna@bounce.test'))
          : (defaultHints.email as fc.Arbitrary<unknown>),
        _id: known,
        productID: known,
        ids: fc.array(known, { maxLength: 4 }),
        orderID: fc.integer({ min: 1, max: 5 }),
        orderNumber: fc.integer({ min: 1, max: 5 }),
        products: fc.array(fc.record({ _id: known, count: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        cityID: fc.constantFrom(44, 137, 270),
        city_code: fc.constantFrom(44, 137, 270),
        code: fc.constantFrom(44, 137, 270),
      };
    });
    afterAll(async () => {
      await t.close();
    });

    for (const endpoint of endpoints) {
      it(`${endpoint.method} ${endpoint.path}: ${RUNS} hostile requests, never a 500, nothing stored on a refusal`, async () => {
        const statuses = await assertNoHarm(t, endpoint, RUNS, hints);
        expect([...statuses.keys()].every((s) => s < 500 || s === 503)).toBe(true);
      }, 120_000);
    }
  });
}
