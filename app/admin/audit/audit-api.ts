import { endpoint } from '../ui/api-client.ts';

/** One audit record (GET /api/admin/audit, server/routes/admin/audit.routes.ts). */
export interface AuditRow {
  id: number;
  at: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  ip: string;
}
export interface AuditPage {
  rows: AuditRow[];
  next: number | null;
}

/** The audit log's filters as the server reads them; `before` is the cursor of the next, older page. */
export interface AuditQuery {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  action?: string;
  from?: string;
  to?: string;
  before?: number;
}

/** The audit log, newest first, a page at a time. */
export const auditApi = {
  list: endpoint<AuditPage, AuditQuery>('GET', () => '/api/admin/audit'),
};
