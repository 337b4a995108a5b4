import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  staffInviteSchema,
  staffRemoveSchema,
  staffRoleChangeSchema,
} from '../../../core/accounts/staff.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
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

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/staff/invite',
    roles: roles.admin,
    async handler(request, _reply, actor) {
      const input = parseInput(staffInviteSchema, request.body, request);
      const { id } = await services.staff.invite(input, actor, publicUrl);
      return { result: true, id };
    },
  });

  staffRoute(app, deps, {
    method: 'PATCH',
    url: '/api/admin/staff/:id',
    roles: roles.admin,
    async handler(request, _reply, actor) {
      const { id } = parseInput(staffId, request.params, request);
      const { role, version } = parseInput(staffRoleChangeSchema, request.body, request);
      await services.staff.setRole(id, role, version, actor, requestLocale(request));
      return { result: true };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/staff/:id/remove',
    roles: roles.admin,
    async handler(request, _reply, actor) {
      const { id } = parseInput(staffId, request.params, request);
      const { version } = parseInput(staffRemoveSchema, request.body, request);
      await services.staff.setRole(id, 'customer', version, actor, requestLocale(request));
      return { result: true };
    },
  });
}
