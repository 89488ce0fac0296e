/** A throwaway PostgreSQL on loopback, in a temp folder: for the `server-pg` test lane,
 * the rush benchmark, and trying `DATABASE_URL=... npm start` by hand.
 *
 *   npx tsx scripts/pg.ts            starts one, prints its DATABASE_URL, stops on Ctrl-C
 *
 * Uses Debian's binaries (/usr/lib/postgresql/<v>/bin, `apt-get install postgresql`),
 * PG_BIN=<dir> to point elsewhere, or initdb/pg_ctl on PATH. As root, the cluster runs as the
 * `postgres` user (initdb refuses root). Durability is off (fsync, synchronous_commit,
 * full_page_writes): the data lives only as long as the run. `durable: true` turns all three on,
 * as production runs: for the rush benchmark, whose yardstick is a commit that reaches the disk. */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PgServer {
  /** postgres://postgres@127.0.0.1:PORT/<database> (trust auth on loopback). */
  url(database?: string): string;
  port: number;
  dir: string;
  binDir: string;
  /** Stops the server (immediate) and removes its folder. Idempotent. */
  stop(): void;
  /** Stops the server but keeps its data, as a crash or restart would; `resume` starts it again. */
  halt(): void;
  resume(): void;
}

/** The folder holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function findPgBin(): string | null {
  const has = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (has(path.join(debian, v, 'bin'))) return path.join(debian, v, 'bin');
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0 && has(config.stdout.trim())) return config.stdout.trim();
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir && has(dir)) return dir;
  return null;
}

export const PG_MISSING =
  'PostgreSQL binaries not found (initdb, pg_ctl). Install them with `apt-get install postgresql` ' +
  '(Debian/Ubuntu; macOS: `brew install postgresql`) or set PG_BIN to their folder.';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Who runs the cluster: ourselves, or (as root) the `postgres` / `nobody` user. */
function clusterUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (r.status !== 0) continue;
    const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    return { name, uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
  }
  throw new Error('Running as root and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as.');
}

function runAs(user: { name: string } | null, bin: string, args: string[]): SpawnSyncReturns<string> {
  return user ? spawnSync('runuser', ['-u', user.name, '--', bin, ...args], { encoding: 'utf8' }) : spawnSync(bin, args, { encoding: 'utf8' });
}

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export async function startPostgres(options: { binDir?: string; maxConnections?: number; durable?: boolean } = {}): Promise<PgServer> {
  const binDir = options.binDir ?? findPgBin();
  if (!binDir) throw new Error(PG_MISSING);
  const user = clusterUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'museum-pg-'));
  const data = path.join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const port = await freePort();
  const initdb = path.join(binDir, 'initdb');
  const pgCtl = path.join(binDir, 'pg_ctl');
  const fail = (what: string, r: SpawnSyncReturns<string>) => {
    rmSync(dir, { recursive: true, force: true });
    return new Error(`${what} failed (${r.status ?? r.signal}): ${r.error?.message ?? ''}${r.stderr || r.stdout}`);
  };

  const init = runAs(user, initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  if (init.status !== 0) {
    // Older initdb without C.UTF-8: let it pick.
    const retry = runAs(user, initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    if (retry.status !== 0) throw fail('initdb', retry);
  }
  const settings = [
    `port=${port}`,
    "listen_addresses='127.0.0.1'",
    `unix_socket_directories='${dir}'`,
    ...(options.durable ? ['fsync=on', 'synchronous_commit=on', 'full_page_writes=on'] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
    `max_connections=${options.maxConnections ?? 300}`,
    "timezone='UTC'",
    'logging_collector=off',
    "deadlock_timeout='100ms'", // tests: a deadlock shows up (and is retried) fast
  ];
  writeFileSync(path.join(dir, 'postgresql.extra.conf'), settings.join('\n') + '\n');
  if (user) chownSync(path.join(dir, 'postgresql.extra.conf'), user.uid, user.gid);
  // include it from the main file (the data dir belongs to the cluster user, so append as that user)
  const append = runAs(user, 'sh', ['-c', `echo "include '${dir}/postgresql.extra.conf'" >> ${shQuote(path.join(data, 'postgresql.conf'))}`]);
  if (append.status !== 0) throw fail('configuring postgresql.conf', append);

  const start = runAs(user, pgCtl, ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  if (start.status !== 0) {
    let log = '';
    try {
      log = spawnSync('cat', [path.join(dir, 'server.log')], { encoding: 'utf8' }).stdout;
    } catch {
      /* no log */
    }
    throw fail('pg_ctl start', { ...start, stderr: `${start.stderr}\n${log}` });
  }

  // A watchdog: if this process dies without stopping the server (SIGKILL, crash), it does.
  const stopCmd = `${user ? `runuser -u ${user.name} -- ` : ''}${shQuote(pgCtl)} -D ${shQuote(data)} -m immediate stop >/dev/null 2>&1; rm -rf ${shQuote(dir)}`;
  const watchdog = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null && [ -d ${shQuote(data)} ]; do sleep 1; done; ${stopCmd}`], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    runAs(user, pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
    try {
      if (watchdog.pid) process.kill(watchdog.pid);
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);

  const ctl = (args: string[]) => {
    const r = runAs(user, pgCtl, ['-D', data, ...args]);
    if (r.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };

  return {
    halt: () => ctl(['-m', 'immediate', '-w', 'stop']),
    resume: () => ctl(['-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']),
    port,
    dir,
    binDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
  };
}

// CLI: start one and keep it until Ctrl-C.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startPostgres();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  await client.query('CREATE DATABASE museum');
  await client.end();
  console.log(`PostgreSQL ${server.binDir} on 127.0.0.1:${server.port}, data in ${server.dir}`);
  console.log(`DATABASE_URL=${server.url('museum')}`);
  console.log('Ctrl-C stops it and deletes the folder.');
  const quit = () => {
    server.stop();
    process.exit(0);
  };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  setInterval(() => undefined, 1 << 30);
}
