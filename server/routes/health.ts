/** Health for a proxy or an orchestrator (docs/operations.md §8), outside /prod-api: `/healthz`
 * says the process answers; `/readyz` that it may be sent visitors: its database answers (the
 * migrations ran before it listened). While it shuts down, Fastify answers 503 to both. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../context.ts';

/** A database that has not answered `SELECT 1` by then counts as unreachable. */
const READY_QUERY_MS = 2000;

export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const noStore = { 'cache-control': 'no-store' };
  // Not the API: left out of its OpenAPI document.
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async (_req, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', hidden, async (req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${READY_QUERY_MS} ms`)), READY_QUERY_MS);
    });
    try {
      await Promise.race([deps.db.query('SELECT 1'), late]);
      return reply.headers(noStore).send({ status: 'ready' });
    } catch (error) {
      req.log.warn({ cause: error instanceof Error ? error.message : String(error) }, 'not ready: database unreachable');
      return reply.code(503).headers(noStore).send({ status: 'unavailable', database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
};
