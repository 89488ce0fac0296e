/** The load generator of `npm run bench:reads`, in its own process so that its CPU is not the
 * server's: CONCURRENCY keep-alive connections each sending GET `url` one after another for
 * SECONDS, after a WARMUP of the same. Prints one JSON line: requests/s, p50, p99 (ms), errors.
 *
 *   node --import tsx scripts/bench/load.ts <url> <concurrency> <seconds> [warmupSeconds] [header:value ...] */
import http from 'node:http';

const [url, concurrencyArg, secondsArg, warmupArg = '1', ...headerArgs] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const seconds = Number(secondsArg);
const headers = Object.fromEntries(headerArgs.map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1)]));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(url);

function get(): Promise<{ ok: boolean; bytes: number }> {
  return new Promise((resolve) => {
    const req = http.get({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ok: res.statusCode === 200, bytes }));
      res.on('error', () => resolve({ ok: false, bytes }));
    });
    req.on('error', () => resolve({ ok: false, bytes: 0 }));
  });
}

async function run(ms: number) {
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() - started < ms) {
      const t0 = performance.now();
      const r = await get();
      times.push(performance.now() - t0);
      bytes = r.bytes;
      if (!r.ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { times, errors, bytes, seconds: (performance.now() - started) / 1000 };
}

await run(Number(warmupArg) * 1000);
const { times, errors, bytes, seconds: took } = await run(seconds * 1000);
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? NaN;
console.log(JSON.stringify({ requests: times.length, rps: times.length / took, p50: pct(50), p99: pct(99), errors, bytes }));
agent.destroy();
