import type { FastifyInstance } from 'fastify';
import { customPagesRoutes } from '../custompages.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { staffAuthRoutes } from './auth.routes.ts';
import { buyoutRoutes } from './buyout.routes.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { customersRoutes } from './customers.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { importsRoutes } from './imports.routes.ts';
import { inPlaceRoutes } from './in-place.routes.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { adminMarkingRoutes } from './marking.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { messageTextsRoutes } from './message-texts.routes.ts';
import { adminOrdersRoutes } from './orders.routes.ts';
import { adminOrdersListRoutes } from './orders-list.routes.ts';
import { pagesRoutes } from './pages.routes.ts';
import { promoRoutes } from './promo.routes.ts';
import { adminRefundsRoutes } from './refunds.routes.ts';
import { adminReturnsRoutes } from './returns.routes.ts';
import { searchSynonymsRoutes } from './search-synonyms.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { adminSetupRoutes } from './setup.routes.ts';
import { adminShippingDeskRoutes } from './shipping-desk.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import type { StaffRouteDeps } from './staff-route.ts';
import { textsRoutes } from './texts.routes.ts';
import { translationsRoutes } from './translations.routes.ts';

/** Every staff endpoint, each declared with its role (server/routes/admin/staff-route.ts). */
export function adminRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  staffAuthRoutes(app, deps);
  adminSetupRoutes(app, deps);
  staffRoutes(app, deps);
  auditRoutes(app, deps);
  adminOrdersListRoutes(app, deps);
  adminOrdersRoutes(app, deps);
  adminRefundsRoutes(app, deps);
  adminShippingDeskRoutes(app, deps);
  adminMarkingRoutes(app, deps);
  buyoutRoutes(app, deps);
  adminReturnsRoutes(app, deps);
  customersRoutes(app, deps);
  dashboardRoutes(app, deps);
  jobsRoutes(app, deps);
  importsRoutes(app, deps);
  messageTextsRoutes(app, deps);
  mediaRoutes(app, deps);
  // The storefront's in-place editing (its multipart uploads use the parser mediaRoutes registers).
  inPlaceRoutes(app, deps);
  catalogueRoutes(app, deps);
  promoRoutes(app, deps);
  settingsRoutes(app, deps);
  pagesRoutes(app, deps);
  customPagesRoutes(app, deps);
  textsRoutes(app, deps);
  translationsRoutes(app, deps);
  searchSynonymsRoutes(app, deps);
}
