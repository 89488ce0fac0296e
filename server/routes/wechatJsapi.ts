/** The chat app's JS-SDK: the signed `wx.config` for a page of ours, open (the
 * visitor may not be logged in yet), limited per client address. In the demo with the
 * simulator, its ticket is readable too, so a browser test can check a signature. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as answers from '../../src/domain/answers.ts';
import { wxJsConfigQuery } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { fail, ok } from '../http.ts';
import { ourOrigin } from '../origin.ts';
import { JS_CONFIGS_PER_MINUTE, JSSDK_TEXTS, jsConfig, perAddressLimit } from '../services/wechatJsConfig.ts';
import { answer, clientIp } from './kit.ts';

export const wechatJsapiRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const allowed = perAddressLimit(JS_CONFIGS_PER_MINUTE, 60_000);
  app.get(
    '/ingore/getWxJsConfig',
    {
      schema: {
        description: "The chat app's JS-SDK config (wx.config) for one of this site's pages.",
        querystring: wxJsConfigQuery,
        response: answer(answers.wxJsConfig),
      },
    },
    async (req) => {
      if (!allowed(clientIp(req), deps.clock().getTime())) throw fail(JSSDK_TEXTS.tooMany);
      return ok(req, await jsConfig(deps, req.query.url, ourOrigin(req, deps.config)));
    },
  );

  const jsapi = deps.providers.wechatJsapi;
  if (deps.config.mode === 'demo' && jsapi.name === 'sim') {
    app.get(
      '/dev/wx/jsapiTicket',
      { config: { auth: 'none' }, schema: { hide: true, response: answer(z.strictObject({ ticket: z.string() })) } },
      async (req) => ok(req, { ticket: await jsapi.ticket() }),
    );
  }
};
