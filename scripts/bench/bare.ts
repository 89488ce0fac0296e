/** The yardstick of `npm run bench:reads`: a bare Fastify (no hooks, no schemas, no database)
 * answering GET /bare/<name> with a fixed `{ code, msg, data }` envelope, the same JSON the real
 * endpoint answered, sent to it on stdin as {"<name>": <answer>, ...}. Prints
 * "listening on http://host:port/" like the server. */
import Fastify from 'fastify';

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const answers = JSON.parse(input) as Record<string, unknown>;
const app = Fastify({ logger: false });
app.get('/bare/:name', async (req, reply) => {
  const answer = answers[(req.params as { name: string }).name];
  return answer === undefined ? reply.code(404).send({ code: 404, msg: 'none', data: null }) : answer;
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening on ${address}/`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
