import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSettings } from '../../tests/factories/catalogue.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { loadConfig } from '../config/env.ts';
import { createSettingsService } from '../content/settings.service.ts';
import { crmRequests } from '../db/schema/index.ts';
import { createRateLimitService } from '../limits/rate-limit.service.ts';
import type { CrmLead, CrmProvider } from '../providers/crm/crm-provider.ts';
import { createProviders } from '../providers/index.ts';
import { createDbOutbox } from '../providers/outbox.ts';
import { CRM_MAX_ATTEMPTS } from './engagement.rules.ts';
import { createEngagementService } from './engagement.service.ts';

const MINUTE = 60_000;

describe.each(engines)('retrying CRM requests the CRM did not take, on %s', (engine) => {
  let database: TestDatabase;
  let now = new Date('2030-03-01T10:00:00Z');
  let crmState: 'up' | 'refusing' | 'unreachable' = 'up';
  const received: CrmLead[] = [];
  const crm: CrmProvider = {
    name: 'switchable',
    async submitLead(lead) {
      if (crmState === 'unreachable') throw new Error('connect ECONNREFUSED');
      if (crmState === 'refusing') return { ok: false, reason: 'CRM is in maintenance' };
      received.push(lead);
      return { ok: true, ref: `lead-${received.length}` };
    },
  };
  let service: ReturnType<typeof createEngagementService>;
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const rowOf = async (id: number) => {
    const [row] = await database.db.select().from(crmRequests).where(eq(crmRequests.id, id));
    if (!row) throw new Error(`no request ${id}`);
    return row;
  };
  let ip = 0;
  const submit = (name: string) =>
    service.submitCrmRequest(
      {
        form_subject: 'Обратный звонок',
        name,
        phone: '79001234567',
        question: '',
        fields: {},
        page: '/',
      },
      { ip: `10.1.0.${++ip}`, locale: 'ru' },
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertSettings(database.db);
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'), LOG_LEVEL: 'silent' });
    const providers = {
      ...createProviders(config, { outbox: createDbOutbox(database.db), db: database.db }),
      crm,
    };
    const clock = () => now;
    service = createEngagementService({
      db: database.db,
      providers,
      settings: createSettingsService({ db: database.db, clock }),
      limits: createRateLimitService({ db: database.db, clock }),
      clock,
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('delivers a refused request on a later retry, with the operator address from settings', async () => {
    crmState = 'refusing';
    const { id } = await submit('Анна');
    const refused = await rowOf(id);
    expect(refused).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'CRM is in maintenance' });
    expect(refused.nextAttemptAt?.getTime()).toBe(now.getTime() + MINUTE);

    crmState = 'up';
    advance(30_000);
    expect(await service.retryUndelivered()).toEqual({ tried: 0, delivered: 0 });
    advance(30_000);
    expect(await service.retryUndelivered()).toEqual({ tried: 1, delivered: 1 });
    expect(await rowOf(id)).toMatchObject({
      deliveredAt: now,
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
      crmRef: `lead-${received.length}`,
    });
    expect(received.at(-1)).toMatchObject({ name: 'Анна', adminEmail: 'shop@example.test' });
    expect(await service.retryUndelivered()).toEqual({ tried: 0, delivered: 0 });
  });

  it('doubles the wait after each failure, a network fault included, and gives up after the last attempt', async () => {
    crmState = 'unreachable';
    const { id } = await submit('Борис');
    expect((await rowOf(id)).lastError).toMatch(/ECONNREFUSED/);
    for (let attempt = 1; attempt < CRM_MAX_ATTEMPTS; attempt += 1) {
      const row = await rowOf(id);
      const wait = (row.nextAttemptAt?.getTime() ?? 0) - now.getTime();
      expect(wait).toBe(Math.min(MINUTE * 2 ** (attempt - 1), 6 * 60 * MINUTE));
      advance(wait);
      expect(await service.retryUndelivered()).toEqual({ tried: 1, delivered: 0 });
    }
    expect(await rowOf(id)).toMatchObject({
      attempts: CRM_MAX_ATTEMPTS,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    advance(24 * 60 * MINUTE);
    crmState = 'up';
    expect(await service.retryUndelivered()).toEqual({ tried: 0, delivered: 0 });
  });

  it('takes a bounded batch, oldest due first', async () => {
    crmState = 'refusing';
    const ids = [];
    for (const name of ['Вера', 'Галина', 'Дарья']) ids.push((await submit(name)).id);
    crmState = 'up';
    advance(MINUTE);
    expect(await service.retryUndelivered(2)).toEqual({ tried: 2, delivered: 2 });
    expect((await rowOf(ids[0] ?? 0)).deliveredAt).not.toBeNull();
    expect((await rowOf(ids[2] ?? 0)).deliveredAt).toBeNull();
    expect(await service.retryUndelivered(2)).toEqual({ tried: 1, delivered: 1 });
  });

  it('never sends one request twice when two retries run at once', async () => {
    crmState = 'refusing';
    const { id } = await submit('Елена');
    crmState = 'up';
    advance(MINUTE);
    const before = received.length;
    const [a, b] = await Promise.all([service.retryUndelivered(), service.retryUndelivered()]);
    expect(a.tried + b.tried).toBe(1);
    expect(received.length - before).toBe(1);
    expect((await rowOf(id)).deliveredAt).not.toBeNull();
  });

  it('takes over a request whose attempt never finished once its lease runs out', async () => {
    const [row] = await database.db
      .insert(crmRequests)
      .values({
        formSubject: 'Вопрос',
        question: 'Есть ли размер S?',
        nextAttemptAt: new Date(now.getTime() + 5 * MINUTE),
      })
      .returning();
    crmState = 'up';
    expect((await service.retryUndelivered()).tried).toBe(0);
    advance(5 * MINUTE);
    expect(await service.retryUndelivered()).toEqual({ tried: 1, delivered: 1 });
    expect((await rowOf(row?.id ?? 0)).attempts).toBe(1);
  });
});
