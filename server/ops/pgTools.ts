/** PostgreSQL's own backup tools, as docs/operations.md §11 runs them: `pg_dump` in its custom
 * format (one consistent snapshot however many servers write meanwhile) and `pg_restore` into an
 * empty database, in one transaction, stopping at the first error. From PATH, or PG_BIN's folder;
 * their major version must be at least the server's. */
import { spawn } from 'node:child_process';
import path from 'node:path';

const tool = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

/** The flags, as the operator's manual lists them. Owners and grants are left out: the restored
 * objects belong to whoever restores them (the role of the new DATABASE_URL). */
export const PG_DUMP_FLAGS = ['--format=custom', '--no-owner', '--no-privileges'];
export const PG_RESTORE_FLAGS = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];

/** The connection's URL without its password, and the password for the tool's environment: a
 * command line is readable by every user of the machine (`ps`). */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: `--dbname=${url.href}`, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool(name), args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('error', (error) => reject(new Error(`${name}: ${error.message} (install PostgreSQL's client tools, or set PG_BIN to their folder)`)));
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${signal ?? `exit ${code}`})`))));
  });
}

export function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  return run('pg_dump', [...PG_DUMP_FLAGS, `--file=${file}`, dbname], env);
}

export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  return run('pg_restore', [...PG_RESTORE_FLAGS, dbname, file], env);
}
