import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { StaffRole } from '../db/schema/staff.ts';

/** Who did it: a staff member (from their staff session) and the address they came from. */
export interface Actor {
  userId: string;
  email: string;
  role: StaffRole;
  ip: string;
}

/**
 * A system with its own credentials that changes things on the shop (the 1C exchange): no staff
 * account, recorded by its name and the address it called from.
 */
export interface SystemActor {
  system: string;
  ip: string;
}

/** The 1C exchange as an actor, the label the catalogue import records too. */
export const oneCActor = (ip: string): SystemActor => ({ system: '1C', ip });

/** The staff member's user id, or null for a system. */
export function actorUserId(actor: Actor | SystemActor | null): string | null {
  return actor && 'userId' in actor ? actor.userId : null;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Anything that can run a query: the database or an open transaction. */
type Runner = Pick<Db, 'insert' | 'select'>;

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** The id of the last row of the previous page (rows come newest first). */
  before?: number;
  limit?: number;
}

/**
 * The staff change log (DECISIONS 31, docs/decisions/0011-back-office.md). `record` takes the
 * transaction that makes the change, so a change and its record commit together or not at all.
 */
export function createAuditService({ db }: { db: Db }) {
  async function record(runner: Runner, actor: Actor | SystemActor | null, entry: AuditEntry): Promise<void> {
    await runner.insert(auditLog).values({
      actorId: actorUserId(actor),
      actorLabel:
        actor === null ? 'shop' : 'system' in actor ? actor.system : `${actor.email} (${actor.role})`,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : (entry.before as object),
      after: entry.after === undefined ? null : (entry.after as object),
      ip: actor?.ip ?? '',
    });
  }

  async function list(filter: AuditFilter = {}) {
    const where: SQL[] = [];
    if (filter.entityType) where.push(eq(auditLog.entityType, filter.entityType));
    if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
    if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
    if (filter.action) where.push(eq(auditLog.action, filter.action));
    if (filter.from) where.push(gte(auditLog.at, filter.from));
    if (filter.to) where.push(lt(auditLog.at, filter.to));
    if (filter.before) where.push(lt(auditLog.id, filter.before));
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
    const rows = await db
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit), next: rows.length > limit ? (rows[limit - 1]?.id ?? null) : null };
  }

  return { record, list };
}

export type AuditService = ReturnType<typeof createAuditService>;
