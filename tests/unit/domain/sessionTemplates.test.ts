import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/museumTime.ts';
import { releaseOpen } from '../../../src/domain/staffDay.ts';
import {
  checkApply,
  checkTemplate,
  daysOf,
  overlaps,
  parseRelease,
  sessionsToCreate,
  weekdayOf,
  type TemplateSession,
} from '../../../src/domain/sessionTemplates.ts';

const s = (beginTime: string, endTime: string, capacity = 100, filmId: number | null = null): TemplateSession => ({ beginTime, endTime, capacity, filmId });
const NOW = '2030-03-05 10:00';

describe('a template', () => {
  it.each([
    [{ name: 'Daily', sessions: [s('09:00', '12:00'), s('12:00', '14:30')] }, false, null, null],
    [{ name: ' ', sessions: [s('09:00', '12:00')] }, false, '模板名称须为 1-30 个字', 'A template name has 1 to 30 characters'],
    [{ name: '周'.repeat(30), sessions: [s('09:00', '12:00')] }, false, null, null],
    [{ name: '周'.repeat(31), sessions: [s('09:00', '12:00')] }, false, '模板名称须为 1-30 个字', 'A template name has 1 to 30 characters'],
    [{ name: 'A', sessions: [] }, false, '模板至少要有一个场次', 'A template needs at least one session'],
    [
      { name: 'A', sessions: Array.from({ length: 25 }, (_, i) => s(`0${i % 10}:00`, `0${i % 10}:30`)) },
      false,
      '一个模板最多 24 个场次',
      'A template has at most 24 sessions',
    ],
    [{ name: 'A', sessions: [s('9:00', '12:00')] }, false, '第 1 个场次的时间须为 HH:mm（00:00-23:59）', 'Session 1: times are HH:mm (00:00 to 23:59)'],
    [{ name: 'A', sessions: [s('09:00', '12:60')] }, false, '第 1 个场次的时间须为 HH:mm（00:00-23:59）', 'Session 1: times are HH:mm (00:00 to 23:59)'],
    [
      { name: 'A', sessions: [s('08:00', '09:00'), s('12:00', '09:00')] },
      false,
      '第 2 个场次的开始时间须早于结束时间',
      'Session 2: it must begin before it ends',
    ],
    [
      { name: 'A', sessions: [s('12:00', '14:00'), s('09:00', '12:01')] },
      false,
      '场次 09:00-12:01 与 12:00-14:00 时间重叠',
      'Sessions 09:00-12:01 and 12:00-14:00 overlap',
    ],
    [{ name: 'A', sessions: [s('09:00', '12:00', 0)] }, false, '第 1 个场次的容量须为 1-20000', 'Session 1: the capacity is 1 to 20000'],
    [{ name: 'A', sessions: [s('09:00', '12:00', 2.5)] }, false, '第 1 个场次的容量须为 1-20000', 'Session 1: the capacity is 1 to 20000'],
    [{ name: 'A', sessions: [s('09:00', '12:00', 20_000)] }, false, null, null],
    [{ name: 'A', sessions: [s('09:00', '12:00', 10, 3)] }, false, '只有球幕影院的场次放映影片', 'Only a dome cinema session shows a film'],
    // A dome: its film, and its capacity is its seats (whatever the template says).
    [{ name: 'A', sessions: [s('10:00', '10:40', 0, 1)] }, true, null, null],
    [{ name: 'A', sessions: [s('10:00', '10:40', 0, 1), s('11:00', '11:40', 0, null)] }, true, '第 2 个场次须选择影片', 'Session 2: choose its film'],
  ])('%o (dome %s) -> %s', (draft, cinema, zh, en) => {
    const refusal = checkTemplate(draft, cinema);
    expect(refusal?.zh ?? null).toBe(zh);
    expect(refusal?.en ?? null).toBe(en);
  });

  const minute = fc.integer({ min: 0, max: 23 * 60 + 58 });
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const session = fc.tuple(minute, fc.integer({ min: 1, max: 600 })).map(([b, len]) => s(hhmm(b), hhmm(Math.min(b + len, 23 * 60 + 59))));

  it('is accepted exactly when no two of its sessions overlap (any order)', () => {
    fc.assert(
      fc.property(fc.array(session, { minLength: 1, maxLength: 8 }), (sessions) => {
        const clash = sessions.some((a, i) => sessions.some((b, j) => i < j && overlaps(a, b)));
        expect(checkTemplate({ name: 'P', sessions }, false) === null).toBe(!clash);
      }),
    );
  });

  it("a day gets exactly the template's sessions that overlap none it has, and every one is either made or skipped", () => {
    fc.assert(
      fc.property(fc.array(session, { maxLength: 6 }), fc.array(session, { maxLength: 6 }), (template, existing) => {
        const { create, skip } = sessionsToCreate(template, existing);
        expect(create.length + skip.length).toBe(template.length);
        for (const c of create) expect(existing.some((e) => overlaps(e, c))).toBe(false);
        for (const k of skip) expect(existing.some((e) => overlaps(e, k))).toBe(true);
      }),
    );
  });
});

describe('applying a template', () => {
  const week = { from: '2030-03-25', to: '2030-03-31', weekdays: [1, 2, 3, 4, 5], releaseAt: 'now' };
  it.each([
    [{}, null],
    [{ releaseAt: '2030-03-20 20:00' }, null],
    [{ releaseAt: '2030-03-25 08:00' }, null],
    [{ from: '2030-02-29' }, 'Choose valid dates'],
    [{ from: '2030-03-04' }, 'Sessions cannot be made for a past day'],
    [{ from: '2030-03-05', to: '2030-03-05' }, null],
    [{ from: '2031-03-06', to: '2031-03-06' }, null],
    [{ from: '2031-03-07', to: '2031-03-07' }, 'Sessions can be made up to 366 days ahead'],
    [{ to: '2030-04-24' }, null],
    [{ to: '2030-04-25' }, 'The last day cannot be before the first, and a range has at most 31 days'],
    [{ to: '2030-03-24' }, 'The last day cannot be before the first, and a range has at most 31 days'],
    [{ weekdays: [] }, 'Choose at least one weekday'],
    [{ to: '2030-03-25', weekdays: [2] }, 'None of the chosen weekdays falls in that range'],
    [{ releaseAt: '2030-03-20' }, 'The release time is "now" or YYYY-MM-DD HH:mm'],
    [{ releaseAt: '2030-03-20 8:00' }, 'The release time is "now" or YYYY-MM-DD HH:mm'],
    [{ releaseAt: '2030-03-05 10:00' }, 'That release time has passed: choose a later one or "now"'],
    [{ releaseAt: '2030-03-26 00:00' }, 'The release time cannot be after the first visiting day'],
  ])('%o -> %s', (change, en) => {
    expect(checkApply({ ...week, ...change }, NOW)?.en ?? null).toBe(en);
  });

  it('a release time is "now" or a museum date and time', () => {
    expect(parseRelease('now')).toBe('now');
    expect(parseRelease(' 2030-03-20  20:00 ')).toEqual({ date: '2030-03-20', time: '20:00' });
    expect(parseRelease('2030-02-30 20:00')).toBeNull();
    expect(parseRelease('2030-03-20 20:00 +08')).toBeNull();
  });

  it('the days are those of the range on the chosen weekdays, in order, at most 31', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2030-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 40 }), fc.subarray([0, 1, 2, 3, 4, 5, 6]), (from, span, weekdays) => {
        const to = addDays(from, span);
        const days = daysOf(from, to, weekdays);
        expect(days.length).toBeLessThanOrEqual(31);
        for (const d of days) expect(d >= from && d <= to && weekdays.includes(weekdayOf(d))).toBe(true);
        expect([...days].sort()).toEqual(days);
        if (span < 31)
          expect(days.length).toBe(Array.from({ length: span + 1 }, (_, i) => addDays(from, i)).filter((d) => weekdays.includes(weekdayOf(d))).length);
      }),
    );
  });
});

describe("a day's release time on its own", () => {
  const now = Date.parse('2030-03-05T02:00:00Z');
  it.each([
    [{ releaseAt: null, sessions: [] }, true],
    [{ releaseAt: now + 1, sessions: [1] }, true],
    [{ releaseAt: now, sessions: [1] }, false],
    [{ releaseAt: null, sessions: [1] }, false],
  ])('%o may change: %s', (day, open) => {
    expect(releaseOpen(day, now)).toBe(open);
  });
});
