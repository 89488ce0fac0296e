/** The release benchmark's visitors (scripts/bench-release.ts), in a process of their own: each
 * arrives at her time within the window, enters the day's queue and, as the page does, opens her
 * place's stream once she is near the front (GET /queue/live, followsStream, docs/architecture.md
 * §12) and reads her position every
 * QUEUE_STREAM_POLL_MS while it pushes (every pollMs without it, or for all with
 * RELEASE_STREAMS=0); a push of her turn makes her read at once; she orders once admitted. Prints
 * one JSON line: when each entered (ms from the start) and her place, the position reads' and the
 * admitted orders' times, the streams' counts, and the answers that were not what a visitor
 * should get. */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { followsStream, QUEUE_STREAM_POLL_MS } from '../../src/domain/releaseQueue.ts';

interface Plan {
  base: string;
  date: string;
  windowMs: number;
  pollMs: number;
  sockets?: number;
  tokens: string[];
  bodies: string[];
}

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Plan;
// At most `sockets` connections (256; 0: one per visitor in flight, as phones have).
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.sockets === 0 ? Infinity : (plan.sockets ?? 256) });
/** The streams hold a connection each, apart from the requests' sockets. */
const streamAgent = new http.Agent({ keepAlive: false });
const url = new URL(plan.base);
const STREAMS = process.env.RELEASE_STREAMS !== '0';
const streams = { opened: 0, refused: 0, pushes: 0, turns: 0 };

/** A place's stream as the page follows it: `pushed` while its pushes come, `turn` settles at a
 * push other than "waiting" (or when the stream ends: the page reads at once then too). */
interface Follow {
  pushed: boolean;
  /** Whether `turn` has settled: a stream that ended is not waited on again. */
  done: boolean;
  turn: Promise<void>;
  close(): void;
}

function follow(ticket: string): Follow {
  let resolve = () => undefined as void;
  const f: Follow = { pushed: false, done: false, turn: new Promise<void>((r) => (resolve = r)), close: () => req.destroy() };
  const settle = () => {
    f.done = true;
    resolve();
  };
  const query = new URLSearchParams({ date: plan.date, ticket, lang: 'en' });
  const req = http.get({ agent: streamAgent, host: url.hostname, port: url.port, path: `/prod-api/queue/live?${query}` }, (res) => {
    if (!res.headers['content-type']?.startsWith('text/event-stream')) {
      streams.refused++;
      res.resume();
      return settle();
    }
    streams.opened++;
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        streams.pushes++;
        f.pushed = true;
        if ((JSON.parse(data) as { state: string }).state !== 'waiting') {
          streams.turns++;
          settle();
        }
      }
    });
    res.on('close', () => {
      f.pushed = false;
      settle();
    });
  });
  req.on('error', () => {
    f.pushed = false;
    settle();
  });
  return f;
}

/** An answer's envelope as the visitors read it. */
interface Envelope {
  code?: number;
  msg?: string;
  data?: { state?: string; place?: number; ahead?: number; ticket?: string; orderId?: number | null } | null;
}

function post(path: string, token: string, body: string): Promise<{ status: number; json: Envelope; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/prod-api${path}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, language: 'en_us', 'content-length': Buffer.byteLength(body) },
        timeout: 60_000,
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (data += d));
        res.on('end', () => {
          let json: Envelope;
          try {
            json = JSON.parse(data) as Envelope;
          } catch {
            json = {};
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - t0 });
        });
      },
    );
    req.on('error', (e) => resolve({ status: 0, json: { msg: String(e) }, ms: performance.now() - t0 }));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const start = performance.now();
const reads: number[] = [];
const orders: number[] = [];
const entered: Array<{ at: number; place: number; i: number }> = [];
const odd: string[] = [];
let sold = 0;
let soldOut = 0;
let busy = 0;
let errors = 0;

const note = (what: string, answer: { status: number; json: Envelope }) => {
  if (answer.status !== 200) errors++;
  else if (answer.json.code === 502 || /busy|繁忙/.test(answer.json.msg ?? '')) busy++;
  else errors++;
  if (odd.length < 8) odd.push(`${what}: ${answer.status} ${answer.json.code} ${answer.json.msg}`);
};

async function visitor(i: number) {
  await sleep((i / plan.tokens.length) * plan.windowMs + Math.random() * 2);
  const token = plan.tokens[i];
  const at = performance.now() - start;
  let status = await post('/queue/enter', token, JSON.stringify({ date: plan.date, captchaToken: '' }));
  if (status.status !== 200 || status.json.code !== 200) return note('enter', status);
  entered.push({ at, place: status.json.data?.place ?? 0, i });
  const ticket = status.json.data?.ticket ?? '';
  // One stream while she waits near the front, as the page follows one (followsStream; the page
  // opens a new one after each read, one is kept here); farther back she polls.
  let streamed = false;
  const near = () => STREAMS && !streamed && status.json.data?.state === 'waiting' && followsStream(status.json.data?.ahead ?? 0);
  let stream = near() ? ((streamed = true), follow(ticket)) : null;
  try {
    while (status.json.data?.state === 'waiting') {
      // The first read comes at pollMs; while the stream pushes, the next ones every QUEUE_STREAM_POLL_MS.
      const f = stream;
      if (f) {
        await Promise.race([f.turn, sleep(plan.pollMs)]);
        if (!f.done && f.pushed) await Promise.race([f.turn, sleep(QUEUE_STREAM_POLL_MS - plan.pollMs)]);
      } else await sleep(plan.pollMs);
      status = await post('/queue/position', token, JSON.stringify({ ticket }));
      if (status.status !== 200 || status.json.code !== 200) return note('position', status);
      reads.push(status.ms);
      // The stream ended (refused, dropped) while she still waits: every pollMs from now on.
      if (stream?.done) {
        stream.close();
        stream = null;
      }
      if (near()) stream = ((streamed = true), follow(ticket));
    }
  } finally {
    stream?.close();
  }
  const state = status.json.data?.state;
  if (state !== 'admitted' && state !== 'off') return note(`state ${state}`, { status: 200, json: { code: 0, msg: state } });
  admittedSeen++;
  const placed = await post('/config/orderRule/placeOrder', token, plan.bodies[i]);
  orders.push(placed.ms);
  if (placed.status === 200 && placed.json.code === 200 && placed.json.data?.orderId) sold++;
  else if (placed.status === 200 && /sold out|only \d+ left|售罄|余票不足/i.test(placed.json.msg ?? '')) soldOut++;
  else note('placeOrder', placed);
}

// Progress on stderr every 10 s: a slow run shows where it stands.
let admittedSeen = 0;
const progress = setInterval(() => {
  console.error(
    `[load] ${((performance.now() - start) / 1000).toFixed(0)} s: entered ${entered.length}, admitted ${admittedSeen}, sold ${sold}, sold out ${soldOut}, reads ${reads.length}, streams ${streams.opened} (refused ${streams.refused}, pushes ${streams.pushes}, turns pushed ${streams.turns}), errors ${errors}`,
  );
}, 10_000);
await Promise.all(plan.tokens.map((_, i) => visitor(i)));
clearInterval(progress);
console.log(
  JSON.stringify({
    entered,
    reads,
    orders,
    sold,
    soldOut,
    busy,
    errors,
    odd,
    streams,
    seconds: (performance.now() - start) / 1000,
    rss: process.memoryUsage().rss,
  }),
);
agent.destroy();
streamAgent.destroy();
