/** What the deployment's processes did during a benchmark on it (`bench:release -- --pg`): the
 * memory of nginx's workers and of PostgreSQL's processes, sampled every second (their peaks),
 * and what PostgreSQL's sessions were doing (pg_stat_activity every half second: the most
 * sessions at work at once and what they waited on), to tell where the time went; and at the end
 * the queue table's size and how its rows were rewritten, for the model to more visitors. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pct, type Target } from './kit.ts';
import { childrenOf, peakMb, peaks, pssMb, rssMb } from './memory.ts';

/** p99 of what nginx logged (kit.ts nginxConfig's `timing`), per route: the whole answer, the
 * connection to an instance and the instance's answer; seconds with ms resolution. */
function proxyTimes(nginxDir: string): string[] {
  const by = new Map<string, number[][]>();
  for (const line of readFileSync(path.join(nginxDir, 'access.log'), 'utf8').split('\n')) {
    const [uri, ...times] = line.split('|');
    if (!uri?.startsWith('/prod-api/')) continue;
    const route = uri.split('/').at(-1)!;
    if (!by.has(route)) by.set(route, [[], [], []]);
    times.forEach((t, i) => by.get(route)![i]?.push(Number(t.split(',')[0]) * 1000 || 0));
  }
  return [...by].map(([route, [whole, connect, upstream]]) => {
    const p = (xs: number[]) =>
      pct(
        xs.sort((a, b) => a - b),
        99,
      ).toFixed(0);
    return `nginx ${route}: ${whole.length} answers, p99 ${p(whole)} ms (connecting to an instance p99 ${p(connect)} ms, the instance's answer p99 ${p(upstream)} ms)`;
  });
}

export async function watchDeployment(target: Target, nginxPid: number, nginxDir: string): Promise<{ stop(): Promise<string[]> }> {
  const postmaster = target.postmaster?.();
  const memory = peaks(() => {
    const workers = childrenOf(nginxPid).map((c) => c.pid);
    const pg = postmaster ? childrenOf(postmaster) : [];
    // Client backends read "postgres: <user> <database> <address> <state>"; the others are the
    // postmaster's own (checkpointer, walwriter...).
    const backends = pg.filter((c) => /^postgres: \S+ bench_/.test(c.cmd)).map((c) => c.pid);
    const all = postmaster ? [postmaster, ...pg.map((c) => c.pid)] : [];
    const sum = (pids: number[], f: (pid: number) => number) => pids.reduce((n, pid) => n + f(pid), 0);
    return {
      nginxWorkers: sum(workers, rssMb),
      backends: backends.length,
      backendsRss: sum(backends, rssMb),
      postgresPss: sum(all, pssMb),
    };
  });

  const db = await target.open();
  const waits = new Map<string, number>();
  let samples = 0;
  let activePeak = 0;
  let busy = false;
  const activity = setInterval(() => {
    if (busy) return;
    busy = true;
    void db
      .query<{ what: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS what, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() GROUP BY 1`,
      )
      .then((rows) => {
        samples++;
        activePeak = Math.max(
          activePeak,
          rows.reduce((n, r) => n + r.n, 0),
        );
        for (const r of rows) waits.set(r.what, (waits.get(r.what) ?? 0) + r.n);
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, 500);

  return {
    async stop() {
      clearInterval(activity);
      const top = memory.stop();
      const workers = childrenOf(nginxPid).map((c) => Math.round(peakMb(c.pid)));
      // The queue's table after the rush: its size with its indexes, and how its rows were
      // rewritten (the keep-alives: a HOT update stays in its page, the others grow the table).
      const [table] = await db.query<{ bytes: number; rows: number; upd: number; hot: number; dead: number; database: number }>(
        `SELECT pg_total_relation_size('release_queue')::bigint AS bytes, n_live_tup AS rows, n_tup_upd AS upd, n_tup_hot_upd AS hot,
                n_dead_tup AS dead, pg_database_size(current_database()) AS database
           FROM pg_stat_user_tables WHERE relname = 'release_queue'`,
      );
      await db.close();
      // SIGUSR1: nginx reopens its log, writing out what it buffered.
      process.kill(nginxPid, 'SIGUSR1');
      await new Promise((r) => setTimeout(r, 500));
      const mean = (n: number) => (samples ? n / samples : 0).toFixed(2);
      const seen = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 5);
      return [
        `memory: nginx master ${Math.round(peakMb(nginxPid))} MB, workers peak ${workers.join(' / ')} MB (together at most ${Math.round(top.nginxWorkers)} MB at once)`,
        `memory: PostgreSQL ${top.backends} client backends at most, their RSS together at most ${Math.round(top.backendsRss)} MB (shared buffers counted in each); all its processes' PSS at most ${Math.round(top.postgresPss)} MB`,
        `PostgreSQL sessions at work: at most ${activePeak} at once; on average ${seen.map(([what, n]) => `${mean(n)} ${what}`).join(', ') || 'none'} (${samples} samples)`,
        `release_queue: ${Math.round(Number(table?.bytes ?? 0) / 1024)} KB with its indexes, ${table?.rows} rows, ${table?.upd} updates (${table?.hot} in place, HOT), ${table?.dead} dead rows; the whole database ${Math.round(Number(table?.database ?? 0) / 1048576)} MB`,
        ...proxyTimes(nginxDir),
      ];
    },
  };
}
