/** The load generator of `npm run bench:rush`, in its own process so that its CPU (JSON, HTTP
 * parsing, 200 sockets) is not counted against the server: reads a job file, POSTs request i
 * with its own bearer token over keep-alive HTTP/1.1, CONCURRENCY in flight, until all are sent
 * or LIMIT ms have passed (each request gives up after 30 s), and writes every answer to the
 * answers file in the order they came.
 *
 * A lean client, as wrk or autocannon are: every request's bytes are made before the clock
 * starts, and each of the CONCURRENCY connections writes one and reads its answer (status line,
 * content-length, body) before the next. Node's http.request cost about 300 µs of CPU per
 * request, which on a two-core machine left the server waiting for requests in a warm round.
 *
 *   node --import tsx scripts/bench/post.ts <job.json> <answers.json>
 *
 * job.json:     { url, concurrency, limitMs, requests: [{ token, body }] }
 * answers.json: { seconds, answers: [{ status, code, msg, orderId, ms, error? }] } */
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';

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
const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: a request written, its whole answer read, then the next. */
class Connection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: { status: number; body: string }) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(url: URL) {
    this.socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answer();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.waiting?.reject(error);
      this.waiting = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(request: Buffer): Promise<{ status: number; body: string }> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.socket.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
      this.waiting = {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.socket.write(request);
    });
  }

  /** The answer, once all its bytes are here (the server sends a content-length, never chunks). */
  private answer(): void {
    const headEnd = this.received.indexOf(HEAD_END);
    if (headEnd < 0 || !this.waiting) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const end = headEnd + HEAD_END.length + length;
    if (this.received.length < end) return;
    const body = this.received.toString('utf8', headEnd + HEAD_END.length, end);
    this.received = this.received.subarray(end);
    const waiting = this.waiting;
    this.waiting = null;
    waiting.resolve({ status: Number(head.slice(9, 12)), body });
  }

  close(): void {
    this.socket.destroy();
  }
}

function answerOf(status: number, text: string): Omit<PostAnswer, 'ms'> {
  try {
    const json = JSON.parse(text) as { code?: number; msg?: string; data?: { orderId?: number | null } | null };
    return { status, code: json.code, msg: json.msg, orderId: json.data?.orderId ?? undefined };
  } catch {
    return { status, error: `not JSON: ${text.slice(0, 200)}` };
  }
}

const [jobFile, answersFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as PostJob;
const url = new URL(job.url);
const requests = job.requests.map(({ token, body }) => {
  const bytes = Buffer.from(body);
  const head =
    `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: ${bytes.length}\r\n` +
    `authorization: Bearer ${token}\r\nlanguage: en_us\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes]);
});
const answers: PostAnswer[] = [];
let next = 0;
const started = performance.now();
const client = async () => {
  // One connection per request in flight, kept open between a client's requests as a browser does.
  let connection = new Connection(url);
  while (next < requests.length && performance.now() - started < job.limitMs) {
    const request = requests[next++];
    const t0 = performance.now();
    try {
      const { status, body } = await connection.send(request);
      answers.push({ ...answerOf(status, body), ms: performance.now() - t0 });
    } catch (error) {
      answers.push({ status: 0, error: String(error), ms: performance.now() - t0 });
      connection.close();
      connection = new Connection(url);
    }
  }
  connection.close();
};
await Promise.all(Array.from({ length: Math.min(job.concurrency, requests.length) }, client));
const seconds = (performance.now() - started) / 1000;
writeFileSync(answersFile, JSON.stringify({ seconds, answers }));
