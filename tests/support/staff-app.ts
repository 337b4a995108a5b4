import type { Response } from 'light-my-request';
import { beforeAll } from 'vitest';
import type { StaffRole } from '../../core/db/schema/staff.ts';
import { insertSettings } from '../factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../factories/staff.ts';
import type { TestApp } from '../setup/test-app.ts';
import type { Engine } from '../setup/test-database.ts';
import { useTestApp } from './use-test-app.ts';

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
  const shop = useTestApp(engine, options.clock, options.env) as StaffApp<R>;
  shop.call = (method, url, body, staff = shop[first]) =>
    shop.app.inject({ method, url, headers: staff?.headers ?? {}, ...(body ? { payload: body } : {}) });

  // After useTestApp's own beforeAll, which built the app.
  beforeAll(async () => {
    if (options.settings) await insertSettings(shop.database.db);
    for (const role of roles) Object.assign(shop, { [role]: await insertStaff(shop.database.db, { role }) });
    await options.seed?.(shop);
  });
  return shop;
}
