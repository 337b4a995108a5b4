import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.ts';

export function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.engine };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: database.engine });
    }
  });
}
