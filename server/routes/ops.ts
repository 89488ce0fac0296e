/** The operator's backup of a running PGlite server (docs/operations.md §11): `POST /ops/backup`
 * with the operations token (server/ops/opsFile.ts) answers the database folder as a gzipped tar,
 * streamed. Outside /prod-api and its OpenAPI document; nothing a visitor or a staff login
 * reaches. One backup at a time: a second one while the first streams is refused (409). */
import { timingSafeEqual } from 'node:crypto';
import { Readable, finished } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import type { OpsDeps } from '../context.ts';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const opsRoutes: FastifyPluginAsync<{ ops: OpsDeps }> = async (app, { ops }) => {
  let streaming = false;
  app.post('/ops/backup', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!tokenMatches(req.headers.authorization, ops.token)) return reply.code(401).send({ error: 'the operations token is missing or wrong' });
    if (streaming) return reply.code(409).send({ error: 'a backup is being taken already: try again when it is done' });
    streaming = true;
    try {
      const started = performance.now();
      const tar = await ops.snapshot();
      // Compressed as it is sent (zlib works off the event loop), not while the database waits.
      const gzip = Readable.from([Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength)]).pipe(createGzip());
      finished(gzip, () => (streaming = false));
      return reply
        .header('content-type', 'application/gzip')
        .header('x-backup-bytes', String(tar.byteLength))
        .header('x-backup-snapshot-ms', String(Math.round(performance.now() - started)))
        .send(gzip);
    } catch (error) {
      streaming = false;
      throw error;
    }
  });
};
