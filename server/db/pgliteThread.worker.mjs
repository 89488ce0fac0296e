/** The database thread when the server runs from its sources (tsx, vitest): TypeScript through
 * tsx's loader, registered in this thread; the built server's is dist-server/pglite-thread.js. */
import { register } from 'tsx/esm/api';

register();
await import('./pgliteThread.worker.ts');
