import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  groupRebookMachine,
  pickableDays,
  type GroupRebookEvent,
  type GroupRebookFacts,
  type GroupRebookRequest,
} from '../../machines/groupRebook.machine.ts';
import { ORDER_MESSAGES, ORDER_RULES } from '../../src/domain/orderRules.ts';
import { REFUND_MESSAGES, REFUND_RULES, type RefundContext, type RefundTicket } from '../../src/domain/refundRules.ts';
import { fill } from '../../src/domain/text.ts';
import type { CalendarDay, GroupOrderDetail, HallPool, RebookResult, TicketView } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';
import {
  CALENDAR,
  HALLS,
  LAST_TICKET_SESSION,
  MAIN_HALL,
  NEW_DAY,
  NEW_SESSION,
  OTHER_HALL_SESSION,
  SOLD_OUT_DAY,
  SOLD_OUT_SESSION,
  VISIT_DATE,
} from './refund.fixtures.ts';

/** A paid school group of three on the main hall: two free pupils and a paying teacher
 * (LAST_TICKET_SESSION's one ticket is too few for it). */
const GROUP_ORDER_ID = 6001;
const TICKETS = [201, 202, 203];

function view(ticketId: number, status: TicketView['status']): TicketView {
  return { ticketId, userName: `学生${ticketId}`, certificateType: '1', certificateInfo: '1101**********1234', ticketName: 'Pupil', price: 0, status, qrCode: null };
}

const ORDER: GroupOrderDetail = {
  orderId: GROUP_ORDER_ID,
  orderNumber: 'G1B2C3D4E5F6G7H8J9K0L1M',
  status: 'completed',
  amount: 3000,
  ticketNum: 3,
  createTime: '2026-11-20 10:00:00',
  visitDate: VISIT_DATE,
  hallName: 'Main hall',
  beginTime: '09:00',
  endTime: '12:00',
  isCandidate: false,
  candidate: null,
  payDeadline: null,
  payTime: '2026-11-20 10:05:00',
  tickets: TICKETS.map((id) => view(id, 'toBeChecked')),
  group: {
    payMethod: 'online',
    windowPayLastDay: null,
    leader: { name: '王老师', certificateInfo: '1101**********1234', mobile: '138****8000' },
    gradeList: [{ name: '一年级', boy: 1, girl: 1, all: 2, beijing: 2, orther: 0 }],
    teacherList: [{ name: '王老师', certificateInfo: '1101**********1234' }],
    ticketUseType: 1,
    lines: [
      { role: 'student', free: true, count: 2, unitPrice: 0, amount: 0 },
      { role: 'teacher', free: false, count: 1, unitPrice: 3000, amount: 3000 },
    ],
  },
};

function ticket(ticketId: number, over: Partial<RefundTicket> = {}): RefundTicket {
  return { ticketId, status: 'toBeChecked', hallId: MAIN_HALL, visitDate: VISIT_DATE, kind: 'adult', age: 10, isChildFreeTicket: false, cinema: false, schoolFree: false, ...over };
}

const RULES: RefundContext = {
  tickets: [ticket(201, { kind: 'student', schoolFree: true }), ticket(202, { kind: 'student', schoolFree: true }), ticket(203, { age: 40 })],
  group: true,
  maxPartialRefundPercent: null,
  freeChildPerAdult: 1,
};
const FACTS: GroupRebookFacts = { order: ORDER, rules: RULES };
/** One pupil already through the gate: the group stays where it is. */
const CHECKED_IN: GroupRebookFacts = { order: ORDER, rules: { ...RULES, tickets: RULES.tickets.map((t) => (t.ticketId === 201 ? { ...t, status: 'checked' } : t)) } };
/** Everything refunded: nothing left to move. */
const NOTHING_LEFT: GroupRebookFacts = { order: ORDER, rules: { ...RULES, tickets: RULES.tickets.map((t) => ({ ...t, status: 'refunded' })) } };

/** The group's own visit date is on sale too: picking it is no change. */
const TEAM_CALENDAR: CalendarDay[] = [...CALENDAR, { date: VISIT_DATE, state: 'available', remaining: 80, reason: null }];

const MOVED: RebookResult = {
  orderId: GROUP_ORDER_ID,
  orderStatus: 'changed',
  oldTicketIds: TICKETS,
  newTicketIds: [301, 302, 303],
  hallScheduleId: NEW_SESSION,
  visitDate: NEW_DAY,
};

const input = { orderId: GROUP_ORDER_ID };

function events(s: Parameters<PathModel['events']>[0]): GroupRebookEvent[] {
  const out: GroupRebookEvent[] = [];
  if (s.matches('failed') || s.matches({ date: 'failed' }) || s.matches({ session: 'failed' })) out.push({ type: 'RETRY' });
  if (s.matches({ date: 'ready' })) {
    out.push({ type: 'PICK_DATE', date: NEW_DAY }, { type: 'PICK_DATE', date: SOLD_OUT_DAY }, { type: 'PICK_DATE', date: VISIT_DATE });
  }
  if (s.matches('session') || s.matches('confirming')) out.push({ type: 'BACK' });
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

const say = {
  RETRY: 'tap Retry',
  PICK_DATE: (e: { date?: unknown }) => `tap the day ${String(e.date)}`,
  PICK_SESSION: (e: { hallScheduleId?: unknown }) => `choose session ${String(e.hallScheduleId)}`,
  SUBMIT: 'tap "Confirm change"',
  BACK: 'tap Back',
} as PathModel['say'];

pathSuite('groupRebook', [
  {
    name: 'all cases',
    machine: groupRebookMachine,
    input,
    generators: ['cover'],
    // A change asked for moves this order to a session of its hall on another day with room for all of it.
    outcome: (end) => {
      for (const call of callsOf(end, 'rebook') as GroupRebookRequest[]) expect(call).toEqual({ orderId: GROUP_ORDER_ID, hallScheduleId: NEW_SESSION });
    },
    events: events as PathModel['events'],
    say,
    outcomes: {
      loadOrder: [{ output: FACTS }, { output: CHECKED_IN }, { output: NOTHING_LEFT }, { error: 'Network error' }],
      loadCalendar: [{ output: TEAM_CALENDAR }, { error: 'Network error' }],
      loadHalls: [{ output: HALLS }, { error: 'Network error' }],
      rebook: [{ output: MOVED }, { error: '新日期的学校免费名额不足以容纳本团的免费学生，请选择其他日期' }],
    },
  },
]);

describe('groupRebook: behaviour', () => {
  async function start(f: { facts?: GroupRebookFacts; rebook?: RebookResult | Error; halls?: HallPool[] } = {}) {
    const calls: Array<{ src: string; input: unknown }> = [];
    const machine = groupRebookMachine.provide({
      actors: {
        loadOrder: fromPromise<GroupRebookFacts, { orderId: number }>(async ({ input }) => {
          calls.push({ src: 'loadOrder', input });
          return f.facts ?? FACTS;
        }),
        loadCalendar: fromPromise<CalendarDay[], void>(async () => TEAM_CALENDAR),
        loadHalls: fromPromise<HallPool[], { date: string }>(async ({ input }) => {
          calls.push({ src: 'loadHalls', input });
          return f.halls ?? HALLS;
        }),
        rebook: fromPromise<RebookResult, GroupRebookRequest>(async ({ input }) => {
          calls.push({ src: 'rebook', input });
          const answer = f.rebook ?? MOVED;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await waitFor(actor, (s) => !s.matches('loading'));
    return { actor, calls };
  }

  type Actor = Awaited<ReturnType<typeof start>>['actor'];

  async function toSessions(actor: Actor) {
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: NEW_DAY });
    await waitFor(actor, (s) => s.matches({ session: 'ready' }));
  }

  it('a group with a ticket through the gate is refused on arrival, with the rule; nothing else is read', async () => {
    const { actor, calls } = await start({ facts: CHECKED_IN });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: REFUND_RULES.groupCheckedIn, message: REFUND_MESSAGES.groupCheckedIn }]);
    expect(calls.map((c) => c.src)).toEqual(['loadOrder']);
  });

  it('an order with nothing left to use is refused without a rule message (the screen says so)', async () => {
    const { actor } = await start({ facts: NOTHING_LEFT });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.violations).toEqual([]);
  });

  it("the calendar offers the available days but the group's own; only the group's hall is kept", async () => {
    const { actor, calls } = await start();
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    expect(pickableDays(actor.getSnapshot().context).map((d) => d.date)).toEqual([NEW_DAY]);
    actor.send({ type: 'PICK_DATE', date: VISIT_DATE });
    actor.send({ type: 'PICK_DATE', date: SOLD_OUT_DAY });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
    actor.send({ type: 'PICK_DATE', date: NEW_DAY });
    await waitFor(actor, (s) => s.matches({ session: 'ready' }));
    expect(actor.getSnapshot().context.halls.map((h) => h.hallId)).toEqual([MAIN_HALL]);
    expect(calls).toContainEqual({ src: 'loadHalls', input: { date: NEW_DAY } });
  });

  it('a session must take the whole group: one ticket left is refused with the stock rule', async () => {
    const { actor } = await start();
    await toSessions(actor);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: LAST_TICKET_SESSION });
    expect(actor.getSnapshot().matches({ session: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: ORDER_RULES.stock, message: fill(ORDER_MESSAGES.notEnough, { n: 1 }) }]);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: OTHER_HALL_SESSION });
    expect(actor.getSnapshot().context.hallScheduleId).toBeNull();
    actor.send({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.violations).toEqual([]);
  });

  it("sends the order and the session; the server's refusal returns to the confirmation with its message", async () => {
    const { actor, calls } = await start({ rebook: new Error('新日期的学校免费名额不足') });
    await toSessions(actor);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toEqual({ zh: '新日期的学校免费名额不足', en: '新日期的学校免费名额不足' });
    expect(calls.at(-1)).toEqual({ src: 'rebook', input: { orderId: GROUP_ORDER_ID, hallScheduleId: NEW_SESSION } });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ session: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
  });

  it('done keeps the new date', async () => {
    const { actor } = await start();
    await toSessions(actor);
    actor.send({ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(MOVED);
  });
});
