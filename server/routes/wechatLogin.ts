/** docs/product.md §7 "Accounts", the chat app's part: the OAuth web login (getWechatCode, getWxOauthCode,
 * wxLogin), the scan login (a ticket for the screen that shows the QR code, the phone's answer),
 * binding a phone to an account the chat app created, and unbinding the chat app. */
import { createHash, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account, answer, clientIp } from './kit.ts';
import { ourOrigin } from '../origin.ts';
import { phoneCodeBody, wechatCallbackQuery, wechatCodeQuery, wxLoginQuery, wxScanAskingQuery, wxScanDecideBody } from '../../src/domain/contracts.ts';
import type { Lang } from '../../src/domain/text.ts';
import { LOGIN_TICKET_TTL_MS, OAUTH_STATE_TTL_MS } from '../../src/domain/wechatLogin.ts';
import * as answers from '../../src/domain/answers.ts';
import { authorizeUrl, bindPhone, createScanTicket, decideScan, exchangeTicket, oauthCallback, scanAsking, unbindWechat } from '../services/wechatLogin.ts';
import { deviceName } from '../deviceName.ts';

/** The browser's login nonce (docs/architecture.md "Tokens and sessions"): set when a chat-app
 * login starts, sent back by the same browser only (HttpOnly, SameSite=Lax: the chat app's
 * redirect to the callback is a top-level navigation, which Lax lets through; Secure over
 * https), so the callback and the ticket exchange know the browser that started the login. */
const BROWSER_COOKIE = 'wx_login_browser';
const NONCE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

/** The nonce this browser holds, if well-formed. */
const keptNonce = (req: FastifyRequest) => {
  const nonce = req.cookies[BROWSER_COOKIE];
  return nonce && NONCE.test(nonce) ? nonce : null;
};

/** This browser's nonce hash, or null when it has none. */
function browserOf(req: FastifyRequest): string | null {
  const nonce = keptNonce(req);
  return nonce && hashOf(nonce);
}

/** The nonce this browser keeps (a second tab's login keeps the first one's working), set again
 * so that it outlives the login it starts. */
function startBrowser(req: FastifyRequest, reply: FastifyReply): string {
  const nonce = keptNonce(req) ?? randomBytes(32).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, nonce, {
    path: '/prod-api',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: (OAUTH_STATE_TTL_MS + LOGIN_TICKET_TTL_MS) / 1000,
  });
  return hashOf(nonce);
}

/** A navigation carries no language header: the app's when given, else the browser's own. */
function navigationLang(req: FastifyRequest): Lang {
  if (req.headers.language) return langOf(req);
  return /^\s*en\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'zh';
}

export const wechatLoginRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyCookie);
  // The chat app reaches us at PUBLIC_URL; the demo at the address the browser used, if it is ours (server/origin.ts).
  const origin = (req: FastifyRequest) => ourOrigin(req, deps.config);
  const sign = (userId: number) => app.signIn(userId, 'individual');

  app.get('/ingore/getWechatCode', { schema: { querystring: wechatCodeQuery, response: answer(answers.wechatAuthorize) } }, async (req, reply) => {
    const scope = req.query.oauthType === 'base' ? 'snsapi_base' : 'snsapi_userinfo';
    const trip = { scope, redirectPath: req.query.redirectUrl.trim(), lang: langOf(req), origin: origin(req), ip: clientIp(req) } as const;
    return ok(req, await authorizeUrl(deps, { ...trip, browser: startBrowser(req, reply) }));
  });

  // The chat app sends the browser here: an answer is a redirect, to the app or to the login
  // screen with the reason (errorMsg), never a page of JSON.
  app.get(
    '/getWxOauthCode',
    {
      config: { auth: 'none' },
      schema: { querystring: wechatCallbackQuery, description: 'The chat app redirects the browser here with code and state; answers a redirect.' },
    },
    async (req, reply) => {
      const to = await oauthCallback(deps, {
        code: req.query.code?.trim() || undefined,
        state: req.query.state,
        origin: origin(req),
        lang: navigationLang(req),
        ip: clientIp(req),
        browser: browserOf(req),
      });
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  app.get('/ingore/wxLogin', { schema: { querystring: wxLoginQuery, response: answer(answers.wxLoginAnswer) } }, async (req) => {
    const outcome = await exchangeTicket(deps, req.query.ticket.trim(), browserOf(req));
    if (outcome.status !== 'loggedIn') return ok(req, { status: outcome.status, token: null, bindStatus: null });
    const [u] = await deps.db.query<{ bind_status: number }>('SELECT bind_status FROM users WHERE id = $1', [outcome.userId]);
    return ok(req, { status: 'loggedIn' as const, token: await sign(outcome.userId), bindStatus: u?.bind_status === 1 ? (1 as const) : (0 as const) });
  });

  app.post('/ingore/wxScanTicket', { schema: { response: answer(answers.wxScanTicket) } }, async (req) =>
    ok(req, await createScanTicket(deps, clientIp(req), deviceName(req.headers['user-agent']))),
  );

  const visitor = { auth: 'individual' as const };
  // The phone is told which device asks before it answers; both from a logged-in visitor with a
  // bound phone (the auth hook).
  app.get('/wxScanAsking', { config: visitor, schema: { querystring: wxScanAskingQuery, response: answer(answers.wxScanAsking) } }, async (req) =>
    ok(req, await scanAsking(deps, req.query.scanId.trim())),
  );
  app.post('/wxScanDecide', { config: visitor, schema: { body: wxScanDecideBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await decideScan(deps, account(req).userId, req.body.scanId.trim(), req.body.approve)),
  );

  app.post(
    '/bindWxUserMobile',
    { config: { ...visitor, bindFree: true }, schema: { body: phoneCodeBody, response: answer(answers.loginAnswer) } },
    async (req) => {
      const { userId } = await bindPhone(deps, account(req).userId, req.body, clientIp(req));
      return ok(req, { token: await sign(userId) });
    },
  );

  app.post('/system/user/unBindUserWechat', { config: visitor, schema: { response: answer(z.null()) } }, async (req) =>
    ok(req, await unbindWechat(deps, account(req).userId)),
  );
};
