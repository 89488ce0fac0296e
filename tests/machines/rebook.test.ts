import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { rebookMachine, type RebookEvent } from '../../machines/rebook.machine.ts';
import { ORDER_MESSAGES, ORDER_RULES } from '../../src/domain/orderRules.ts';
import { REFUND_MESSAGES, REFUND_RULES, type RefundContext } from '../../src/domain/refundRules.ts';
import { fill } from '../../src/domain/text.ts';
import type { CalendarDay, HallPool, RebookRequest, RebookResult } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { rebookInBrowser } from '../paths/models/orderLifecycle.ts';
import { callsOf, ticketsObeyRules } from './outcomes.ts';
import type { PathModel } from './paths.ts';
import { GROUP_CHECKED_IN, GROUP_NOTHING_LEFT, GROUP_ORDER, GROUP_ORDER_ID, GROUP_RULES, MOVED, TEAM_CALENDAR, TICKETS } from './groupRebook.fixtures.ts';
import {
  ADULT,
  CALENDAR,
  CHECKED,
  CHILD,
  HALLS,
  LAST_TICKET_SESSION,
  MAIN_HALL,
  NEW_DAY,
  NEW_SESSION,
  ORDER,
  ORDER_ID,
  OTHER_HALL_SESSION,
  REBOOKED,
  RULES,
  SOLD_OUT_DAY,
  SOLD_OUT_SESSION,
  VISIT_DATE,
} from './refund.fixtures.ts';

type Snapshot = SnapshotFrom<typeof rebookMachine>;

const input = { order: ORDER };

/** The user's cases per step: valid and refused ticks, days and sessions. */
function events(s: Snapshot): RebookEvent[] {
  const out: RebookEvent[] = [];
  if (s.matches('selecting')) {
    out.push(
      { type: 'TOGGLE', ticketId: ADULT },
      { type: 'TOGGLE', ticketId: CHILD },
      { type: 'TOGGLE', ticketId: CHECKED },
      { type: 'SELECT_ALL' },
      { type: 'CONFIRM' },
    );
  }
  if (s.matches('date') || s.matches('session') || s.matches('confirming')) out.push({ type: 'BACK' });
  if (s.matches('failed') || s.matches({ date: 'failed' }) || s.matches({ session: 'failed' })) out.push({ type: 'RETRY' });
  if (s.matches({ date: 'ready' })) {
    out.push({ type: 'PICK_DATE', date: NEW_DAY }, { type: 'PICK_DATE', date: SOLD_OUT_DAY });
  }
  if (s.matches({ session: 'ready' })) {
    out.push(
      { type: 'PICK_SESSION', hallScheduleId: NEW_SESSION },
      { type: 'PICK_SESSION', hallScheduleId: LAST_TICKET_SESSION },
      { type: 'PICK_SESSION', hallScheduleId: SOLD_OUT_SESSION },
      { type: 'PICK_SESSION', hallScheduleId: OTHER_HALL_SESSION },
    );
  }
  if (s.matches('confirming')) out.push({ type: 'SUBMIT' });
  return out;
}

pathSuite('rebook', [
  {
    name: 'all cases',
    machine: rebookMachine,
    input,
    generators: ['cover'],
    // A change asked for moves tickets the change rules allow, to a session of the chosen day.
    outcome: (end) => {
      ticketsObeyRules(end, 'rebook', 'change', RULES);
      for (const input of callsOf(end, 'rebook') as RebookRequest[]) expect(input.hallScheduleId).toBe(NEW_SESSION);
    },
    events: events as PathModel['events'],
    outcomes: {
      loadRules: [{ output: RULES }, { error: 'Network error' }],
      loadCalendar: [{ output: CALENDAR }, { error: 'Network error' }],
      loadHalls: [{ output: HALLS }, { error: 'Network error' }],
      rebook: [{ output: REBOOKED }, { error: '该场次余票不足' }],
    },
  },
  {
    name: 'orderings',
    machine: rebookMachine,
    input,
    generators: ['simple'],
    events: ((s: Snapshot): RebookEvent[] => {
      if (s.matches('selecting')) return [{ type: 'SELECT_ALL' }, { type: 'CONFIRM' }];
      if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: NEW_DAY }];
      if (s.matches({ session: 'ready' })) return [{ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION }, { type: 'BACK' }];
      if (s.matches('confirming')) return [{ type: 'SUBMIT' }, { type: 'BACK' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadRules: [{ output: RULES }],
      loadCalendar: [{ output: CALENDAR }],
      loadHalls: [{ output: HALLS }],
      rebook: [{ output: REBOOKED }, { error: '该场次余票不足' }],
    },
  },
  {
    // A group moves as a whole: no ticking; a group checked in, or with nothing left, is refused.
    name: 'a whole group',
    machine: rebookMachine,
    input: { order: GROUP_ORDER, wholeOrder: true },
    generators: ['cover'],
    outcome: (end) => {
      for (const input of callsOf(end, 'rebook') as RebookRequest[])
        expect(input).toEqual({ orderId: GROUP_ORDER_ID, ticketIds: TICKETS, hallScheduleId: NEW_SESSION });
    },
    events: ((s: Snapshot): RebookEvent[] => {
      const out: RebookEvent[] = [];
      if (s.matches('failed') || s.matches({ date: 'failed' }) || s.matches({ session: 'failed' })) out.push({ type: 'RETRY' });
      if (s.matches({ date: 'ready' })) out.push({ type: 'PICK_DATE', date: NEW_DAY }, { type: 'PICK_DATE', date: VISIT_DATE }, { type: 'BACK' });
      if (s.matches({ session: 'ready' }))
        out.push({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION }, { type: 'PICK_SESSION', hallScheduleId: LAST_TICKET_SESSION });
      if (s.matches('session') || s.matches('confirming')) out.push({ type: 'BACK' });
      if (s.matches('confirming')) out.push({ type: 'SUBMIT' });
      return out;
    }) as PathModel['events'],
    outcomes: {
      loadRules: [{ output: GROUP_RULES }, { output: GROUP_CHECKED_IN }, { output: GROUP_NOTHING_LEFT }, { error: 'Network error' }],
      loadCalendar: [{ output: TEAM_CALENDAR }],
      loadHalls: [{ output: HALLS }],
      rebook: [{ output: MOVED }, { error: '新日期的学校免费名额不足以容纳本团的免费学生，请选择其他日期' }],
    },
  },
  rebookInBrowser,
]);

describe('rebook: a whole group', () => {
  async function start(rules: RefundContext) {
    const machine = rebookMachine.provide({
      actors: {
        loadRules: fromPromise<RefundContext, { orderId: number }>(async () => rules),
        loadCalendar: fromPromise<CalendarDay[], void>(async () => TEAM_CALENDAR),
        loadHalls: fromPromise<HallPool[], { date: string }>(async () => HALLS),
        rebook: fromPromise<RebookResult, RebookRequest>(async () => MOVED),
      },
    });
    const actor = createActor(machine, { input: { order: GROUP_ORDER, wholeOrder: true } }).start();
    await waitFor(actor, (s) => !s.matches('loading'));
    return actor;
  }

  it('every ticket still to be used is selected and the calendar comes first; the session must take them all', async () => {
    const actor = await start(GROUP_RULES);
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    expect(actor.getSnapshot().context.selected).toEqual(TICKETS);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'PICK_DATE', date: VISIT_DATE });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
    actor.send({ type: 'PICK_DATE', date: NEW_DAY });
    await waitFor(actor, (s) => s.matches({ session: 'ready' }));
    actor.send({ type: 'PICK_SESSION', hallScheduleId: LAST_TICKET_SESSION });
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: ORDER_RULES.stock, message: fill(ORDER_MESSAGES.notEnough, { n: 1 }) }]);
  });

  it('a group with a ticket through the gate is refused with the rule; one with nothing left, without one', async () => {
    const checkedIn = await start(GROUP_CHECKED_IN);
    expect(checkedIn.getSnapshot().value).toBe('refused');
    expect(checkedIn.getSnapshot().context.violations).toEqual([{ rule: REFUND_RULES.groupCheckedIn, message: REFUND_MESSAGES.groupCheckedIn }]);
    const nothing = await start(GROUP_NOTHING_LEFT);
    expect(nothing.getSnapshot().value).toBe('refused');
    expect(nothing.getSnapshot().context.violations).toEqual([]);
  });
});

describe('rebook: behaviour', () => {
  async function start(f: { rebook?: RebookResult | Error; rules?: RefundContext; calendar?: CalendarDay[] } = {}) {
    const calls: Array<{ src: string; input: unknown }> = [];
    const machine = rebookMachine.provide({
      actors: {
        loadRules: fromPromise<RefundContext, { orderId: number }>(async () => f.rules ?? RULES),
        loadCalendar: fromPromise<CalendarDay[], void>(async () => {
          calls.push({ src: 'loadCalendar', input: undefined });
          return f.calendar ?? CALENDAR;
        }),
        loadHalls: fromPromise<HallPool[], { date: string }>(async ({ input }) => {
          calls.push({ src: 'loadHalls', input });
          return HALLS;
        }),
        rebook: fromPromise<RebookResult, RebookRequest>(async ({ input }) => {
          calls.push({ src: 'rebook', input });
          const answer = f.rebook ?? REBOOKED;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    });
    const actor = createActor(machine, { input: { order: ORDER } }).start();
    // The machine loads the order's refund facts first.
    await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
    return { actor, calls };
  }

  type Actor = Awaited<ReturnType<typeof start>>['actor'];

  async function toSessions(actor: Actor, tickets = [ADULT, CHILD]) {
    for (const id of tickets) actor.send({ type: 'TOGGLE', ticketId: id });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: NEW_DAY });
    await waitFor(actor, (s) => s.matches({ session: 'ready' }));
  }

  it('children cannot change alone, and the adult cannot leave the child behind: nothing is loaded', async () => {
    const { actor, calls } = await start();
    actor.send({ type: 'TOGGLE', ticketId: CHILD });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: REFUND_RULES.childrenChangeAlone, message: REFUND_MESSAGES.childrenChangeAlone }]);
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'TOGGLE', ticketId: CHILD });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: REFUND_RULES.childrenLeftAlone, message: REFUND_MESSAGES.childrenLeftAlone }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([]);
  });

  it('cinema tickets and tickets of two dates cannot be changed', async () => {
    const rules: RefundContext = {
      ...RULES,
      tickets: RULES.tickets.map((t) =>
        t.ticketId === ADULT ? { ...t, cinema: true } : t.ticketId === CHECKED ? { ...t, status: 'toBeChecked', visitDate: '2026-12-02' } : t,
      ),
    };
    const { actor } = await start({ rules });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.violations.map((v) => v.rule)).toEqual([REFUND_RULES.cinemaChange, REFUND_RULES.oneHallOneDate]);
  });

  it("only the tickets' hall is offered; a sold-out, a full or another hall's session is refused", async () => {
    const { actor } = await start();
    await toSessions(actor);
    expect(actor.getSnapshot().context.halls.map((h) => h.hallId)).toEqual([MAIN_HALL]);

    actor.send({ type: 'PICK_SESSION', hallScheduleId: SOLD_OUT_SESSION });
    expect(actor.getSnapshot().matches({ session: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: ORDER_RULES.sessionNotSelectable, message: ORDER_MESSAGES.notSelectable }]);
    // One ticket left, two tickets to move.
    actor.send({ type: 'PICK_SESSION', hallScheduleId: LAST_TICKET_SESSION });
    expect(actor.getSnapshot().matches({ session: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: ORDER_RULES.stock, message: fill(ORDER_MESSAGES.notEnough, { n: 1 }) }]);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: OTHER_HALL_SESSION });
    expect(actor.getSnapshot().matches({ session: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.hallScheduleId).toBeNull();

    actor.send({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.violations).toEqual([]);
  });

  it('the last ticket of a session is enough for one adult', async () => {
    const rules: RefundContext = {
      ...RULES,
      tickets: RULES.tickets.map((t) => (t.ticketId === CHECKED ? { ...t, status: 'toBeChecked' } : t)),
    };
    const { actor } = await start({ rules });
    await toSessions(actor, [CHECKED]);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: LAST_TICKET_SESSION });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('submits the order, tickets and new session; a refusal returns to the confirmation with its message', async () => {
    const { actor, calls } = await start({ rebook: new Error('该场次余票不足') });
    await toSessions(actor);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toEqual({ zh: '该场次余票不足', en: '该场次余票不足' });
    expect(calls).toEqual([
      { src: 'loadCalendar', input: undefined },
      { src: 'loadHalls', input: { date: NEW_DAY } },
      { src: 'rebook', input: { orderId: ORDER_ID, ticketIds: [ADULT, CHILD], hallScheduleId: NEW_SESSION } },
    ]);
    // BACK at each step, then another session.
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ session: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.selected).toEqual([ADULT, CHILD]);
  });

  it('done keeps the server result', async () => {
    const { actor } = await start();
    await toSessions(actor);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(REBOOKED);
  });

  it('only an available day can be picked', async () => {
    const { actor } = await start();
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: SOLD_OUT_DAY });
    actor.send({ type: 'PICK_DATE', date: '2030-01-01' });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
  });

  it("the tickets' own visit date is not a change of date, even when it is bookable", async () => {
    const { actor } = await start({ calendar: [...CALENDAR, { date: ORDER.visitDate, state: 'available', remaining: 60, reason: null }] });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: ORDER.visitDate });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
    actor.send({ type: 'PICK_DATE', date: NEW_DAY });
    expect(actor.getSnapshot().matches('session')).toBe(true);
  });
});
