/** Start-up: database, migrations, seed, jobs, listen. `npx tsx server/main.ts` */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { defaultConfig, type AppDeps } from './context.ts';
import { migrate, openPg, openPglite, type Db } from './db/db.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { startPayTimeoutJob } from './jobs/payTimeout.ts';
import { startScheduleJob } from './jobs/schedules.ts';
import { startCartExpiryJob } from './jobs/cartExpiry.ts';
import { startMissedVisitsJob } from './jobs/missedVisits.ts';
import { smsFromEnv } from './providers/sms.ts';
import { simPayment } from './providers/payment.ts';
import { DEMO_USER } from './seed/museum.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';

async function openDb(): Promise<{ db: Db; where: string }> {
  if (env.DATABASE_URL?.startsWith('postgres')) {
    return { db: await openPg(env.DATABASE_URL), where: 'PostgreSQL (DATABASE_URL)' };
  }
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, '.data', 'pglite'));
  mkdirSync(dataDir, { recursive: true });
  return { db: await openPglite({ dataDir }), where: `PGlite at ${dataDir}` };
}

async function main() {
  const { db, where } = await openDb();
  const clock = () => new Date();
  await migrate(db);
  const seeded = await seedIfEmpty(db, clock);
  const deps: AppDeps = {
    db,
    clock,
    providers: { sms: smsFromEnv(env), payment: simPayment() },
    config: {
      ...defaultConfig(),
      captcha: env.CAPTCHA === 'off' ? 'off' : 'slider',
      tokenSecret: env.TOKEN_SECRET || undefined,
      distDir: path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
      logger: env.LOG === '1',
    },
  };
  const app = await buildApp(deps);
  const stopPay = startPayTimeoutJob(db, clock, Number(env.PAY_TIMEOUT_INTERVAL_MS ?? 5000));
  const stopSchedules = startScheduleJob(db, clock);
  const stopCart = startCartExpiryJob(db, clock, Number(env.CART_EXPIRY_INTERVAL_MS ?? 5000));
  const stopMissed = startMissedVisitsJob(db, clock, Number(env.MISSED_VISITS_INTERVAL_MS ?? 600_000));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[server] ${signal}: shutting down`);
    stopSchedules();
    await app.close().catch(() => undefined);
    await stopPay();
    await stopCart();
    await stopMissed();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`[server] database: ${where}${seeded ? ' (demo museum seeded)' : ''}`);
  console.log(`[server] SMS provider: ${deps.providers.sms.name}; payment: simulator; captcha: ${deps.config.captcha}`);
  console.log(`[server] listening on http://${shown}:${port}/  (API under /prod-api)`);
  console.log(`[server] demo individual account: phone ${DEMO_USER.phone}; request a code, then read it in this log` +
    (deps.providers.sms.outbox ? ` or at http://${shown}:${port}/prod-api/dev/sms/outbox?phone=${DEMO_USER.phone}` : ''));
}

main().catch((error) => {
  console.error('[server] failed to start:', error);
  process.exit(1);
});
