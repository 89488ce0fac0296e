/** SPEC §7 "Pool, calendar and seats". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId, text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';

import { calendar, candidateCalendar, hallPools, hallRules, loadHalls } from '../services/pool.ts';
import { getConfig } from '../services/settings.ts';
import { blockedSeats, cinemaSessions, seatMap, sessionPrices } from '../services/cinema.ts';
import { listPackages } from '../services/packages.ts';
import { isDate } from '../time.ts';
import { freeChildPerAdult } from '../../src/domain/orderRules.ts';
import type { HallPersonSetting } from '../../src/domain/types.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const poolRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/pool/ingore/getCalendar', { schema: { response: answer(z.array(answers.calendarDay)) } }, async (req) => ok(req, await calendar(deps.db, deps.clock(), langOf(req))));

  const hallQuery = z.object({
    queryDate: text().refine(isDate),
    openPerson: z.coerce.number().optional(),
    saleMode: z.coerce.number().optional(),
  });
  app.get('/pool/ingore/getHall', { schema: { querystring: hallQuery, response: answer(z.array(answers.hallPool)) } }, async (req) => {
    const { queryDate, openPerson } = req.query;
    // openPerson 2: the halls as groups see them (which take groups, of what size).
    return ok(req, await hallPools(deps.db, queryDate, deps.clock(), langOf(req), openPerson === 2 ? 'group' : 'sale'));
  });
  // The team's calendar (login required, SPEC §2): the days of the halls taking groups.
  app.get('/pool/getHallCalendar', { config: { auth: 'team' }, schema: { response: answer(z.array(answers.calendarDay)) } }, async (req) =>
    ok(req, await calendar(deps.db, deps.clock(), langOf(req), 'group')),
  );

  // The waiting list's view of the same days and halls (SPEC §3 status 3/4, candidateLevel).
  app.get('/pool/ingore/getCalendarForCandidate', { schema: { response: answer(z.array(answers.candidateDay)) } }, async (req) =>
    ok(req, await candidateCalendar(deps.db, deps.clock())),
  );
  app.get('/pool/ingore/getHallForCandidate', { schema: { querystring: hallQuery, response: answer(z.array(answers.hallPool)) } }, async (req) =>
    ok(req, await hallPools(deps.db, req.query.queryDate, deps.clock(), langOf(req), 'candidate')),
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
  app.get('/pool/ingore/getPackages', { schema: { querystring: z.object({ queryDate: text().refine(isDate) }), response: answer(answers.packages) } }, async (req) =>
    ok(req, await listPackages(deps.db, req.query.queryDate, deps.clock(), langOf(req))),
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
      freeChildPerAdult: freeChildPerAdult(config, hall.hall_key),
      chooseMode: hall.cinema ? hall.choose_mode : null,
    };
    return ok(req, data);
  });
};
