/** Session templates as the staff run them ("Operations: Sessions"): every hall with its
 * templates; a template saved (the rules of src/domain/sessionTemplates.ts again, the client is
 * not trusted); a template applied to a day or a range of weekdays with a release time, in one
 * transaction with its audit entry, making only the sessions that are not there; the same
 * application previewed (run, then rolled back, so a preview never disagrees with what a confirm
 * does); a day's release time on its own; and the demo's roll-forward. */
import type { z } from 'zod';
import type { applyTemplateBody, dayReleaseBody, templateBody } from '../../src/domain/contracts.ts';
import { checkApply, checkTemplate, daysOf, parseRelease, TEMPLATE_TEXTS, type TemplateSession } from '../../src/domain/sessionTemplates.ts';
import { fill, type Lang } from '../../src/domain/text.ts';
import type { ApplyReport, SessionTemplates } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { museumMinute } from '../../src/domain/museumTime.ts';
import { addDays, museumInstant } from '../time.ts';
import { audit } from './audit.ts';
import { lockDay, onSale, placeSessions } from './makeSessions.ts';

interface TemplateRow {
  id: number;
  hall_id: number;
  name: string;
  roll_forward: boolean;
}

async function sessionsOf(q: Queryable, templateIds: number[]): Promise<Array<TemplateSession & { templateId: number }>> {
  if (templateIds.length === 0) return [];
  return q.query(
    `SELECT template_id AS "templateId", begin_time AS "beginTime", end_time AS "endTime", capacity, film_id AS "filmId"
       FROM template_sessions WHERE template_id = ANY($1::int[]) ORDER BY begin_time`,
    [templateIds],
  );
}

export async function sessionTemplates(deps: AppDeps, lang: Lang): Promise<SessionTemplates> {
  const halls = await deps.db.query<{ id: number; name_zh: string; name_en: string; cinema: boolean; seats: number }>(
    `SELECT h.id, h.name_zh, h.name_en, h.cinema, (SELECT count(*)::int FROM hall_seats s WHERE s.hall_id = h.id AND NOT s.blocked AND NOT s.removed) AS seats
       FROM halls h ORDER BY h.sort, h.id`,
  );
  const films = await deps.db.query<{ id: number; name_zh: string; name_en: string }>('SELECT id, name_zh, name_en FROM films ORDER BY id');
  const templates = await deps.db.query<TemplateRow>('SELECT id, hall_id, name, roll_forward FROM session_templates ORDER BY name, id');
  const sessions = await sessionsOf(
    deps.db,
    templates.map((t) => t.id),
  );
  return {
    now: museumMinute(deps.clock()),
    halls: halls.map((h) => ({
      hallId: h.id,
      name: lang === 'en' ? h.name_en : h.name_zh,
      cinema: h.cinema,
      seats: h.seats,
      films: h.cinema ? films.map((f) => ({ filmId: f.id, name: lang === 'en' ? f.name_en : f.name_zh })) : [],
      templates: templates
        .filter((t) => t.hall_id === h.id)
        .map((t) => ({
          templateId: t.id,
          name: t.name,
          rollForward: t.roll_forward,
          sessions: sessions.filter((s) => s.templateId === t.id).map(({ templateId: _, ...s }) => s),
        })),
    })),
  };
}

/** Saves a template (new, or its sessions replaced); answers its id. */
export async function saveTemplate(deps: AppDeps, staffId: number, body: z.output<typeof templateBody>): Promise<{ templateId: number }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    // The hall locked: two admins saving the same name wait for each other, and one is refused.
    const [hall] = await lockRows(q, 'halls', { id: body.hallId }, ['cinema']);
    if (!hall) throw fail(TEMPLATE_TEXTS.noHall);
    const sessions = body.sessions.map((s) => ({ ...s, capacity: hall.cinema ? 0 : s.capacity }));
    const refused = checkTemplate({ name: body.name, sessions }, hall.cinema);
    if (refused) throw fail(refused);
    const filmIds = sessions.flatMap((s) => (s.filmId === null ? [] : [s.filmId]));
    const known = new Set((await q.query<{ id: number }>('SELECT id FROM films WHERE id = ANY($1::int[])', [filmIds])).map((f) => f.id));
    const unknown = sessions.findIndex((s) => s.filmId !== null && !known.has(s.filmId));
    if (unknown >= 0) throw fail(fill(TEMPLATE_TEXTS.film, { n: unknown + 1 }));
    const name = body.name.trim();
    const [same] = await q.query('SELECT id FROM session_templates WHERE hall_id = $1 AND name = $2 AND id <> $3', [body.hallId, name, body.templateId ?? 0]);
    if (same) throw fail(TEMPLATE_TEXTS.sameName);
    let templateId = body.templateId;
    if (templateId === null) {
      [{ id: templateId }] = await q.query<{ id: number }>('INSERT INTO session_templates (hall_id, name, updated_at) VALUES ($1, $2, $3) RETURNING id', [
        body.hallId,
        name,
        now,
      ]);
    } else {
      const [row] = await q.query('UPDATE session_templates SET name = $3, updated_at = $4 WHERE id = $1 AND hall_id = $2 RETURNING id', [
        templateId,
        body.hallId,
        name,
        now,
      ]);
      if (!row) throw fail(TEMPLATE_TEXTS.noTemplate);
      await q.query('DELETE FROM template_sessions WHERE template_id = $1', [templateId]);
    }
    for (const s of sessions) {
      await q.query('INSERT INTO template_sessions (template_id, begin_time, end_time, capacity, film_id) VALUES ($1, $2, $3, $4, $5)', [
        templateId,
        s.beginTime,
        s.endTime,
        s.capacity,
        s.filmId,
      ]);
    }
    await audit(q, staffId, body.templateId === null ? 'createTemplate' : 'editTemplate', `template:${templateId}`, { name, sessions: sessions.length }, now);
    return { templateId };
  });
}

/** A preview's report leaves the transaction this way, so the application is rolled back. */
class Preview extends Error {
  constructor(readonly report: ApplyReport) {
    super('preview');
  }
}

/** Applies a template day by day (`apply` false: the same, rolled back). A closed day gets no
 * sessions; a day on sale keeps its release (its new sessions sell at once); a day not on sale
 * that gets sessions is released at the time given ('now': at once). */
export async function applyTemplate(
  deps: AppDeps,
  staffId: number,
  body: z.output<typeof applyTemplateBody>,
  lang: Lang,
  apply: boolean,
): Promise<ApplyReport> {
  const now = deps.clock();
  const refused = checkApply(body, museumMinute(now));
  if (refused) throw fail(refused);
  const release = parseRelease(body.releaseAt)!;
  const releaseAt = release === 'now' ? null : museumInstant(release.date, release.time);
  try {
    return await deps.db.tx(async (q) => {
      const [template] = await q.query<TemplateRow & { name_zh: string; name_en: string }>(
        // Not lockRows: a share lock, read with its hall (a join).
        `SELECT t.id, t.hall_id, t.name, t.roll_forward, h.name_zh, h.name_en FROM session_templates t JOIN halls h ON h.id = t.hall_id WHERE t.id = $1 FOR SHARE OF t`,
        [body.templateId],
      );
      if (!template) throw fail(TEMPLATE_TEXTS.noTemplate);
      const sessions = await sessionsOf(q, [template.id]);
      const days: ApplyReport['days'] = [];
      for (const date of daysOf(body.from, body.to, body.weekdays)) {
        const day = await lockDay(q, date);
        if (day.closed) {
          days.push({
            date,
            closed: true,
            onSale: false,
            releaseAt: day.release_at?.getTime() ?? null,
            created: [],
            skipped: sessions.map((s) => s.beginTime),
          });
          continue;
        }
        const selling = onSale(day, now);
        const placed = await placeSessions(q, template.hall_id, date, sessions);
        // A day that was not on sale and now has sessions opens at the time given.
        const released = !selling && placed.created.length > 0;
        if (released) await q.query('UPDATE museum_days SET release_at = $2 WHERE visit_date = $1', [date, releaseAt]);
        const after = released ? releaseAt : day.release_at;
        days.push({ date, closed: false, onSale: selling, releaseAt: after && after.getTime() > now.getTime() ? after.getTime() : null, ...placed });
      }
      const report: ApplyReport = {
        templateId: template.id,
        hallName: lang === 'en' ? template.name_en : template.name_zh,
        templateName: template.name,
        applied: apply,
        created: days.reduce((n, d) => n + d.created.length, 0),
        skipped: days.reduce((n, d) => n + d.skipped.length, 0),
        days,
      };
      if (!apply) throw new Preview(report);
      await audit(
        q,
        staffId,
        'applyTemplate',
        `template:${template.id}`,
        { from: body.from, to: body.to, weekdays: body.weekdays, releaseAt: body.releaseAt, created: report.created, skipped: report.skipped },
        now,
      );
      return report;
    });
  } catch (e) {
    if (e instanceof Preview) return e.report;
    throw e;
  }
}

/** A day's release time on its own, for a day not on sale yet. */
export async function setDayRelease(deps: AppDeps, staffId: number, body: z.output<typeof dayReleaseBody>): Promise<null> {
  const now = deps.clock();
  const refused = checkApply({ from: body.date, to: body.date, weekdays: [0, 1, 2, 3, 4, 5, 6], releaseAt: body.releaseAt }, museumMinute(now));
  if (refused) throw fail(refused);
  const release = parseRelease(body.releaseAt)!;
  await deps.db.tx(async (q) => {
    const day = await lockDay(q, body.date);
    if (onSale(day, now)) throw fail(TEMPLATE_TEXTS.alreadyOnSale);
    await q.query('UPDATE museum_days SET release_at = $2 WHERE visit_date = $1', [
      body.date,
      release === 'now' ? null : museumInstant(release.date, release.time),
    ]);
    await audit(q, staffId, 'setRelease', `day:${body.date}`, { releaseAt: body.releaseAt }, now);
  });
  return null;
}

/** The demo's roll-forward: its templates marked to roll forward, applied to every day of the
 * booking window from today (on sale at once; closed days skipped). Demo mode only. The same as
 * lockDay and placeSessions day by day, in a few statements (a fresh demo runs it before its first
 * answer): the days' rows made and locked in date order, then each day's sessions in the order
 * the loop made them (date, template, begin time), a session overlapping one of its hall that day
 * skipped. Roll-forward templates are one per hall (the seed's; the staff cannot mark one), so
 * the sessions of one statement never overlap each other. */
export async function rollForward(q: TxQueryable, today: string, days: number): Promise<void> {
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i));
  await q.query('INSERT INTO museum_days (visit_date) SELECT unnest($1::text[]) ON CONFLICT (visit_date) DO NOTHING', [dates]);
  await lockRows(q, 'museum_days', { visit_date: dates }, ['visit_date']);
  await q.query(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity, film_id)
     SELECT t.hall_id, d.visit_date, s.begin_time, s.end_time, s.capacity, s.film_id
       FROM museum_days d
       CROSS JOIN session_templates t
       JOIN template_sessions s ON s.template_id = t.id
      WHERE d.visit_date = ANY($1::text[]) AND NOT d.closed AND t.roll_forward
        AND NOT EXISTS (SELECT 1 FROM hall_schedule e WHERE e.hall_id = t.hall_id AND e.visit_date = d.visit_date
                          AND e.begin_time < s.end_time COLLATE "C" AND s.begin_time < e.end_time COLLATE "C")
      ORDER BY d.visit_date, t.id, s.begin_time
     ON CONFLICT (hall_id, visit_date, begin_time) DO NOTHING`,
    [dates],
  );
}
