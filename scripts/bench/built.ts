/** The server as production runs it: `node dist-server/main.js` (`npm run build`). Rebuilt only
 * when missing or older than its sources, as `npm start` does (scripts/start.mjs), so that a
 * benchmark after an edit of server/ measures the edit and not yesterday's build. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, SERVER_SOURCES } from '../stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function ensureBuiltServer(): void {
  if (!isStale('dist-server/main.js', SERVER_SOURCES, root)) return;
  console.log('[bench] building the server (dist-server/ is missing or older than the sources)...');
  // Its own node: build-server.mjs is the one build, and it is plain JavaScript outside tsc.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the server build failed (${build.status ?? build.signal})`);
}
