/** SPEC §7 "Accounts", the chat app's part: the OAuth web login (getWechatCode, getWxOauthCode,
 * wxLogin), the scan login (a ticket for the screen that shows the QR code, the phone's answer),
 * binding a phone to an account the chat app created, and unbinding the chat app. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account, answer, clientIp } from './kit.ts';
import { phoneCodeBody, wechatCallbackQuery, wechatCodeQuery, wxLoginQuery, wxScanDecideBody } from '../../src/domain/contracts.ts';
import * as answers from '../../src/domain/answers.ts';
import { authorizeUrl, bindPhone, createScanTicket, decideScan, exchangeTicket, oauthCallback, unbindWechat } from '../services/wechatLogin.ts';

export const wechatLoginRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The chat app reaches us at PUBLIC_URL; the demo at the address the browser used.
  const origin = (req: FastifyRequest) => deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  const sign = (userId: number) => app.signIn(userId, 'individual');

  app.get('/ingore/getWechatCode', { schema: { querystring: wechatCodeQuery, response: answer(answers.wechatAuthorize) } }, async (req) => {
    const scope = req.query.oauthType === 'base' ? 'snsapi_base' : 'snsapi_userinfo';
    return ok(req, await authorizeUrl(deps, { scope, redirectPath: req.query.redirectUrl.trim(), lang: langOf(req), origin: origin(req), ip: clientIp(req) }));
  });

  // The chat app sends the browser here: an answer is a redirect, to the app or to the login
  // screen with the reason (errorMsg), never a page of JSON.
  app.get(
    '/getWxOauthCode',
    { config: { auth: 'none' }, schema: { querystring: wechatCallbackQuery, description: 'The chat app redirects the browser here with code and state; answers a redirect.' } },
    async (req, reply) => {
      const to = await oauthCallback(deps, { code: req.query.code?.trim() || undefined, state: req.query.state, origin: origin(req), lang: langOf(req), ip: clientIp(req) });
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  app.get('/ingore/wxLogin', { schema: { querystring: wxLoginQuery, response: answer(answers.wxLoginAnswer) } }, async (req) => {
    const outcome = await exchangeTicket(deps, req.query.ticket.trim());
    if (outcome.status !== 'loggedIn') return ok(req, { status: outcome.status, token: null, bindStatus: null });
    const [u] = await deps.db.query<{ bind_status: number }>('SELECT bind_status FROM users WHERE id = $1', [outcome.userId]);
    return ok(req, { status: 'loggedIn' as const, token: await sign(outcome.userId), bindStatus: u?.bind_status === 1 ? (1 as const) : (0 as const) });
  });

  app.post('/ingore/wxScanTicket', { schema: { response: answer(answers.wxScanTicket) } }, async (req) => ok(req, await createScanTicket(deps, clientIp(req))));

  const visitor = { auth: 'individual' as const };
  // The phone's answer comes from a logged-in visitor with a bound phone (the auth hook).
  app.post('/wxScanDecide', { config: visitor, schema: { body: wxScanDecideBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await decideScan(deps, account(req).userId, req.body.scanId.trim(), req.body.approve)),
  );

  app.post('/bindWxUserMobile', { config: { ...visitor, bindFree: true }, schema: { body: phoneCodeBody, response: answer(answers.loginAnswer) } }, async (req) => {
    const { userId } = await bindPhone(deps, account(req).userId, req.body, clientIp(req));
    return ok(req, { token: await sign(userId) });
  });

  app.post('/system/user/unBindUserWechat', { config: visitor, schema: { response: answer(z.null()) } }, async (req) => ok(req, await unbindWechat(deps, account(req).userId)));
};
