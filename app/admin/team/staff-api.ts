import type { z } from 'zod';
import type {
  staffInviteSchema,
  staffRemoveSchema,
  staffRoleChangeSchema,
} from '../../../core/accounts/staff.schemas.ts';
import { endpoint } from '../ui/api-client.ts';

export type StaffRole = 'admin' | 'manager' | 'editor';

/** A member of the team as GET /api/admin/staff gives it (server/routes/admin/staff.routes.ts). */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  enrolled: boolean;
  version: number;
}

/** An invitation not answered yet. */
export interface StaffInvite {
  id: number;
  email: string;
  role: StaffRole;
  expiresAt: string;
}

type ById = { id: string };

/** The team's endpoints (admins only), inputs typed from core/accounts/staff.schemas.ts. */
export const staffApi = {
  list: endpoint<{ staff: StaffMember[]; invites: StaffInvite[] }>('GET', () => '/api/admin/staff'),
  invite: endpoint<unknown, z.input<typeof staffInviteSchema>>('POST', () => '/api/admin/staff/invite'),
  changeRole: endpoint<unknown, z.input<typeof staffRoleChangeSchema>, ById>(
    'PATCH',
    (p) => `/api/admin/staff/${p.id}`,
  ),
  remove: endpoint<unknown, z.input<typeof staffRemoveSchema>, ById>(
    'POST',
    (p) => `/api/admin/staff/${p.id}/remove`,
  ),
};
