/** The load generator of `npm run bench:rush`, in its own process so that its CPU (JSON, HTTP
 * parsing, 200 sockets) is not counted against the server: reads a job file, POSTs request i
 * with its own bearer token over keep-alive HTTP, CONCURRENCY in flight, until all are sent or
 * LIMIT ms have passed (each request gives up after 30 s), and writes every answer to the
 * answers file in the order they came.
 *
 *   node --import tsx scripts/bench/post.ts <job.json> <answers.json>
 *
 * job.json:     { url, concurrency, limitMs, requests: [{ token, body }] }
 * answers.json: { seconds, answers: [{ status, code, msg, orderId, ms, error? }] } */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

export interface PostJob {
  url: string;
  concurrency: number;
  limitMs: number;
  requests: Array<{ token: string; body: string }>;
}

export interface PostAnswer {
  /** HTTP status, 0 when no answer came. */
  status: number;
  code?: number;
  msg?: string;
  orderId?: number;
  ms: number;
  error?: string;
}

const TIMEOUT_MS = 30_000;

function post(agent: http.Agent, url: URL, token: string, body: string): Promise<Omit<PostAnswer, 'ms'>> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        method: 'POST',
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}`, language: 'en_us' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('error', (e) => resolve({ status: res.statusCode ?? 0, error: String(e) }));
        res.on('end', () => {
          try {
            const json = JSON.parse(text) as { code?: number; msg?: string; data?: { orderId?: number | null } | null };
            resolve({ status: res.statusCode ?? 0, code: json.code, msg: json.msg, orderId: json.data?.orderId ?? undefined });
          } catch {
            resolve({ status: res.statusCode ?? 0, error: `not JSON: ${text.slice(0, 200)}` });
          }
        });
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (e) => resolve({ status: 0, error: String(e) }));
    req.end(body);
  });
}

const [jobFile, answersFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as PostJob;
const url = new URL(job.url);
// One socket per request in flight, kept open between a client's requests as a browser does.
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
const answers: PostAnswer[] = [];
let next = 0;
const started = performance.now();
const client = async () => {
  while (next < job.requests.length && performance.now() - started < job.limitMs) {
    const { token, body } = job.requests[next++];
    const t0 = performance.now();
    const answer = await post(agent, url, token, body);
    answers.push({ ...answer, ms: performance.now() - t0 });
  }
};
await Promise.all(Array.from({ length: Math.min(job.concurrency, job.requests.length) }, client));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
writeFileSync(answersFile, JSON.stringify({ seconds, answers }));
