import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit.routes.ts';
import { staffAuthRoutes } from './auth.routes.ts';
import { customersRoutes } from './customers.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { adminOrdersRoutes } from './orders.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import type { StaffRouteDeps } from './staff-route.ts';

/** Every staff endpoint, each declared with its role (server/routes/admin/staff-route.ts). */
export function adminRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  staffAuthRoutes(app, deps);
  staffRoutes(app, deps);
  auditRoutes(app, deps);
  adminOrdersRoutes(app, deps);
  customersRoutes(app, deps);
  dashboardRoutes(app, deps);
  jobsRoutes(app, deps);
}
