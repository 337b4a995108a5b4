import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crmAddSchema, newsletterSignupSchema } from '../../core/engagement/engagement.schemas.ts';
import type { Services } from '../../core/services.ts';

const localeOf = (request: FastifyRequest) =>
  (request.headers['accept-language'] ?? '').startsWith('en') ? 'en' : 'ru';

export function engagementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // catalogue.md §2: the callback and consultation popups.
  app.post('/api/crm/add', async (request) => {
    const input = crmAddSchema.parse(request.body);
    return services.engagement.submitCrmRequest(input, { ip: request.ip, locale: localeOf(request) });
  });

  // catalogue.md §7: the newsletter form; on `result: false` the page shows the message in an alert.
  app.get('/api/sendpulse/signup', async (request) => {
    const { email } = newsletterSignupSchema.parse(request.query);
    return services.engagement.subscribe(email, { ip: request.ip, locale: localeOf(request) });
  });
}
