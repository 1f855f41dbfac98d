import type { FastifyInstance } from 'fastify';
import { ping, type Db } from '../../db/client.ts';
import { errorBody } from '../../plugins/errors.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(deps.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send(errorBody('NOT_READY', 'the database is not reachable'));
    }
  });
}
