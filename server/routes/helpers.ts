/** docs/product.md §7 "Helpers": certificate dictionary, verification codes, captcha. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { clientIp } from './kit.ts';
import { sendCode } from '../services/login.ts';
import { sliderCaptcha, testCaptcha } from '../providers/captcha.ts';
import type { CertificateOption, CertificateType } from '../../src/domain/types.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

const CERTIFICATES: Array<[CertificateType, string, string]> = [
  ['1', '身份证', 'ID card'],
  ['2', '护照/外国人永久居留身份证', 'Passport / foreign permanent residence ID'],
  ['3', '港澳居民来往内地通行证', 'Hong Kong/Macao permit'],
  ['4', '台湾居民来往大陆通行证', 'Taiwan permit'],
  ['5', '军官证', 'Military officer ID'],
];

export const helperRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/system/dict/data/type/certificate', { schema: { response: answer(answers.certificateOptions) } }, async (req) => {
    const lang = langOf(req);
    const data: CertificateOption[] = CERTIFICATES.map(([dictValue, zh, en]) => ({ dictValue, dictLabel: lang === 'en' ? en : zh }));
    return ok(req, data);
  });

  const phoneBody = z.object({ phone: text().max(20) });
  app.post('/ingore/sendMessage', { schema: { body: phoneBody, response: answer(z.null()) } }, async (req) => {
    const { phone } = req.body;
    await sendCode(deps, phone.trim(), clientIp(req));
    return ok(req, null);
  });

  const captcha = deps.config.captcha === 'test' ? testCaptcha : sliderCaptcha;
  app.get('/ingore/captchaImage', { schema: { response: answer(answers.captchaChallenge) } }, async (req) =>
    ok(req, await captcha.issue(deps.db, deps.clock(), clientIp(req))),
  );

  const checkBody = z.object({
    captchaId: text().min(1).max(64),
    x: z.coerce.number().finite(),
    // The drag: [x, ms since the press] per pointer move (src/domain/captcha.ts).
    trail: z
      .array(z.tuple([z.number().finite(), z.number().finite()]))
      .max(1000)
      .default([]),
  });
  app.post('/ingore/captchaCheck', { schema: { body: checkBody, response: answer(answers.captchaPassed) } }, async (req) => {
    const captchaToken = await captcha.verify(deps.db, req.body, deps.clock(), clientIp(req));
    return ok(req, { captchaToken });
  });
};
