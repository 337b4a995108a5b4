import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { users } from '../db/schema/index.ts';
import { createOperatorsService } from './operators.service.ts';

describe.each(engines)('granting the operator role on %s (DECISIONS 18)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates an admin with a normalised e-mail and phone', async () => {
    const service = createOperatorsService({ db: database.db });
    const result = await service.grantOperator({
      email: ' Anna@Shop.Example ',
      phone: '+7 (900) 123-45-67',
      name: 'Анна',
    });
    expect(result.created).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.id, result.id));
    expect(row).toMatchObject({
      email: 'anna@shop.example',
      phone: '79001234567',
      role: 'admin',
      name: 'Анна',
    });
  });

  it('promotes an existing customer found by phone instead of creating another user', async () => {
    const [customer] = await database.db.insert(users).values({ phone: '79005550000' }).returning();
    const service = createOperatorsService({ db: database.db });
    const result = await service.grantOperator({ phone: '+79005550000' });
    expect(result).toEqual({ id: customer?.id, created: false });
    expect(await database.db.$count(users, eq(users.role, 'admin'))).toBe(2);
  });

  it('refuses input without a contact, a malformed e-mail, or contacts of two users', async () => {
    const service = createOperatorsService({ db: database.db });
    const before = await database.db.$count(users);
    await expect(service.grantOperator({})).rejects.toMatchObject({ kind: 'invalid_data', field: 'email' });
    await expect(service.grantOperator({ email: 'not-an-email' })).rejects.toMatchObject({
      kind: 'invalid_data',
    });
    await expect(
      service.grantOperator({ email: 'anna@shop.example', phone: '79005550000' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(await database.db.$count(users)).toBe(before);
  });
});
