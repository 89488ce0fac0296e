/** The live stock stream (docs/architecture.md §11): Server-Sent Events of the calendar's days, a
 * day's sessions or a cinema session's seats taken, for anyone (the counts the calendar and the
 * halls already show; a seat map names no visitor). EventSource sends no headers of its own, so
 * the language comes in the query. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId, text } from '../../src/domain/schemas.ts';
import { liveSessionOf, takenSeatsOf, type LivePushes } from '../../src/domain/liveStock.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import { langOf } from '../http.ts';
import type { LiveStock, TopicRead } from '../liveStock.ts';
import { calendar, hallPools } from '../services/pool.ts';
import { seatMap } from '../services/cinema.ts';
import { isDate } from '../time.ts';
import { addDays, museumDate } from '../../src/domain/museumTime.ts';
import { BOOKING_DAYS } from '../../src/domain/limits.ts';

export const LIVE_TEXTS = {
  busy: { zh: '实时余量通道已满，页面将按原方式刷新', en: 'Live updates are full right now: the page refreshes as before' },
  topic: { zh: '请求参数有误：topic（日期须在可预约日期内）', en: 'Invalid request parameter: topic (a date must be a bookable day)' },
};

const liveQuery = z.object({
  topic: z.enum(['calendar', 'day', 'seats']),
  date: text().refine(isDate).optional(),
  scheduleId: dbId().optional(),
  lang: z.enum(['zh', 'en']).optional(),
});

const push = <E extends keyof LivePushes>(event: E, data: LivePushes[E], sessions: readonly number[], anyStock = false): TopicRead => ({
  event,
  data,
  sessions,
  anyStock,
});

export const liveRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; live: LiveStock }> = async (app, { deps, live }) => {
  const bookable = (date: string) => {
    const today = museumDate(deps.clock());
    return date >= today && date <= addDays(today, BOOKING_DAYS - 1);
  };

  const reader = (q: z.output<typeof liveQuery>, lang: Lang): { key: string; read: () => Promise<TopicRead> } | null => {
    if (q.topic === 'calendar') {
      return { key: `calendar|${lang}`, read: async () => push('calendar', { days: await calendar(deps.db, deps.clock(), lang) }, [], true) };
    }
    // A day of the calendar only: a topic is a read at every change, so none is made for days no screen shows.
    if (q.topic === 'day' && q.date && bookable(q.date)) {
      const date = q.date;
      return {
        key: `day|${date}|${lang}`,
        read: async () => {
          const sessions = (await hallPools(deps.db, date, deps.clock(), lang)).flatMap((h) => h.scheduleTicketPoolVOS.map(liveSessionOf));
          return push(
            'sessions',
            { date, sessions },
            sessions.map((s) => s.hallScheduleId),
          );
        },
      };
    }
    if (q.topic === 'seats' && q.scheduleId) {
      const id = q.scheduleId;
      return { key: `seats|${id}`, read: async () => push('seats', { hallScheduleId: id, taken: takenSeatsOf(await seatMap(deps.db, id)) }, [id]) };
    }
    return null;
  };

  app.get('/pool/ingore/live', { config: { auth: 'none' }, schema: { querystring: liveQuery } }, async (req, reply) => {
    const lang = req.query.lang ?? langOf(req);
    const topic = reader(req.query, lang);
    if (!topic) return reply.code(200).send({ code: 500, msg: LIVE_TEXTS.topic[lang], data: null });
    if (live.full) {
      // A proxy tries another instance (deploy/museum.conf: http_503); the screen reads as before.
      return reply.code(503).header('retry-after', '30').send({ code: 503, msg: LIVE_TEXTS.busy[lang], data: null });
    }
    // The first read answers now: a session that is not a cinema's is refused as its seat map is.
    const first = live.has(topic.key) ? null : await topic.read();
    if (live.full) return reply.code(503).header('retry-after', '30').send({ code: 503, msg: LIVE_TEXTS.busy[lang], data: null });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx passes each event on at once, whatever its buffering.
      'x-accel-buffering': 'no',
    });
    // After a lost connection the browser tries again in 3 s.
    res.write('retry: 3000\n\n');
    live.open(topic.key, topic.read, res, first);
  });
};
