/** `GET /metrics` for Prometheus (docs/operations.md §10), outside /prod-api, never cached, left
 * out of the API's document. Only with METRICS_TOKEN, and only to `Authorization: Bearer <it>`:
 * without a token it answers 404, in the demo too (behind a tunnel or a local proxy, "from this
 * machine" is everyone). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string | null }> = async (app, { metrics, token }) => {
  // Compared as digests: equal lengths, and no timing that tells how much of a guess was right.
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain');
    // Not the H5's page either: a scrape that finds it off says so.
    if (!expected) return reply.code(404).send('metrics are off: set METRICS_TOKEN\n');
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send('a bearer token is needed\n');
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
};
