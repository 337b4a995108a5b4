import type { FastifyInstance } from 'fastify';
import { crmAddSchema, newsletterSignupSchema } from '../../core/engagement/engagement.schemas.ts';
import type { Services } from '../../core/services.ts';
import { parseInput, requestLocale } from '../request.ts';

export function engagementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // catalogue.md §2: the callback and consultation popups.
  app.post('/api/crm/add', async (request) => {
    const input = parseInput(crmAddSchema, request.body, request);
    return services.engagement.submitCrmRequest(input, { ip: request.ip, locale: requestLocale(request) });
  });

  // catalogue.md §7: the newsletter form; on `result: false` the page shows the message in an alert.
  app.get('/api/sendpulse/signup', async (request) => {
    const { email } = parseInput(newsletterSignupSchema, request.query, request);
    return services.engagement.subscribe(email, { ip: request.ip, locale: requestLocale(request) });
  });
}
