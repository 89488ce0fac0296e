/** docs/product.md §7 "Pool, calendar and seats". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId, text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';

import { calendar, candidateCalendar, hallPools, hallRules, loadHalls } from '../services/pool.ts';
import { getConfig } from '../services/settings.ts';
import { blockedSeats, cinemaSessions, seatMap, sessionPrices } from '../services/cinema.ts';
import { listPackages } from '../services/packages.ts';
import { posterBytes } from '../services/films.ts';
import { isDate } from '../time.ts';
import { freeChildPerAdult } from '../../src/domain/orderRules.ts';
import type { HallPersonSetting } from '../../src/domain/types.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer, answerText, sendText } from './kit.ts';
import { POOL_TABLES, READ_TTL_MS, changesOf } from '../changes.ts';
import type { FastifyRequest } from 'fastify';

export const poolRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The first screens' reads, the same for every visitor: kept READ_TTL_MS, dropped at once by a
  // change of stock, sessions, days, halls, prices, settings or waiting lists (server/changes.ts).
  const changes = changesOf(deps.db, deps.clock);
  // Kept as the answer's text (routes/kit.ts answerText), per language.
  const ttl = deps.config.readCacheMs ?? READ_TTL_MS;
  const calendars = changes.memo<string>('calendar', POOL_TABLES, ttl);
  const candidateDays = changes.memo<string>('candidateCalendar', POOL_TABLES, ttl);
  const hallsOfDay = changes.memo<string>('hallsOfDay', POOL_TABLES, ttl);
  const calendarText = answerText(z.array(answers.calendarDay));
  const candidateText = answerText(z.array(answers.candidateDay));
  const hallsText = answerText(z.array(answers.hallPool));
  const days = (req: FastifyRequest, mode: 'sale' | 'group') => {
    const lang = langOf(req);
    return calendars.get(`${mode}|${lang}`, async () => calendarText(req, await calendar(deps.db, deps.clock(), lang, mode)));
  };
  const halls = (req: FastifyRequest, date: string, mode: 'sale' | 'candidate' | 'group') => {
    const lang = langOf(req);
    return hallsOfDay.get(`${mode}|${date}|${lang}`, async () => hallsText(req, await hallPools(deps.db, date, deps.clock(), lang, mode)));
  };

  app.get('/pool/ingore/getCalendar', { config: { publicRead: true }, schema: { response: answer(z.array(answers.calendarDay)) } }, async (req, reply) =>
    sendText(reply, await days(req, 'sale')),
  );

  const hallQuery = z.object({
    queryDate: text().refine(isDate),
    openPerson: z.coerce.number().optional(),
    saleMode: z.coerce.number().optional(),
  });
  app.get(
    '/pool/ingore/getHall',
    { config: { publicRead: true }, schema: { querystring: hallQuery, response: answer(z.array(answers.hallPool)) } },
    async (req, reply) => {
      const { queryDate, openPerson } = req.query;
      // openPerson 2: the halls as groups see them (which take groups, of what size).
      return sendText(reply, await halls(req, queryDate, openPerson === 2 ? 'group' : 'sale'));
    },
  );
  // The team's calendar (login required, docs/product.md §2): the days of the halls taking groups.
  app.get('/pool/getHallCalendar', { config: { auth: 'team' }, schema: { response: answer(z.array(answers.calendarDay)) } }, async (req, reply) =>
    sendText(reply, await days(req, 'group')),
  );

  // The waiting list's view of the same days and halls (docs/product.md §3 status 3/4, candidateLevel).
  app.get(
    '/pool/ingore/getCalendarForCandidate',
    { config: { publicRead: true }, schema: { response: answer(z.array(answers.candidateDay)) } },
    async (req, reply) =>
      sendText(reply, await candidateDays.get(`candidate|${langOf(req)}`, async () => candidateText(req, await candidateCalendar(deps.db, deps.clock())))),
  );
  app.get(
    '/pool/ingore/getHallForCandidate',
    { config: { publicRead: true }, schema: { querystring: hallQuery, response: answer(z.array(answers.hallPool)) } },
    async (req, reply) => sendText(reply, await halls(req, req.query.queryDate, 'candidate')),
  );

  // The dome cinemas.
  const cinemaDayQuery = z.object({ hallId: dbId(), queryDate: text().refine(isDate) });
  app.get('/pool/getScheduleByHallId', { schema: { querystring: cinemaDayQuery, response: answer(answers.cinemaSessions) } }, async (req) =>
    ok(req, await cinemaSessions(deps.db, req.query.hallId, req.query.queryDate, deps.clock(), langOf(req))),
  );
  const scheduleQuery = z.object({ scheduleId: dbId() });
  app.get('/pool/getSeatByScheduleId', { schema: { querystring: scheduleQuery, response: answer(answers.seatMap) } }, async (req) =>
    ok(req, await seatMap(deps.db, req.query.scheduleId)),
  );
  const priceQuery = z.object({ hallId: dbId(), scheduleId: dbId() });
  app.get('/pool/getPriceByScheduleId', { schema: { querystring: priceQuery, response: answer(answers.pricePools) } }, async (req) =>
    ok(req, await sessionPrices(deps.db, req.query.hallId, req.query.scheduleId, langOf(req))),
  );
  app.get(
    '/pool/ingore/getPackages',
    { config: { publicRead: true }, schema: { querystring: z.object({ queryDate: text().refine(isDate) }), response: answer(answers.packages) } },
    async (req) => ok(req, await listPackages(deps.db, req.query.queryDate, deps.clock(), langOf(req))),
  );
  app.get('/pool/getBlock', { schema: { response: answer(answers.blockedSeats) } }, async (req) => ok(req, await blockedSeats(deps.db)));

  const settingQuery = z.object({ hallId: dbId() });
  app.get('/pool/getHallPoolPersonSetting', { schema: { querystring: settingQuery, response: answer(answers.hallPersonSetting) } }, async (req) => {
    const { hallId } = req.query;
    const hall = (await loadHalls(deps.db)).find((h) => h.id === hallId);
    if (!hall) throw fail({ zh: '场馆不存在', en: 'The venue does not exist' });
    const config = await getConfig(deps.db);
    const data: HallPersonSetting = {
      rules: hallRules(hall),
      freeChildPerAdult: freeChildPerAdult(config, hall.hall_key, hall.free_child_per_adult),
      chooseMode: hall.cinema ? hall.choose_mode : null,
    };
    return ok(req, data);
  });

  // A film's uploaded poster (server/services/films.ts), for anyone: its path is unguessable and it never changes.
  const posterParam = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{24}\.jpg$/) });
  app.get('/films/posters/:file', { config: { auth: 'none', publicRead: true }, schema: { params: posterParam } }, async (req, reply) => {
    const poster = await posterBytes(deps, req.params.file.slice(0, -4));
    if (!poster) return reply.code(404).send();
    return reply.type(poster.mime).header('cache-control', 'public, max-age=31536000, immutable').send(poster.bytes);
  });
};
