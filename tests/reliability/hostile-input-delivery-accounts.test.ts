import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/index.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { hostileSuite } from './support/hostile-describe.ts';
import { accountEndpoints, deliveryEndpoints } from './support/hostile-endpoints.ts';

hostileSuite('hostile input: delivery', deliveryEndpoints);
hostileSuite('hostile input: accounts', accountEndpoints);

describe('registration with an address whose password e-mail bounces', () => {
  const t = useTestApp('pglite');

  // Found by the hostile-input suite: an account whose password never arrived is removed again.
  it('answers a refusal and keeps no account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      payload: { email: 'anna@bounce.test' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });
});
