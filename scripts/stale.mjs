/** Whether a build output is missing or older than its sources (files, or folders walked whole):
 * `npm start` rebuilds the client and the server by it, and the benchmarks the server. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the server's bundles (dist-server/) are built from. */
export const SERVER_SOURCES = ['server', 'src', 'scripts/build-server.mjs', 'scripts/staff-create.ts', 'scripts/catalogue.ts', 'scripts/backup.ts'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function isStale(output, sources, root = '.') {
  const built = join(root, output);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((source) => newest(join(root, source))));
}
