/** docs/product.md §7 "Settings and content". */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';

import { getConfig, getText, getTexts } from '../services/settings.ts';
import type { BaseSettings } from '../../src/domain/types.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer, answerText, sendText } from './kit.ts';
import { LONG_TTL_MS, SETTINGS_TABLES, changesOf } from '../changes.ts';
import { faqQuery, hallKeyQuery, noticeQuery, parameterQuery } from '../../src/domain/contracts.ts';
import { hallNames, hallSettingDetail, hallSettings, parameter } from '../services/hallSettings.ts';
import { notices, teamFaqs } from '../services/content.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Read once per language and kept until a staff change of the settings or texts drops it, or
  // the halls change (whether the museum is open for booking: a catalogue imported).
  const settings = changesOf(deps.db, deps.clock).memo<string>('appSettings', [...SETTINGS_TABLES, 'halls'], LONG_TTL_MS);
  const settingsText = answerText(answers.baseSettings);
  const baseSettings = (req: FastifyRequest) => {
    const lang = langOf(req);
    return settings.get(lang, async () => settingsText(req, await loadBaseSettings(lang)));
  };
  const loadBaseSettings = async (lang: 'zh' | 'en'): Promise<BaseSettings> => {
    const config = await getConfig(deps.db);
    const texts = await getTexts(deps.db, lang);
    // Configured texts among the config keys come in the request's language.
    if (texts.museumStopSaleContent !== undefined) config.museumStopSaleContent = texts.museumStopSaleContent;
    const [{ open }] = await deps.db.query<{ open: boolean }>('SELECT EXISTS (SELECT 1 FROM halls) AS open');
    return { systemName: texts.system_name ?? '', config, texts, open };
  };

  app.get(
    '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin',
    { config: { publicRead: true }, schema: { response: answer(answers.baseSettings) } },
    async (req, reply) => sendText(reply, await baseSettings(req)),
  );
  app.get('/basesetting/HallSetting/gainAllSystemConfigLogin', { schema: { response: answer(answers.baseSettings) } }, async (req, reply) =>
    sendText(reply, await baseSettings(req)),
  );

  const docQuery = z.object({ name: text().min(1).max(100) });
  // A configured document by name. The spec has it under three paths (detail, and getHallSetting
  // with and without login) with the same input; each serves the same document.
  const document = { config: { publicRead: true }, schema: { querystring: docQuery, response: answer(answers.officeDocument) } };
  const documentByName = async (req: { query: { name: string } } & Parameters<typeof langOf>[0]) => {
    const { name } = req.query;
    const content = await getText(deps.db, name, langOf(req));
    if (content === null) throw fail({ zh: '文档不存在', en: 'The document does not exist' }, 404);
    return ok(req, { name, content });
  };
  app.get('/basesetting/officeDocument/ingore/detail', document, documentByName);
  app.get('/basesetting/officeDocument/ingore/getHallSetting', document, documentByName);
  app.get('/basesetting/officeDocument/getHallSetting', document, documentByName);

  app.get(
    '/basesetting/HallSetting/ingore/getHallSetting',
    { config: { publicRead: true }, schema: { response: answer(z.array(answers.hallSetting)) } },
    async (req) => ok(req, await hallSettings(deps, langOf(req))),
  );
  app.get(
    '/system/user/ingore/getHallSettingDetail',
    { config: { publicRead: true }, schema: { querystring: hallKeyQuery, response: answer(answers.hallSetting) } },
    async (req) => ok(req, await hallSettingDetail(deps, req.query.hallKey, langOf(req))),
  );
  app.get('/basesetting/hallInfo/getAllHallIdAndName', { schema: { response: answer(answers.hallNames) } }, async (req) =>
    ok(req, await hallNames(deps, langOf(req))),
  );
  app.get('/basesetting/HallSetting/parameterName', { schema: { querystring: parameterQuery, response: answer(answers.parameter) } }, async (req) =>
    ok(req, await parameter(deps, req.query.parameterName)),
  );

  app.get(
    '/basesetting/HallSetting/ingore/TeamFAQs',
    { config: { publicRead: true }, schema: { querystring: faqQuery, response: answer(answers.faqs) } },
    async (req) => ok(req, await teamFaqs(deps, req.query, langOf(req))),
  );
  app.get(
    '/basesetting/HallSetting/ingore/getInformationManagement',
    { config: { publicRead: true }, schema: { querystring: noticeQuery, response: answer(answers.notices) } },
    async (req) => ok(req, await notices(deps, req.query, langOf(req))),
  );

  // Anyone's: a screen may read it before a login (docs/product.md §7.1); it is the same for all.
  app.post('/config/orderRule/getSysTime', { config: { auth: 'none' }, schema: { response: answer(answers.serverTime) } }, async (req) =>
    ok(req, { now: deps.clock().getTime() }),
  );
};
