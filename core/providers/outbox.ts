import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

/** Where sandbox providers put what a real one would send, for developers and tests to read. */
export type OutboxWriter = (
  channel: string,
  recipient: string,
  payload: Record<string, unknown>,
) => Promise<void>;

export function createDbOutbox(db: Db): OutboxWriter {
  return async (channel, recipient, payload) => {
    await db.insert(outbox).values({ channel, recipient, payload });
  };
}
