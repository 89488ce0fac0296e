import { createActor, fromPromise, SimulatedClock, waitFor, type EventFrom, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { waitingListMachine, STANDING_BY_REFRESH_MS, type WaitingListContext } from '../../machines/waitingList.machine.ts';
import { orderContextOf } from '../../machines/purchase.machine.ts';
import type { PlaceOrderAnswer } from '../../machines/purchase.machine.ts';
import type { OrderDraft } from '../../src/domain/types.ts';
import { DAY, ID_1, MAIN_HALL, NAME, PLACED, SESSION, SETTING, SOLD_OUT_DAY, SOLD_OUT_SESSION } from './purchase.fixtures.ts';
import { CALENDAR, CANDIDATE_HALLS, ENDS, STANDING } from './waitingList.fixtures.ts';
import { candidateOrderInBrowser, waitingListInBrowser } from '../paths/models/waitingList.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf, ordersObeyRules } from './outcomes.ts';
import type { PathModel } from './paths.ts';
import { simulatedTicker } from './ticker.ts';

pathSuite('waitingList', [
  {
    name: 'join a full session',
    machine: waitingListMachine,
    input: {},
    generators: ['cover'],
    // Joined agreed, verified, with visitors under every order rule (the stock is the list's business).
    outcome: (end) =>
      ordersObeyRules(end, ['join'], ({ snapshot }) => {
        const ctx = orderContextOf(snapshot.context as WaitingListContext);
        return ctx && { ...ctx, remaining: Number.MAX_SAFE_INTEGER };
      }),
    outcomes: {
      loadCalendar: [{ output: CALENDAR }, { error: 'Network error' }],
      loadHalls: [{ output: CANDIDATE_HALLS }, { error: 'Network error' }],
      loadSetting: [{ output: SETTING }, { error: 'Network error' }],
      join: [{ output: PLACED }, { output: { code: 500, msg: 'The waiting list for this session is full', data: null } }, { error: 'Network error' }],
    },
    // Each field is offered only until it is set, so that the graph stays small.
    events: ((s: SnapshotFrom<typeof waitingListMachine>) => {
      const c = s.context;
      const v = c.visitors[0];
      const out: EventFrom<typeof waitingListMachine>[] = [
        { type: 'RETRY' },
        { type: 'SUBMIT' },
        { type: 'SLIDER.PASSED', token: 'captcha-1' },
        { type: 'SLIDER.CANCEL' },
      ];
      if (c.date === null) out.push({ type: 'PICK_DATE', date: SOLD_OUT_DAY }, { type: 'PICK_DATE', date: DAY });
      if (c.hallScheduleId === null)
        out.push(
          { type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SOLD_OUT_SESSION },
          { type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION },
        );
      if (c.hallScheduleId !== null && v?.name === '' && c.visitors.length === 1) out.push({ type: 'BACK' });
      if (v && v.name === '') out.push({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
      if (v && v.certificateNumber === '') out.push({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 });
      if (c.visitors.length === 1 && v?.name === '') out.push({ type: 'VISITOR.ADD' });
      if (c.visitors.length === 2) out.push({ type: 'VISITOR.REMOVE', index: 1 });
      if (!c.agreementAccepted && v?.name !== '') out.push({ type: 'AGREEMENT.TOGGLE' });
      return out;
    }) as PathModel['events'],
  },
  {
    name: 'follow a candidate order',
    machine: waitingListMachine,
    input: { orderId: 7 },
    generators: ['cover'],
    // Only this order is ever cancelled.
    outcome: (end) => expect(callsOf(end, 'cancel').filter((id) => id !== 7)).toEqual([]),
    outcomes: {
      loadOrder: [{ output: STANDING }, ...ENDS.map((o) => ({ output: o })), { error: 'Network error' }],
      cancel: [{ output: { orderId: 7, status: 'canceled' } }, { error: 'This waiting-list order is no longer standing by and cannot be cancelled' }],
      ticker: [],
    },
    events: () => [{ type: 'RETRY' }, { type: 'TICK', now: STANDING_BY_REFRESH_MS }, { type: 'CANCEL' }],
  },
  {
    name: 'a day already chosen',
    machine: waitingListMachine,
    input: { date: SOLD_OUT_DAY },
    generators: ['cover'],
    outcomes: { loadHalls: [{ output: CANDIDATE_HALLS }], loadCalendar: [{ output: CALENDAR }] },
    events: () => [{ type: 'BACK' }],
  },
  waitingListInBrowser,
  candidateOrderInBrowser,
]);

describe('waitingList: behaviour', () => {
  it('takes only an open day and session, checks the visitors and the agreement, and sends the draft of the chosen session', async () => {
    const sent: Array<{ draft: OrderDraft }> = [];
    const machine = waitingListMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => CALENDAR),
        loadHalls: fromPromise(async () => CANDIDATE_HALLS),
        loadSetting: fromPromise(async () => SETTING),
        join: fromPromise(async ({ input }) => (sent.push(input), PLACED as PlaceOrderAnswer)),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches({ days: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: DAY });
    expect(actor.getSnapshot().matches({ days: 'ready' })).toBe(true); // tickets on sale: no list
    actor.send({ type: 'PICK_DATE', date: SOLD_OUT_DAY });
    await waitFor(actor, (s) => s.matches({ sessions: 'ready' }));
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION });
    expect(actor.getSnapshot().matches({ sessions: 'ready' })).toBe(true);
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SOLD_OUT_SESSION });
    await waitFor(actor, (s) => s.matches({ visitors: 'editing' }));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations.length).toBeGreaterThan(0);
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1.toLowerCase() });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toMatch(/agreement/i);
    actor.send({ type: 'AGREEMENT.TOGGLE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SLIDER.PASSED', token: 'captcha-1' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.orderId).toBe(PLACED.data!.orderId);
    expect(sent[0].draft).toMatchObject({
      visitDate: SOLD_OUT_DAY,
      hallScheduleId: SOLD_OUT_SESSION,
      captchaToken: 'captcha-1',
      visitors: [{ name: NAME, certificateNumber: ID_1 }],
    });
  });

  it('looks at a standing-by order again on the ticker until it succeeds; leaving reloads it', async () => {
    const clock = new SimulatedClock();
    const answers = [STANDING, STANDING, ENDS[0]];
    let loads = 0;
    const cancelled: number[] = [];
    const machine = waitingListMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => answers[Math.min(loads++, answers.length - 1)]),
        cancel: fromPromise(async ({ input }) => cancelled.push(input)),
        ticker: simulatedTicker(clock),
      },
    });
    const actor = createActor(machine, { input: { orderId: 7 } }).start();
    await waitFor(actor, (s) => s.matches({ order: 'standingBy' }));
    clock.increment(STANDING_BY_REFRESH_MS);
    await waitFor(actor, (s) => loads === 2 && s.matches({ order: 'standingBy' }));
    clock.increment(STANDING_BY_REFRESH_MS);
    await waitFor(actor, (s) => s.matches({ order: 'succeeded' }));
    expect(cancelled).toEqual([]);

    const leaving = createActor(
      waitingListMachine.provide({
        actors: {
          loadOrder: fromPromise(async () => (cancelled.length ? ENDS[2] : STANDING)),
          cancel: fromPromise(async ({ input }) => cancelled.push(input)),
          ticker: simulatedTicker(new SimulatedClock()),
        },
      }),
      { input: { orderId: 7 } },
    ).start();
    await waitFor(leaving, (s) => s.matches({ order: 'standingBy' }));
    leaving.send({ type: 'CANCEL' });
    await waitFor(leaving, (s) => s.matches({ order: 'cancelled' }));
    expect(cancelled).toEqual([7]);
  });
});
