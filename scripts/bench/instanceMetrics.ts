/** Each instance's own view of a benchmark, from its /metrics (docs/operations.md §10), read once
 * at the end: its CPU, its event loop's delay, the time it took to answer the queue's and the
 * orders' routes (beside what the visitors saw: the difference waited outside the handler, in
 * the proxy, the kernel's queue or the event loop), its waits for a database connection and the
 * admissions job's rounds. Histograms give "p99 <= a bucket's bound". */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The bound of the first bucket holding `q` of a histogram's observations (over the samples
 * matching `where`, summed across their other labels), and their count. */
function quantile(samples: Sample[], name: string, where: (l: Record<string, string>) => boolean, q: number): { le: string; count: number } {
  const buckets = new Map<string, number>();
  for (const s of samples) if (s.name === `${name}_bucket` && where(s.labels)) buckets.set(s.labels.le, (buckets.get(s.labels.le) ?? 0) + s.value);
  const sorted = [...buckets].sort((a, b) => (a[0] === '+Inf' ? 1 : b[0] === '+Inf' ? -1 : Number(a[0]) - Number(b[0])));
  const count = sorted.at(-1)?.[1] ?? 0;
  const hit = sorted.find(([, n]) => n >= q * count);
  return { le: hit ? (hit[0] === '+Inf' ? '+Inf' : `${Number(hit[0]) * 1000} ms`) : '-', count };
}

const ROUTES: Array<[string, string]> = [
  ['enter', '/prod-api/queue/enter'],
  ['position', '/prod-api/queue/position'],
  ['placeOrder', '/prod-api/config/orderRule/placeOrder'],
];

/** One line per instance (its address as nginx names it). */
export async function instanceFigures(instances: string[], token: string): Promise<string[]> {
  return Promise.all(
    instances.map(async (address) => {
      const text = await fetch(`http://${address}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.text(),
        (e: unknown) => `# unreadable: ${String(e)}`,
      );
      const samples = parse(text);
      const one = (name: string) => samples.find((s) => s.name === name)?.value ?? NaN;
      const routes = ROUTES.map(([what, route]) => {
        const { le, count } = quantile(samples, 'museum_http_request_duration_seconds', (l) => l.route === route, 0.99);
        return `${what} ${count} p99 <= ${le}`;
      });
      const wait = quantile(samples, 'museum_db_pool_wait_seconds', () => true, 0.99);
      const rounds = quantile(samples, 'museum_job_round_duration_seconds', (l) => l.job === 'releaseQueue', 0.99);
      const admitted = samples.filter((s) => s.name === 'museum_job_rounds_total' && s.labels.job === 'releaseQueue');
      return (
        `instance ${address}: CPU ${one('process_cpu_seconds_total').toFixed(1)} s; event loop delay p99 ${(one('nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(0)} ms` +
        ` (max ${(one('nodejs_eventloop_lag_max_seconds') * 1000).toFixed(0)} ms); answered: ${routes.join(', ')}; waits for a connection ${wait.count}, p99 <= ${wait.le};` +
        ` admissions rounds ${admitted.map((s) => `${s.labels.outcome} ${s.value}`).join(' ')}, p99 <= ${rounds.le}`
      );
    }),
  );
}
