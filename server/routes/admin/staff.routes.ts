import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  staffInviteSchema,
  staffRemoveSchema,
  staffRoleChangeSchema,
} from '../../../core/accounts/staff.schemas.ts';
import { staffAction } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const staffId = z.object({ id: z.uuid({ error: 'is not a staff member id' }) });

/** Staff management, admins only (DECISIONS 30): invite, change a role, remove. */
export function staffRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services, publicUrl } = deps;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/staff',
    roles: roles.admin,
    async handler() {
      const [staff, invites] = await Promise.all([services.staff.listStaff(), services.staff.listInvites()]);
      return { result: true, staff, invites };
    },
  });

  const admin = { roles: roles.admin };

  staffAction(app, deps, {
    ...admin,
    method: 'POST',
    url: '/api/admin/staff/invite',
    body: staffInviteSchema,
    act: async (_p, input, actor) => {
      const { id } = await services.staff.invite(input, actor, publicUrl);
      return { id };
    },
  });

  staffAction(app, deps, {
    ...admin,
    method: 'PATCH',
    url: '/api/admin/staff/:id',
    params: staffId,
    body: staffRoleChangeSchema,
    act: async ({ id }, { role, version }, actor, locale) => {
      await services.staff.setRole(id, role, version, actor, locale);
      return {};
    },
  });

  staffAction(app, deps, {
    ...admin,
    method: 'POST',
    url: '/api/admin/staff/:id/remove',
    params: staffId,
    body: staffRemoveSchema,
    act: async ({ id }, { version }, actor, locale) => {
      await services.staff.setRole(id, 'customer', version, actor, locale);
      return {};
    },
  });
}
