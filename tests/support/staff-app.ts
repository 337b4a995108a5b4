import type { Response } from 'light-my-request';
import { afterAll, beforeAll } from 'vitest';
import type { StaffRole } from '../../core/db/schema/staff.ts';
import { insertSettings } from '../factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../factories/staff.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import type { Engine } from '../setup/test-database.ts';

export type StaffMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface StaffAppOptions {
  /** Stores the shop's settings documents first (most back office routes read them). */
  settings?: boolean;
  /** The shop's clock (createTestApp's default otherwise). */
  clock?: () => Date;
  /** Configuration variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Whatever else the suite needs on the database, after the staff are in. */
  seed?: (t: TestApp) => Promise<void>;
}

export type StaffApp<R extends StaffRole> = TestApp &
  Record<R, InsertedStaff> & {
    call(method: StaffMethod, url: string, body?: object, staff?: InsertedStaff | null): Promise<Response>;
  };

/**
 * The test app and its signed-in staff for a back office route suite, called inside its `describe`:
 * before the tests the app is built on `engine` (settings stored when asked), one staff member of each
 * role in `roles` is signed in (past the second factor) and `seed` runs; after them the app is closed.
 * The fields are read inside the tests (they are set in `beforeAll`): `t.app`, `t.database`,
 * `t.services`, the staff by role (`t.editor`, `t.manager`, `t.admin`), and `t.call`, a staff call
 * with an optional JSON body as the first role unless it names another (null: no staff at all).
 */
export function useStaffApp<R extends StaffRole>(
  engine: Engine,
  roles: readonly R[],
  options: StaffAppOptions = {},
) {
  const first = roles[0] as R;
  const shop = {} as StaffApp<R>;
  shop.call = (method, url, body, staff = shop[first]) =>
    shop.app.inject({ method, url, headers: staff?.headers ?? {}, ...(body ? { payload: body } : {}) });

  beforeAll(async () => {
    const t = await createTestApp(engine, options.clock, options.env);
    Object.assign(shop, { app: t.app, database: t.database, services: t.services, close: t.close });
    if (options.settings) await insertSettings(t.database.db);
    for (const role of roles) Object.assign(shop, { [role]: await insertStaff(t.database.db, { role }) });
    await options.seed?.(t);
  });
  afterAll(async () => {
    await shop.close();
  });
  return shop;
}
