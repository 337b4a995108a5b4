import { and, desc, eq } from 'drizzle-orm';
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

export interface OutboxEntry {
  id: number;
  channel: string;
  recipient: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** The latest messages the sandbox providers "sent", newest first (the development outbox page). */
export async function listOutbox(
  db: Db,
  filter: { channel?: string; recipient?: string; limit?: number },
): Promise<OutboxEntry[]> {
  const conditions = [
    filter.channel ? eq(outbox.channel, filter.channel) : undefined,
    filter.recipient ? eq(outbox.recipient, filter.recipient) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select()
    .from(outbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(outbox.id))
    .limit(filter.limit ?? 50);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
