/** The operator's metrics (docs/operations.md §10), in Prometheus's text format: one registry per
 * app (tests build many apps in one process), and the process's own (memory, event loop, GC),
 * which are the process's whatever the number of apps, in one registry made once. Every label
 * takes a bounded set of values: a route's pattern, never its URL; a refusal's kind, never its
 * words; a job's or a cache's name. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolWatch, PoolStats } from '../db/db.ts';
import type { JobWatch } from '../jobs/every.ts';

/** How a request was answered, beyond its HTTP status (refusals and "busy" travel as HTTP 200 in
 * the `{ code, msg }` envelope): `refused`, a refusal the visitor reads (a rule, a bad input, no
 * login); `busy`, the database's transient failure; `error`, an unexpected fault or an HTTP 5xx. */
export type Outcome = 'ok' | 'refused' | 'busy' | 'error';

/** What an order's answer counts as: placed, or refused for a reason (server/metrics/refusals.ts). */
export type OrderKind = 'individual' | 'group' | 'package' | 'cart' | 'groupCart' | 'waitingList';

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route's pattern (null: no route matched), method, HTTP status,
   * outcome and seconds. */
  request(route: string | null, method: string, status: number, outcome: Outcome, seconds: number): void;
  orderPlaced(kind: OrderKind): void;
  orderRefused(kind: OrderKind, reason: string): void;
  /** What the jobs' runner (server/jobs/every.ts) reports of each round. */
  readonly jobs: JobWatch;
  /** A gauge read at each scrape, for a number another part keeps (the worker pool's queue,
   * say): `metrics.gauge('museum_worker_queue_length', 'Tasks waiting for a worker', () => pool.queueSize)`. */
  gauge(name: string, help: string, collect: () => number): void;
  /** The scrape: the process's metrics, then the app's. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** Seconds; from the gate's scans and the cached calendar (milliseconds) to a slow sale under load. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5];
const ROUND_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 30, 120, 600];

/** The methods a label may name; anything else (a client's invention) counts as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

let processRegistry: Registry | null = null;

/** The process's default metrics, collected once a process however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the metrics read at each scrape: the database pool and the read caches' counts. */
export interface MetricSources {
  pool?: PoolWatch;
  caches?: () => Iterable<CacheCounts>;
}

export interface CacheCounts {
  readonly name: string;
  readonly hits: number;
  readonly misses: number;
  readonly off: number;
}

/** The app's metrics, with what buildApp connects them to: `watch` returns the function that
 * disconnects (at the app's close). */
export interface AppMetrics extends Metrics {
  watch(sources: MetricSources): () => void;
}

export function createMetrics(): AppMetrics {
  // The process's metrics start now (the event loop's delay is sampled from here on).
  const processRegistry = processMetrics();
  const registry = new Registry();
  const registers = [registry];
  const duration = new Histogram({
    name: 'museum_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and HTTP status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const answers = new Counter({
    name: 'museum_http_answers_total',
    help: 'Answers by route pattern, method and outcome (ok, refused, busy, error): refusals and busy answers are HTTP 200 envelopes',
    labelNames: ['route', 'method', 'outcome'] as const,
    registers,
  });
  const placed = new Counter({ name: 'museum_orders_placed_total', help: 'Orders placed, by kind', labelNames: ['kind'] as const, registers });
  const refused = new Counter({
    name: 'museum_orders_refused_total',
    help: "Orders refused, by kind and the refusal's reason (a rule's or a message's name, busy, error)",
    labelNames: ['kind', 'reason'] as const,
    registers,
  });
  const rounds = new Counter({
    name: 'museum_job_rounds_total',
    help: "Jobs' rounds, by job and outcome (ok, failed)",
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const perJob = (name: string, help: string) => new Histogram({ name, help, labelNames: ['job'] as const, buckets: ROUND_BUCKETS, registers });
  const roundTime = perJob('museum_job_round_duration_seconds', "Time a job's round ran");
  const startLag = perJob('museum_job_start_delay_seconds', "Time a due round waited for the job's previous round to end");
  /** Per job: when its waiting round became due (null: none waits), and its interval. */
  const jobs = new Map<string, { dueSince: number | null; intervalMs: number }>();
  new Gauge({
    name: 'museum_job_lag_seconds',
    help: 'Seconds since a round of the job became due without starting (0: none waits)',
    labelNames: ['job'] as const,
    registers,
    collect() {
      const now = performance.now();
      for (const [job, state] of jobs) this.set({ job }, state.dueSince === null ? 0 : (now - state.dueSince) / 1000);
    },
  });
  new Gauge({
    name: 'museum_job_interval_seconds',
    help: 'How often the job runs',
    labelNames: ['job'] as const,
    registers,
    collect() {
      for (const [job, state] of jobs) this.set({ job }, state.intervalMs / 1000);
    },
  });
  const poolWait = new Histogram({
    name: 'museum_db_pool_wait_seconds',
    help: 'Time a query or transaction waited for a database connection (PGlite: for its one session)',
    buckets: WAIT_BUCKETS,
    registers,
  });

  const jobWatch: JobWatch = {
    scheduled(job, intervalMs) {
      jobs.set(job, { dueSince: null, intervalMs });
    },
    due(job) {
      const state = jobs.get(job);
      if (state && state.dueSince === null) state.dueSince = performance.now();
    },
    start(job) {
      const state = jobs.get(job);
      const startedAt = performance.now();
      if (state?.dueSince != null) startLag.observe({ job }, (startedAt - state.dueSince) / 1000);
      if (state) state.dueSince = null;
      return (outcome) => {
        rounds.inc({ job, outcome });
        roundTime.observe({ job }, (performance.now() - startedAt) / 1000);
      };
    },
  };

  return {
    registry,
    contentType: registry.contentType,
    request(route, method, status, outcome, seconds) {
      const labels = { route: route ?? 'unmatched', method: METHODS.has(method) ? method : 'OTHER' };
      duration.observe({ ...labels, status: String(status) }, seconds);
      answers.inc({ ...labels, outcome });
    },
    orderPlaced(kind) {
      placed.inc({ kind });
    },
    orderRefused(kind, reason) {
      refused.inc({ kind, reason });
    },
    jobs: jobWatch,
    gauge(name, help, collect) {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(collect());
        },
      });
    },
    watch({ pool, caches }) {
      let stopWaits = () => {};
      if (pool) {
        stopWaits = pool.onWait((ms) => poolWait.observe(ms / 1000));
        const stat = (name: string, help: string, read: (s: PoolStats) => number) =>
          new Gauge({
            name,
            help,
            registers,
            collect() {
              this.set(read(pool.stats()));
            },
          });
        stat('museum_db_pool_max', 'Connections the pool may open (PGlite: 1, its one session)', (s) => s.max);
        stat('museum_db_pool_in_use', 'Connections lent to a query or a transaction now', (s) => s.total - s.idle);
        stat('museum_db_pool_idle', 'Open connections nobody uses now', (s) => s.idle);
        stat('museum_db_pool_waiting', 'Queries and transactions waiting for a connection now (PGlite: its queue)', (s) => s.waiting);
      }
      if (caches) {
        new Counter({
          name: 'museum_cache_lookups_total',
          help: 'Read cache lookups, by cache and result: hit, miss (loaded from the database), off (change notices lost: not cached)',
          labelNames: ['cache', 'result'] as const,
          registers,
          collect() {
            // The caches count in plain numbers (no cost on the hot path); the totals are set here.
            const totals = new Map<string, { hit: number; miss: number; off: number }>();
            for (const c of caches()) {
              const t = totals.get(c.name) ?? { hit: 0, miss: 0, off: 0 };
              t.hit += c.hits;
              t.miss += c.misses;
              t.off += c.off;
              totals.set(c.name, t);
            }
            this.reset();
            for (const [cache, t] of totals) for (const result of ['hit', 'miss', 'off'] as const) this.inc({ cache, result }, t[result]);
          },
        });
      }
      return stopWaits;
    },
    async text() {
      return (await processRegistry.metrics()) + (await registry.metrics());
    },
  };
}
