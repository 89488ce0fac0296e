/** The server as production runs it: `node dist-server/main.js` (`npm run build`). Rebuilt only
 * when missing or older than its sources, as `npm start` does (scripts/start.mjs), so that a
 * benchmark after an edit of server/ measures the edit and not yesterday's build. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SOURCES = ['server', 'src', 'scripts/build-server.mjs'];

function newest(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

export function ensureBuiltServer(): void {
  const main = path.join(root, 'dist-server/main.js');
  const builtAt = existsSync(main) ? statSync(main).mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map((s) => newest(path.join(root, s))))) return;
  console.log('[bench] building the server (dist-server/ is missing or older than the sources)...');
  // Its own node: build-server.mjs is the one build, and it is plain JavaScript outside tsc.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the server build failed (${build.status ?? build.signal})`);
}
