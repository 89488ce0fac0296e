/** The pool's worker when the server runs from its sources (tsx, vitest): TypeScript is loaded
 * through tsx's loader, registered in this thread; the built server's worker is the bundle
 * dist-server/worker.js (scripts/build-server.mjs). */
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./tasks.ts');

export default runTask;
