/** Start-up: configuration, database, migrations, seed, jobs, listen. Production runs it built,
 * `node dist-server/main.js` (`npm run build`); from the sources, `node --import tsx server/main.ts`. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { ConfigError, readConfig } from './config.ts';
import { migrate } from './db/db.ts';
import { FolderLockedError } from './db/folderLock.ts';
import { DataFolderError, openConfiguredDb } from './db/open.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { DEMO_SCHOOL, DEMO_STAFF, seedDemoAccounts } from './seed/accounts.ts';
import { startPayTimeoutJob } from './jobs/payTimeout.ts';
import { startScheduleJob } from './jobs/schedules.ts';
import { startCartExpiryJob } from './jobs/cartExpiry.ts';
import { startUploadSweepJob } from './jobs/uploadSweep.ts';
import { startMissedVisitsJob } from './jobs/missedVisits.ts';
import { startWaitingListJob } from './jobs/waitingList.ts';
import { smsProvider } from './providers/sms.ts';
import { simPayment } from './providers/payment.ts';
import { wechatPay } from './providers/wechatPay.ts';
import { startRefundJob } from './jobs/refunds.ts';
import { startCallOffJob } from './jobs/callOffs.ts';
import { startReleaseQueueJob } from './jobs/releaseQueue.ts';
import { faceProvider } from './providers/face.ts';
import { ocrProvider } from './providers/ocr.ts';
import { wechatJsapiProvider } from './providers/wechatJsapi.ts';
import { simWechatOAuth, wechatOAuth } from './providers/wechatOAuth.ts';
import { DEMO_USER } from './seed/museum.ts';
import { warmLazy } from './lazy.ts';
import { movableClock } from './devClock.ts';
import { gracefulShutdown } from './shutdown.ts';
import { startWorkPool } from './workers/workPool.ts';
import { publishOps } from './ops/opsFile.ts';
import { processLog } from './logger.ts';
import { getConfig } from './services/settings.ts';
import { freeBytes } from './db/storageFault.ts';

// The project: one level up from server/ and from dist-server/ alike.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  // How long each phase of the start took (ms), told once the server listens: a slow start
  // shows where its time went. The first is node's own start and the imports.
  const phases: string[] = [];
  let last = 0;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${Math.round(now - last)}`);
    last = now;
  };
  phase('imports');
  const config = readConfig(process.env, root);
  processLog.level = config.logLevel;
  const { db, where, unlock, snapshot } = await openConfiguredDb(config, root, { thread: true });
  phase('database');
  // The demo's clock may be moved forward by the end-to-end tests (DEV_CLOCK=1, never in production).
  const movable = config.devClock ? movableClock() : null;
  const clock = movable?.clock ?? (() => new Date());
  await migrate(db);
  phase('migrations');
  // The simulated payment's keys (made once, off the main thread) while the seed runs.
  const payment =
    config.payment.provider === 'wechatpay'
      ? Promise.resolve(wechatPay(config.payment.wechatpay, { clock }))
      : simPayment(db, { refundDelayMs: config.simRefundDelayMs });
  payment.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  const seeded = await seedIfEmpty(db, clock, config.mode);
  phase('seed');
  if (config.mode === 'demo') await seedDemoAccounts(db, clock);
  phase('accounts');
  // The CPU-bound steps' threads (docs/operations.md §9): started empty, a thread at its first task.
  const work = startWorkPool(config.work);
  const deps: AppDeps = {
    db,
    clock,
    work,
    ...(movable ? { devClock: movable } : {}),
    // PGlite: the operator's backup endpoint, its token published once listening (docs/operations.md §11).
    ...(snapshot ? { ops: { token: randomBytes(32).toString('base64url'), snapshot } } : {}),
    providers: {
      sms: smsProvider(config.sms),
      payment: await payment,
      face: await faceProvider(config.face, root, work),
      ocr: await ocrProvider(config.ocr, root, config.work.maxQueue),
      wechatJsapi: wechatJsapiProvider(config.wechat, db, clock),
      wechatOAuth: config.wechat.provider === 'wechat' ? wechatOAuth(config.wechat.wechat) : simWechatOAuth(db, clock),
    },
    config: {
      mode: config.mode,
      trustProxy: config.trustProxy,
      captcha: config.captcha,
      tokenSecret: config.tokenSecret,
      tokenTtlSeconds: 7 * 86400,
      distDir: config.distDir,
      smsPerIpPerHour: config.smsPerIpPerHour,
      logLevel: config.logLevel,
      publicUrl: config.publicUrl,
      allowedHosts: config.allowedHosts,
      metricsToken: config.metricsToken,
      liveStreams: config.liveStreams,
      queueStreams: config.queueStreams,
    },
  };
  phase('providers');
  const app = await buildApp(deps);
  phase('app');
  // PGlite's disk, to alert on before it fills (docs/operations.md §10); PostgreSQL's host has its own.
  if (!config.databaseUrl) app.metrics.gauge('museum_data_free_bytes', 'Bytes still free on the disk of the data folder', () => freeBytes(config.dataDir));
  const { intervals } = config;
  // A failed round is an error line of the log (JSON, as a request's), and every round is counted
  // in the metrics (docs/operations.md §10).
  const jobs = { log: (msg: string) => app.log.error(msg), watch: app.metrics.jobs };
  const stopPay = startPayTimeoutJob(db, clock, intervals.payTimeoutMs, deps.providers.payment, jobs);
  const stopRefunds = startRefundJob(deps, intervals.payTimeoutMs, jobs);
  // Called-off sessions' orders, each settled once (docs/operations.md §1 PAY_TIMEOUT_INTERVAL_MS).
  const stopCallOffs = startCallOffJob(deps, intervals.payTimeoutMs, jobs);
  // The release queue's admissions, one instance at a time (docs/architecture.md §12).
  const stopQueue = startReleaseQueueJob(deps, 1000, jobs);
  // The demo keeps its 14 days of sessions; production's sessions are the staff's applied templates.
  const stopSchedules = config.mode === 'demo' ? startScheduleJob(db, clock, undefined, jobs) : () => undefined;
  const stopCart = startCartExpiryJob(db, clock, intervals.cartExpiryMs, jobs);
  const stopUploads = startUploadSweepJob(db, clock, undefined, jobs);
  const stopWaitingList = startWaitingListJob(db, clock, deps.providers.sms, intervals.waitingListMs, jobs);
  // Until something marks tickets checked (gate check-in), an unchecked ticket says nothing
  // about a visit: marking missed visits then would blacklist visitors who came.
  const stopMissed = config.checkInSource === 'none' ? async () => undefined : startMissedVisitsJob(db, clock, intervals.missedVisitsMs, jobs);

  let unpublish: () => void = () => undefined;
  const shutdown = gracefulShutdown({
    app,
    jobs: [stopSchedules, stopPay, stopRefunds, stopCallOffs, stopQueue, stopCart, stopUploads, stopWaitingList, stopMissed],
    work,
    db,
    unlock: () => {
      unpublish();
      unlock();
    },
  });
  const exitAfter = (signal: string) => void shutdown(signal).then(() => process.exit(0));
  process.on('SIGINT', () => exitAfter('SIGINT'));
  process.on('SIGTERM', () => exitAfter('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  if (deps.ops) unpublish = publishOps(config.dataDir, { url: opsUrl(config.host, app.server.address()), token: deps.ops.token });
  // The heavy providers (the face detector's TensorFlow, Tesseract) load now, not before the first
  // answer, and only when the museum has turned their check on: off, they would hold each worker
  // thread's memory for nothing (turned on later, the first check waits for the load).
  const switches = await getConfig(db);
  if (switches.face_enable === '1') deps.providers.face.warm?.();
  setImmediate(warmLazy);
  if (switches.ocr_enable === '1') deps.providers.ocr.warm?.();
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // The port bound, not the one asked for: PORT=0 (a test's child server) takes any free one.
  const bound = app.server.address();
  const base = `http://${shown}:${typeof bound === 'object' && bound ? bound.port : config.port}`;
  console.log(`[server] mode: ${config.mode}; database: ${where}${seeded ? ' (demo museum seeded)' : ''}`);
  console.log(
    `[server] SMS: ${deps.providers.sms.name}; payment: ${deps.providers.payment.name}; captcha: ${config.captcha}; ` +
      `face check: ${deps.providers.face.name}${deps.providers.face.detects ? '' : ' (no face detector installed: format, size, shape and contrast only)'}; ` +
      `OCR: ${deps.providers.ocr.name}; WeChat login: ${deps.providers.wechatOAuth.name}; JS-SDK: ${deps.providers.wechatJsapi.name}; ` +
      `missed visits: ${config.checkInSource === 'none' ? 'off (no check-in source)' : 'on'}; ` +
      `worker threads: ${config.work.threads || 'none (on the main thread)'}, queue ${config.work.maxQueue}` +
      (config.simulators.length ? `; simulators: ${config.simulators.join(', ')}` : ''),
  );
  console.log(`[server] listening on ${base}/  (API under /prod-api); started in ${(last / 1000).toFixed(1)} s (ms: ${phases.join(', ')})`);
  const [{ halls }] = await db.query<{ halls: number }>('SELECT count(*)::int AS halls FROM halls');
  if (halls === 0) {
    // Production starts empty: visitors see "not open for booking yet" until the museum's catalogue is in.
    console.log(
      '[server] the catalogue is empty: create the first admin with `STAFF_PASSWORD=... npm run staff:create -- <name>`, ' +
        'then import the museum (halls, prices, films, templates, texts) with `npm run catalogue:import -- museum.json` (docs/operations.md §6)',
    );
  }
  if (config.mode === 'demo') {
    console.log(
      `[server] demo individual account: phone ${DEMO_USER.phone}; request a code, then read it in this log` +
        (deps.providers.sms.outbox ? ` or at ${base}/prod-api/dev/sms/outbox?phone=${DEMO_USER.phone}` : ''),
    );
    console.log(
      `[server] demo group: credit code ${DEMO_SCHOOL.creditCode} / ${DEMO_SCHOOL.password} at ${base}/team/login; ` +
        `staff console: ${DEMO_STAFF.username} / ${DEMO_STAFF.password} at ${base}/staff`,
    );
  }
}

/** Where the operator's commands on this machine reach the server: its listening port, on the
 * loopback when it listens on every address. */
function opsUrl(host: string, address: ReturnType<import('node:net').Server['address']>): string {
  const port = address && typeof address === 'object' ? address.port : 0;
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof FolderLockedError || error instanceof DataFolderError) {
    console.error(`[server] cannot start: ${error.message}`);
  } else {
    console.error('[server] failed to start:', error);
  }
  process.exit(1);
});
