/** Builds the Fastify app: the API under /prod-api and the built client at '/'. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { issueToken, loadSecret, tokenVerifier, type AccountKind } from './auth.ts';
import { watchChanges } from './changes.ts';
import { tokenChecks } from './tokenChecks.ts';
import { initTicketQr } from './ticketQr.ts';
import { STAFF_ROLE_TEXTS, staffMay } from '../src/domain/staffRoles.ts';
import type { AppDeps } from './context.ts';
import { TransientDbError } from './db/db.ts';
import { storageFault } from './db/storageFault.ts';
import { WorkBusyError } from './workers/busy.ts';
import { BizError, MSG, langOf, sendError } from './http.ts';
import { invalidInput, type AuthMode } from './routes/kit.ts';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { settingsRoutes } from './routes/settings.ts';
import { poolRoutes } from './routes/pool.ts';
import { helperRoutes } from './routes/helpers.ts';
import { accountRoutes } from './routes/accounts.ts';
import { orderRoutes } from './routes/orders.ts';
import { payRoutes } from './routes/pay.ts';
import { lifecycleRoutes } from './routes/lifecycle.ts';
import { devRoutes } from './routes/dev.ts';
import { riskRoutes } from './routes/risk.ts';
import { releaseQueueRoutes } from './routes/releaseQueue.ts';
import { staffRoutes } from './routes/staff.ts';
import { catalogueFileRoutes } from './routes/catalogueFile.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { faceRoutes } from './routes/faces.ts';
import { teamRoutes } from './routes/teams.ts';
import { contactRoutes } from './routes/contacts.ts';
import { couponRoutes } from './routes/coupons.ts';
import { messageRoutes } from './routes/messages.ts';
import { ratingRoutes } from './routes/ratings.ts';
import { wechatJsapiRoutes } from './routes/wechatJsapi.ts';
import { wechatLoginRoutes } from './routes/wechatLogin.ts';
import { wechatOAuthSim } from './providers/wechatOAuthSim.ts';
import type { SimWechatOAuth } from './providers/wechatOAuth.ts';
import { BIND_REQUIRED_CODE, WX_LOGIN_TEXTS } from '../src/domain/wechatLogin.ts';
import { payCashierSim } from './providers/payCashierSim.ts';
import { firstScreenPages } from './firstScreen.ts';
import { logError, loggerOf } from './logger.ts';
import { LiveStock } from './liveStock.ts';
import { QueuePush } from './queuePush.ts';
import { placesNow, staleLines } from './services/releaseQueue.ts';
import { liveRoutes } from './routes/live.ts';
import { healthRoutes } from './routes/health.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { createMetrics, type Metrics, type Outcome } from './metrics/metrics.ts';
import { workPoolStats } from './workers/workPool.ts';
import { opsRoutes } from './routes/ops.ts';
import { inlineScriptHashes, securityHeaders } from './securityHeaders.ts';
import type { SimPayment } from './providers/payment.ts';

export type { AppDeps } from './context.ts';

/** How long a browser may keep a built file without asking again. */
function cacheControlOf(filePath: string): string {
  if (/[\\/]assets[\\/]/.test(filePath)) return 'public, max-age=31536000, immutable';
  // The page, the service worker and the manifest say which build the phone runs: asked again
  // each time (docs/architecture.md §10), or a new version would wait an hour to be seen.
  return /(\.html|[\\/]serviceWorker\.js|\.webmanifest)(\.br|\.gz)?$/.test(filePath) ? 'no-cache' : 'public, max-age=3600';
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // A plugin that never starts still fails the start, but a busy machine's slow one does not
  // (Fastify's 10 s default failed a start beside two CPU burners).
  const app = Fastify({
    logger: loggerOf(deps.config.logLevel, deps.config.logStream),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    pluginTimeout: 120_000,
  });
  const distDir = deps.config.distDir && existsSync(path.join(deps.config.distDir, 'index.html')) ? deps.config.distDir : null;
  const pageScripts = distDir ? inlineScriptHashes(readFileSync(path.join(distDir, 'index.html'), 'utf8')) : [];
  // The same security headers on every answer, worked out once (server/securityHeaders.ts).
  const headers = securityHeaders(pageScripts, deps.config.mode);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The operator's metrics (docs/operations.md §10): this app's own registry. Each answer by its
  // route's pattern, never its URL (no ids or phones in a label).
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.decorateRequest('outcome', 'ok');
  app.addHook('onResponse', (request, reply, done) => {
    const outcome = reply.statusCode >= 500 ? 'error' : request.outcome;
    metrics.request(request.routeOptions.url ?? null, request.method, reply.statusCode, outcome, reply.elapsedTime / 1000);
    done();
  });
  // While the server stops (server/shutdown.ts), an answer in flight closes its connection: kept
  // alive, the idle connection would hold the stop for Fastify's keep-alive timeout (72 s).
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const secret = await loadSecret(deps.db, deps.config.tokenSecret);
  app.decorate('tokenSecret', secret);
  app.decorate('signIn', (userId: number, kind: AccountKind) => issueToken(deps.db, secret, userId, kind, deps.clock(), deps.config.tokenTtlSeconds));
  // The caches' change notices (server/changes.ts), from before any route reads a cache.
  const changes = await watchChanges(deps.db, deps.clock);
  app.addHook('onClose', () => changes.close());
  const unwatch = metrics.watch({ pool: deps.db.pool, caches: () => changes.memos });
  app.addHook('onClose', async () => unwatch());
  // The worker pool's load (docs/operations.md §9): a queue that stays long means "busy" answers.
  metrics.gauge('museum_worker_queue_length', 'Tasks waiting for a worker thread', () => workPoolStats(deps.work).queued);
  metrics.gauge('museum_worker_running', 'Tasks running on worker threads', () => workPoolStats(deps.work).running);
  metrics.gauge(
    'museum_worker_utilisation',
    "Share of the worker threads' time spent on tasks since the start, 0 to 1",
    () => workPoolStats(deps.work).utilisation,
  );
  // The live stock streams (docs/architecture.md §11), ended before the server waits for its
  // requests to end: a stream never ends by itself.
  const live = new LiveStock(changes, { maxStreams: deps.config.liveStreams, log: logError });
  app.decorate('live', live);
  app.addHook('preClose', async () => live.close());
  metrics.gauge('museum_live_streams', 'Live stock streams open on this instance', () => live.streams);
  // The release queue's streams (docs/architecture.md §12), ended with them; a notice that the
  // line moved also marks this instance's copy of it stale.
  const queuePush = new QueuePush(changes, (date, places) => placesNow(deps, date, places), {
    maxStreams: deps.config.queueStreams,
    log: logError,
    moved: (date) => staleLines(deps, date),
  });
  app.decorate('queuePush', queuePush);
  app.addHook('preClose', async () => queuePush.close());
  metrics.gauge('museum_queue_streams', 'Release queue streams open on this instance', () => queuePush.streams);
  const verify = tokenVerifier(secret);
  const checks = tokenChecks(deps.db, changes);
  app.addHook('onClose', () => checks.close());
  initTicketQr(secret);
  app.decorateRequest('account', null);

  // HTML forms of the simulator pages.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Who may call a route is decided once, from the route table: its declared mode, or, where
  // none is declared, 'none' for the spec's anonymous `ingore` paths and a login otherwise.
  // Never from the request's URL text. The OpenAPI document shows it.
  // So is whether its answer may be stored: never, unless the route is anonymous and declares
  // itself a public read. A login's answers, and anonymous ones with an order (the shared
  // link), a token (the logins) or a challenge, are someone's: a shared computer's browser
  // cache or a proxy must not keep them. A route forgotten here loses caching, not privacy.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/prod-api/')) return;
    const auth: AuthMode = route.config?.auth ?? (route.url.includes('ingore') ? 'none' : 'any');
    route.config = { ...route.config, auth, noStore: auth !== 'none' || route.config?.publicRead !== true };
    if (auth !== 'none') {
      route.schema = {
        ...route.schema,
        security: [{ bearer: [] }],
        description: `${route.schema?.description ?? ''} Token: ${auth === 'any' ? 'visitor or team' : auth === 'individual' ? 'visitor' : auth}.`.trim(),
      };
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/prod-api/')) return;
    if (request.routeOptions.config?.noStore) reply.header('cache-control', 'no-store');
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    let unbound = false;
    if (token) {
      const found = verify(token, deps.clock());
      if (found) {
        // A logged-out token, or any token of a cancelled visitor account (kept in memory until a
        // change notice says otherwise: server/tokenChecks.ts).
        const state = await checks.state(found);
        if (state === 'ok') request.account = found;
        // A visitor account the chat app created, no phone bound yet: only what binding needs.
        else if (state === 'unbound') {
          request.account = found;
          unbound = true;
        }
      }
    }
    const mode = request.routeOptions.config?.auth;
    // No mode: no route matched, and the not-found handler answers 404.
    if (mode === undefined || mode === 'none') return;
    // Any refusal below is the visitor's to read; the route's handler does not run.
    request.outcome = 'refused';
    if (!request.account) return sendError(request, reply, new BizError(401, MSG.unauthorized));
    const kindFits = mode === 'any' ? request.account.kind !== 'staff' : request.account.kind === mode;
    if (!kindFits) return sendError(request, reply, new BizError(401, MSG.wrongKind));
    if (unbound && !request.routeOptions.config?.bindFree) return sendError(request, reply, new BizError(BIND_REQUIRED_CODE, WX_LOGIN_TEXTS.bindRequired));
    // A staff route says what it does; the account's role must allow it (read now: a role
    // changed by an admin applies to tokens already issued).
    const ability = request.routeOptions.config?.staffAbility;
    if (ability) {
      const role = await checks.staffRole(request.account.userId);
      if (!role || !staffMay(role, ability)) return sendError(request, reply, new BizError(403, STAFF_ROLE_TEXTS.refused));
    }
    request.outcome = 'ok';
  });

  // Routes declare zod schemas (fastify-type-provider-zod): checked here, published by swagger.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, request, reply) => {
    request.outcome = 'refused';
    if (error instanceof BizError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, invalidInput(error.validation[0] ? invalidField(error.validation[0]) : ''));
    }
    if (error instanceof TransientDbError) {
      // Its cause (a lock or statement limit, a lost connection) is the database's words, without a value.
      request.log.warn({ cause: error.message }, 'database busy');
      request.outcome = 'busy';
      return sendError(request, reply, new BizError(502, MSG.serverError));
    }
    if (error instanceof WorkBusyError) {
      // The worker pool's queue is full (docs/operations.md §9): the same "busy, try again".
      request.log.warn({ cause: error.message }, 'workers busy');
      return sendError(request, reply, new BizError(502, MSG.serverError));
    }
    const fault = storageFault(error);
    if (fault) {
      // The disk full or the data read-only (docs/operations.md §7): named, for the operator to
      // act on; the visitor is told to try again, as nothing of hers was written.
      request.log.error({ fault, cause: (error as Error).message }, `storage ${fault}`);
      request.outcome = 'error';
      return sendError(request, reply, new BizError(502, MSG.serverError));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large ...: a clear message, never a crash.
      return reply.code(200).send({ code: 500, msg: MSG.invalid[langOf(request)], data: null });
    }
    request.log.error(error);
    request.outcome = 'error';
    return reply.code(200).send({ code: 500, msg: MSG.serverError[langOf(request)], data: null });
  });

  const firstScreen = distDir ? firstScreenPages(distDir, deps) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/prod-api')) {
      request.outcome = 'refused';
      return reply.code(200).send({ code: 404, msg: MSG.notFound[langOf(request)], data: null });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send('Not found');
    if (firstScreen?.isFirstScreen(url)) {
      const page = await firstScreen.page();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', page.br] : /\bgzip\b/.test(accepts) ? ['gzip', page.gzip] : [null, page.html];
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').send(body);
    }
    if (distDir) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', distDir);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Museum tickets</title><h1>The client is not built</h1>' +
          '<p>dist/ is missing: run <code>npm run build</code> (or <code>npm start</code>). The API is up under <code>/prod-api</code>.</p>',
      );
  });

  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // One route that looks the file up when asked (a missing one goes on to the not-found
      // handler: the screens' page), not a route per built file: some 1,300 routes cost a fresh
      // start about 0.2 s before its first answer.
      wildcard: true,
      index: ['index.html'],
      // The build's .br and .gz twins (vite.config.ts), chosen by the request's accept-encoding.
      preCompressed: true,
      // Hashed assets never change under their name; the page is asked again each time; the
      // rest (the logo, the films' posters) is kept an hour, so that the logo the page's shell,
      // its icon and the app's top bar each show is fetched once, not once for each.
      setHeaders: (res, filePath) => {
        res.header('cache-control', cacheControlOf(filePath));
      },
    });
  }

  // The contract as OpenAPI (docs/architecture.md §4): every route with its method, path, the token it
  // needs and its request schemas (src/domain/contracts.ts); answers are src/domain/types.ts.
  await app.register(fastifySwagger, {
    transform: jsonSchemaTransform,
    openapi: {
      info: { title: 'Museum booking /prod-api', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  app.get('/prod-api/openapi.json', { schema: { hide: true }, config: { auth: 'none', publicRead: true } }, async () => app.swagger());

  await app.register(healthRoutes, { deps });
  // Without a token /metrics is off (server/routes/metrics.ts says why).
  await app.register(metricsRoutes, { metrics, token: deps.config.metricsToken ?? null });
  if (deps.ops) await app.register(opsRoutes, { ops: deps.ops });
  const opts = { prefix: '/prod-api', deps };
  await app.register(settingsRoutes, opts);
  await app.register(poolRoutes, opts);
  await app.register(liveRoutes, { ...opts, live });
  await app.register(helperRoutes, opts);
  await app.register(accountRoutes, opts);
  await app.register(orderRoutes, opts);
  await app.register(payRoutes, opts);
  await app.register(lifecycleRoutes, opts);
  await app.register(riskRoutes, opts);
  await app.register(releaseQueueRoutes, opts);
  await app.register(teamRoutes, opts);
  await app.register(contactRoutes, opts);
  await app.register(couponRoutes, opts);
  await app.register(messageRoutes, opts);
  await app.register(ratingRoutes, opts);
  await app.register(staffRoutes, opts);
  await app.register(catalogueFileRoutes, opts);
  await app.register(invoiceRoutes, opts);
  await app.register(faceRoutes, opts);
  await app.register(wechatJsapiRoutes, opts);
  await app.register(wechatLoginRoutes, opts);
  // Simulators and dev endpoints exist only when chosen (server/config.ts decides what production allows).
  const payment = deps.providers.payment;
  if (payment.name === 'sim') await app.register(payCashierSim, { ...opts, sim: payment as SimPayment });
  const wechatOAuth = deps.providers.wechatOAuth;
  if (wechatOAuth.name === 'sim') await app.register(wechatOAuthSim, { ...opts, sim: wechatOAuth as SimWechatOAuth });
  if (deps.config.mode === 'demo' && (deps.providers.sms.outbox || deps.devClock)) await app.register(devRoutes, opts);
  if (deps.config.mode === 'demo') {
    // The interactive API reference, for developers: open, and only in the demo.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'none', noStore: false };
      });
      await docs.register(fastifySwaggerUi, {
        routePrefix: '/prod-api/docs',
        // Swagger UI sets inline styles; its page gets its own CSP, scripts still only from here.
        staticCSP:
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'self'",
      });
    });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** How the request was answered beyond its HTTP status, for the metrics. */
    outcome: Outcome;
  }
  interface FastifyInstance {
    /** This app's metrics (server/metrics/metrics.ts): `app.metrics.gauge(...)` adds one. */
    metrics: Metrics;
    tokenSecret: Uint8Array;
    /** A login's token for the account as it is now (server/auth.ts issueToken). */
    signIn(userId: number, kind: AccountKind): Promise<string>;
    /** The live stock streams of this instance (docs/architecture.md §11). */
    live: LiveStock;
    /** The release queue's streams of this instance (docs/architecture.md §12). */
    queuePush: QueuePush;
  }
}

/** The field a refusal names. A union (placeOrder's three uses, login's two) is refused as a
 * whole: name the field of the use that came closest, the one with the fewest issues (a field
 * the use does not know, by its name). */
function invalidField(v: { keyword: string; instancePath: string; params: Record<string, unknown> }): string {
  const at = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const options =
    v.keyword === 'invalid_union' && Array.isArray(v.params.errors) ? (v.params.errors as Array<Array<{ path: PropertyKey[]; keys?: string[] }>>) : [];
  const closest = options.filter((issues) => issues.length > 0).sort((a, b) => a.length - b.length)[0];
  // A field the request does not know is named as such (strict bodies: placeOrder's).
  const issue = closest?.[0];
  const inner = issue ? [...issue.path.map(String), ...(issue.keys?.slice(0, 1) ?? [])].join('.') : undefined;
  if (inner) return [at, inner].filter(Boolean).join('.');
  // A union with one use that fails only for an unknown field answers with that issue alone.
  const unknown = v.keyword === 'unrecognized_keys' && Array.isArray(v.params.keys) ? String(v.params.keys[0]) : '';
  return [at, unknown].filter(Boolean).join('.');
}
