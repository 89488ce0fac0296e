import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, ORDER_RULES } from '../../src/domain/orderRules.ts';
import type { CalendarDay, HallPersonSetting, HallPool, OrderDraft, PriceQuote, SeatMap } from '../../src/domain/types.ts';
import { cinemaSeatMachine } from '../../machines/cinemaSeat.machine.ts';
import {
  initialPurchaseContext,
  purchaseMachine,
  orderContextOf,
  type PlaceOrderAnswer,
  type PurchaseContext,
  type PurchaseEvent,
  type QueueAnswer,
  type UnpaidCheck,
} from '../../machines/purchase.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { liveSessionOf } from '../../src/domain/liveStock.ts';
import type { TickerInput } from '../../machines/ticker.ts';
import { QUEUE_POLL_MS, QUEUE_REQUIRED_CODE, QUEUE_STREAM_POLL_MS, QUEUE_TEXTS, type QueuePlacePush } from '../../src/domain/releaseQueue.ts';
import type { QueuePushInput } from '../../machines/live.ts';
import { purchaseInBrowser } from '../paths/models/purchase.ts';
import { callsOf, ordersObeyRules } from './outcomes.ts';
import { simulatedTicker } from './ticker.ts';
import type { PathModel } from './paths.ts';
import {
  CALENDAR,
  CINEMA_SETTING,
  CLOSED_HALL,
  CLOSED_HALL_SESSION,
  DAY,
  HALLS,
  ID_1,
  ID_2,
  MAIN_HALL,
  NAME,
  NO_ORDER,
  NOT_CREATED,
  NOT_RELEASED_DAY,
  OTHER_DAY,
  PLACED,
  QUEUE_ADMITTED,
  QUEUE_LEFT,
  QUEUE_OFF,
  QUEUE_OPEN,
  QUEUE_WAITING,
  QUOTE,
  RISK_REJECTED,
  SEAT_TAKEN,
  SESSION,
  SETTING,
  SOLD_OUT_DAY,
  SOLD_OUT_SESSION,
} from './purchase.fixtures.ts';

type Snapshot = SnapshotFrom<typeof purchaseMachine>;

/** The queue stream's pushes: the line moved by one, and her turn (read again for its window). */
const pushOf = (state: QueuePlacePush['state'], ahead: number) => ({
  type: 'QUEUE.PUSH' as const,
  push: {
    state,
    place: QUEUE_WAITING.place,
    ahead,
    estimateSeconds: state === 'waiting' ? 78 : null,
    now: QUEUE_WAITING.now + 1000,
    receivedAt: QUEUE_WAITING.receivedAt + 1000,
  },
});
const PUSHED_WAITING = pushOf('waiting', 39);
const PUSHED_ADMITTED = pushOf('admitted', 0);
/** The answers up to a place held in the waiting room (the queue pushes' model). */
const TO_THE_QUEUE: PathModel['outcomes'] = {
  loadCalendar: [{ output: CALENDAR }],
  loadHalls: [{ output: HALLS }],
  checkUnpaid: [{ output: { orderId: null } }],
  checkQueue: [{ output: QUEUE_WAITING }],
  ticker: [],
};

/** The user's event cases, per screen. Visitor edits are offered on the first visitor and
 * at most two visitors, so that the graph stays small; the 4-visitor limit has its own test. */
function events(s: Snapshot): PurchaseEvent[] {
  const out: PurchaseEvent[] = [];
  const pickDates: PurchaseEvent[] = [
    { type: 'PICK_DATE', date: DAY },
    { type: 'PICK_DATE', date: SOLD_OUT_DAY },
  ];
  if (s.matches({ date: 'ready' })) out.push(...pickDates, { type: 'PICK_DATE', date: NOT_RELEASED_DAY });
  if (s.matches({ date: 'failed' }) || s.matches({ venue: 'failed' }) || s.matches({ review: 'failed' })) {
    out.push({ type: 'RETRY' });
  }
  if (s.matches('venue')) out.push({ type: 'BACK' }, ...pickDates);
  if (s.matches({ venue: 'ready' })) {
    out.push(
      { type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION },
      { type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SOLD_OUT_SESSION },
      { type: 'PICK_SESSION', hallId: CLOSED_HALL, hallScheduleId: CLOSED_HALL_SESSION },
    );
  }
  if (s.matches('unpaidBlocked')) out.push({ type: 'GO_PAY' }, { type: 'DISMISS' });
  if (s.matches('goPay') || s.matches('placed') || s.matches('carted')) out.push({ type: 'RESET' });
  if (s.matches('visitors')) {
    const count = s.context.visitors.length;
    out.push({ type: 'CONFIRM' }, { type: 'BACK' }, { type: 'RESET' });
    if (count === 1) {
      out.push(
        { type: 'VISITOR.ADD' },
        { type: 'VISITOR.REMOVE', index: 0 },
        { type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME },
        { type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ` ${ID_1.toLowerCase()} ` },
        { type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: 'abc' },
        { type: 'VISITOR.CHANGE', index: 5, field: 'name', value: NAME },
      );
    }
    if (count === 2) out.push({ type: 'VISITOR.REMOVE', index: 1 });
  }
  if (s.matches('review')) out.push({ type: 'BACK' });
  if (s.matches({ review: 'ready' })) out.push({ type: 'AGREEMENT.TOGGLE' }, { type: 'SUBMIT' }, { type: 'ADD_TO_CART' });
  if (s.matches({ review: 'cartConflict' })) out.push({ type: 'EMPTY_CART' }, { type: 'DISMISS' });
  if (s.matches({ review: 'verifying' })) {
    out.push({ type: 'SLIDER.PASSED', token: 'captcha-token-1' }, { type: 'SLIDER.CANCEL' });
  }
  if (s.matches({ review: 'riskRejected' })) out.push({ type: 'DISMISS' });
  if (s.matches({ queue: 'joining' })) out.push({ type: 'SLIDER.PASSED', token: 'captcha-token-q' }, { type: 'SLIDER.CANCEL' });
  if (s.matches('queue')) out.push({ type: 'BACK' });
  if (s.matches({ queue: 'waiting' })) out.push({ type: 'TICK', now: QUEUE_WAITING.receivedAt + 1000 });
  if (s.matches({ queue: 'lost' })) out.push({ type: 'JOIN' });
  return out;
}

pathSuite('purchase', [
  {
    name: 'all cases',
    machine: purchaseMachine,
    generators: ['cover'],
    // An order sent was agreed, verified and within every rule; a cart add was agreed and within the rules.
    outcome: (end) => {
      const ctx = () => orderContextOf(end.snapshot.context as PurchaseContext);
      ordersObeyRules(end, ['placeOrder'], ctx);
      ordersObeyRules(end, ['addToCart'], ctx, false);
    },
    events: events as PathModel['events'],
    outcomes: {
      loadCalendar: [{ output: CALENDAR }, { error: 'Network error' }],
      loadHalls: [{ output: HALLS }, { error: 'Network error' }],
      checkUnpaid: [{ output: { orderId: null } }, { output: { orderId: 77 } }, { error: 'Network error' }],
      loadSetting: [{ output: SETTING }, { error: 'Network error' }],
      calculatePrice: [{ output: QUOTE }, { error: 'Network error' }],
      placeOrder: [{ output: PLACED }, { output: NO_ORDER }, { output: RISK_REJECTED }, { output: NOT_CREATED }, { error: '该场次已售罄' }],
      addToCart: [
        { output: { code: 200, msg: '' } },
        { output: { code: 600, msg: 'The cart holds tickets of 2026-12-03' } },
        { output: RISK_REJECTED },
        { error: 'Network error' },
      ],
      emptyCart: [{ output: null }, { error: 'Network error' }],
      checkQueue: [{ output: QUEUE_OFF }, { output: QUEUE_OPEN }, { output: QUEUE_WAITING }, { output: QUEUE_ADMITTED }, { error: 'Network error' }],
      enterQueue: [{ output: QUEUE_WAITING }, { output: QUEUE_ADMITTED }, { output: QUEUE_OFF }, { error: '安全验证已失效，请重新验证' }],
      readQueue: [{ output: QUEUE_WAITING }, { output: QUEUE_ADMITTED }, { output: QUEUE_LEFT }, { output: QUEUE_OFF }, { error: 'Network error' }],
      ticker: [],
    },
  },
  {
    // The live stream's pushes on the calendar and the halls, what the screens already show (a
    // change of it is tested below): a model of their own, since in the one of all cases each
    // push doubled the graph behind it (minutes to generate).
    name: 'live pushes',
    machine: purchaseMachine,
    generators: ['cover'],
    events: ((s: Snapshot): PurchaseEvent[] => {
      if (s.matches({ date: 'ready' }))
        return [
          { type: 'PICK_DATE', date: DAY },
          { type: 'LIVE', push: { event: 'calendar', data: { days: CALENDAR } } },
        ];
      if (s.matches({ venue: 'ready' })) {
        const sessions = HALLS.flatMap((h) => h.scheduleTicketPoolVOS.map(liveSessionOf));
        return [{ type: 'LIVE', push: { event: 'sessions', data: { date: DAY, sessions } } }];
      }
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadCalendar: [{ output: CALENDAR }],
      loadHalls: [{ output: HALLS }],
      checkQueue: [{ output: QUEUE_OFF }],
      ticker: [],
    },
  },
  {
    // The seat map of a cinema where the visitor picks: only the events that lead through it.
    name: 'cinema seats',
    machine: purchaseMachine,
    generators: ['cover'],
    events: ((s: Snapshot): PurchaseEvent[] => {
      if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: DAY }];
      if (s.matches({ venue: 'ready' })) return [{ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION }];
      if (s.matches('visitors')) {
        return [
          { type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME },
          { type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 },
          { type: 'CONFIRM' },
        ];
      }
      if (s.matches('seats')) return [{ type: 'BACK' }];
      if (s.matches({ review: 'ready' })) return [{ type: 'AGREEMENT.TOGGLE' }, { type: 'SUBMIT' }, { type: 'ADD_TO_CART' }, { type: 'CHANGE_SEATS' }];
      if (s.matches({ review: 'verifying' })) return [{ type: 'SLIDER.PASSED', token: 'captcha-token-1' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadCalendar: [{ output: CALENDAR }],
      loadHalls: [{ output: HALLS }],
      checkUnpaid: [{ output: { orderId: null } }],
      checkQueue: [{ output: QUEUE_OFF }],
      ticker: [],
      loadSetting: [{ output: CINEMA_SETTING }],
      cinemaSeat: [{ output: { seats: ['3-4'], places: [{ rowLabel: '3', seatLabel: '4' }] } }],
      calculatePrice: [{ output: QUOTE }],
      placeOrder: [{ output: PLACED }, { output: SEAT_TAKEN }],
      addToCart: [{ output: { code: 200, msg: '' } }, { output: { code: 505, msg: 'A seat you chose has just been taken: please choose again' } }],
    },
  },
  {
    // The waiting room's pushes (docs/architecture.md §12): her progress, her turn, a stream lost;
    // a model of their own, as the live stock's.
    name: 'queue pushes',
    machine: purchaseMachine,
    generators: ['cover'],
    events: ((s: Snapshot): PurchaseEvent[] => {
      if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: DAY }];
      if (s.matches({ venue: 'ready' })) return [{ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION }];
      if (s.matches({ queue: 'waiting' })) return [PUSHED_WAITING, PUSHED_ADMITTED, { type: 'QUEUE.PUSH_LOST' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      ...TO_THE_QUEUE,
      readQueue: [{ output: QUEUE_WAITING }, { output: QUEUE_ADMITTED }],
      loadSetting: [{ output: SETTING }],
    },
  },
  {
    // The room opened (a surge), or her admission ran out, while she filled the form: her submit
    // or cart add is refused with the room's code and takes her there; through it, her visitors.
    name: 'sent to the room',
    machine: purchaseMachine,
    generators: ['cover'],
    events: ((s: Snapshot): PurchaseEvent[] => {
      if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: DAY }];
      if (s.matches({ venue: 'ready' })) return [{ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION }];
      if (s.matches('visitors') && !s.context.visitors[0]?.name) {
        return [
          { type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME },
          { type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 },
        ];
      }
      if (s.matches('visitors')) return [{ type: 'CONFIRM' }, { type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 }];
      if (s.matches({ review: 'ready' })) return s.context.agreementAccepted ? [{ type: 'SUBMIT' }, { type: 'ADD_TO_CART' }] : [{ type: 'AGREEMENT.TOGGLE' }];
      if (s.matches({ review: 'verifying' })) return [{ type: 'SLIDER.PASSED', token: 'captcha-token-1' }];
      if (s.matches({ queue: 'joining' })) return [{ type: 'SLIDER.PASSED', token: 'captcha-token-q' }];
      return [];
    }) as PathModel['events'],
    // Her visitors are sent as she left them, whichever way she came back.
    outcome: (end) => {
      for (const { draft } of [...callsOf(end, 'placeOrder'), ...callsOf(end, 'addToCart')] as Array<{ draft: OrderDraft }>) {
        expect(draft.visitors.map((v) => v.certificateNumber)).toEqual([ID_1]);
      }
    },
    outcomes: {
      ...TO_THE_QUEUE,
      checkQueue: [{ output: QUEUE_OFF }, { output: QUEUE_OPEN }, { output: QUEUE_ADMITTED }],
      enterQueue: [{ output: QUEUE_ADMITTED }],
      loadSetting: [{ output: SETTING }],
      calculatePrice: [{ output: QUOTE }],
      placeOrder: [{ output: PLACED }, { error: QUEUE_TEXTS.needAdmission.en, code: QUEUE_REQUIRED_CODE }],
      addToCart: [{ output: { code: 200, msg: '' } }, { error: QUEUE_TEXTS.admissionOver.en, code: QUEUE_REQUIRED_CODE }],
    },
  },
  {
    name: 'orderings',
    machine: purchaseMachine,
    generators: ['simple'],
    events: ((s: Snapshot): PurchaseEvent[] => {
      if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: DAY }];
      if (s.matches({ venue: 'ready' })) return [{ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION }];
      if (s.matches('visitors')) {
        return [
          { type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME },
          { type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 },
          { type: 'CONFIRM' },
        ];
      }
      if (s.matches({ review: 'ready' })) return [{ type: 'AGREEMENT.TOGGLE' }, { type: 'SUBMIT' }];
      if (s.matches({ review: 'verifying' })) return [{ type: 'SLIDER.PASSED', token: 'captcha-token-1' }];
      if (s.matches({ review: 'riskRejected' })) return [{ type: 'DISMISS' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadCalendar: [{ output: CALENDAR }],
      loadHalls: [{ output: HALLS }],
      checkUnpaid: [{ output: { orderId: null } }],
      checkQueue: [{ output: QUEUE_OFF }],
      ticker: [],
      loadSetting: [{ output: SETTING }],
      calculatePrice: [{ output: QUOTE }],
      placeOrder: [{ output: PLACED }, { output: NO_ORDER }, { output: RISK_REJECTED }],
    },
  },
  purchaseInBrowser,
]);

describe('purchase: behaviour', () => {
  interface Fakes {
    unpaid?: number | null;
    answers?: Array<PlaceOrderAnswer | Error>;
  }

  function fakeActors(f: Fakes, placed: OrderDraft[]) {
    const answers = [...(f.answers ?? [PLACED])];
    return {
      loadCalendar: fromPromise<CalendarDay[], void>(async () => CALENDAR),
      loadHalls: fromPromise<HallPool[], { date: string }>(async () => HALLS),
      checkUnpaid: fromPromise<UnpaidCheck, void>(async () => ({ orderId: f.unpaid ?? null })),
      checkQueue: fromPromise<QueueAnswer, { date: string }>(async () => QUEUE_OFF),
      ticker: fromCallback<EventObject, TickerInput>(() => undefined),
      loadSetting: fromPromise<HallPersonSetting, { hallId: number }>(async () => SETTING),
      calculatePrice: fromPromise<PriceQuote, { draft: OrderDraft }>(async () => QUOTE),
      placeOrder: fromPromise<PlaceOrderAnswer, { draft: OrderDraft }>(async ({ input }) => {
        placed.push(input.draft);
        const answer = answers.length > 1 ? answers.shift()! : answers[0];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    };
  }

  function start(f: Fakes = {}, cart: { answers: number[]; emptied: number } = { answers: [200], emptied: 0 }) {
    const placed: OrderDraft[] = [];
    const machine = purchaseMachine.provide({
      actors: {
        ...fakeActors(f, placed),
        addToCart: fromPromise<{ code: number; msg: string }, { draft: OrderDraft }>(async () => ({
          code: cart.answers.shift() ?? 200,
          msg: '',
        })),
        emptyCart: fromPromise<unknown, void>(async () => void cart.emptied++),
      },
    });
    const actor = createActor(machine).start();
    return { actor, placed, machine };
  }

  type Actor = ReturnType<typeof start>['actor'];

  async function toVisitors(actor: Actor) {
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: DAY });
    await waitFor(actor, (s) => s.matches({ venue: 'ready' }));
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION });
    await waitFor(actor, (s) => !s.matches('checkingUnpaid') && !s.matches('loadingSetting'));
  }

  it('takes the pushed counts of the day in: a session sold out meanwhile turns disabled and cannot be picked', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'LIVE', push: { event: 'calendar', data: { days: CALENDAR.map((d) => (d.date === DAY ? { ...d, remaining: 1 } : d)) } } });
    expect(actor.getSnapshot().context.calendar.find((d) => d.date === DAY)?.remaining).toBe(1);
    actor.send({ type: 'PICK_DATE', date: DAY });
    await waitFor(actor, (s) => s.matches({ venue: 'ready' }));
    const sold = {
      hallScheduleId: SESSION,
      ticketPool: 0,
      state: 'soldOut',
      disabled: true,
      disabledText: 'Sold out',
      status: 2,
      candidateLevel: null,
    } as const;
    // Another day's push changes nothing here.
    actor.send({ type: 'LIVE', push: { event: 'sessions', data: { date: OTHER_DAY, sessions: [sold] } } });
    expect(actor.getSnapshot().context.halls).toEqual(HALLS);
    actor.send({ type: 'LIVE', push: { event: 'sessions', data: { date: DAY, sessions: [sold] } } });
    const session = actor
      .getSnapshot()
      .context.halls.find((h) => h.hallId === MAIN_HALL)!
      .scheduleTicketPoolVOS.find((x) => x.hallScheduleId === SESSION);
    expect(session).toMatchObject({ ticketPool: 0, state: 'soldOut', disabled: true, disabledText: 'Sold out' });
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION });
    expect(actor.getSnapshot().matches({ venue: 'ready' })).toBe(true);
  });

  async function toReview(actor: Actor) {
    await toVisitors(actor);
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ review: 'ready' }));
  }

  async function submit(actor: Actor, token: string) {
    if (!actor.getSnapshot().context.agreementAccepted) actor.send({ type: 'AGREEMENT.TOGGLE' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ review: 'verifying' })).toBe(true);
    actor.send({ type: 'SLIDER.PASSED', token });
    await waitFor(actor, (s) => !s.matches({ review: 'submitting' }));
  }

  it('in a cinema where the visitor picks, the seats come between visitors and review, and a taken seat sends the visitor back to the map', async () => {
    const placed: OrderDraft[] = [];
    const seat = (col: number) => ({ row: 3, col, rowLabel: '3', seatLabel: String(col), state: 'available' as const });
    const map: SeatMap = { hallScheduleId: SESSION, chooseMode: 1, rows: 3, cols: 6, seats: [seat(4), seat(5)] };
    const machine = purchaseMachine.provide({
      actors: {
        ...fakeActors({ answers: [SEAT_TAKEN, PLACED] }, placed),
        loadSetting: fromPromise<HallPersonSetting, { hallId: number }>(async () => CINEMA_SETTING),
        cinemaSeat: cinemaSeatMachine.provide({
          actors: { loadMap: fromPromise<SeatMap, number>(async () => map), ticker: simulatedTicker(new SimulatedClock()) },
        }),
      },
    });
    const actor = createActor(machine).start();
    // The seat map is the purchase's child actor while it is in `seats`.
    const seatMap = () => actor.getSnapshot().children.cinemaSeat as ActorRefFrom<typeof cinemaSeatMachine>;
    const pick = async (seatNumber: string) => {
      await waitFor(seatMap(), (s) => s.matches('picking'));
      seatMap().send({ type: 'TOGGLE', seat: seatNumber });
      seatMap().send({ type: 'CONFIRM' });
      await waitFor(actor, (s) => s.matches({ review: 'ready' }));
    };
    await toVisitors(actor);
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 });
    actor.send({ type: 'CONFIRM' });
    await pick('3-4');
    expect(actor.getSnapshot().context.seats).toEqual(['3-4']);
    await submit(actor, 'captcha-token-1');
    // 505: back to the map; the refused seat is no longer chosen and the message says why.
    expect(actor.getSnapshot().matches('seats')).toBe(true);
    await waitFor(seatMap(), (s) => s.matches('picking'));
    // The seat the server refused is named, as printed on the ticket.
    expect(seatMap().getSnapshot().context).toMatchObject({ selected: [], error: { en: 'Row 3, seat 4 has just been taken: please choose again' } });
    await pick('3-5');
    await submit(actor, 'captcha-token-2');
    await waitFor(actor, (s) => s.matches('placed'));
    expect(placed.map((d) => d.seats)).toEqual([['3-4'], ['3-5']]);
  });

  it('a price that cannot be worked out again leaves no earlier price to read or submit', async () => {
    const prices: Array<PriceQuote | Error> = [QUOTE, new Error('Network error')];
    const machine = purchaseMachine.provide({
      actors: {
        ...fakeActors({}, []),
        calculatePrice: fromPromise<PriceQuote, { draft: OrderDraft }>(async () => {
          const price = prices.shift()!;
          if (price instanceof Error) throw price;
          return price;
        }),
      },
    });
    const actor = createActor(machine).start();
    await toReview(actor);
    expect(actor.getSnapshot().context.quote).toEqual(QUOTE);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'VISITOR.ADD' });
    actor.send({ type: 'VISITOR.CHANGE', index: 1, field: 'name', value: NAME });
    actor.send({ type: 'VISITOR.CHANGE', index: 1, field: 'certificateNumber', value: ID_2 });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ review: 'failed' }));
    expect(actor.getSnapshot().context.quote).toBeNull();
  });

  it('a submit refused because the day now sells through its waiting room takes her there, and back to her visitors once admitted', async () => {
    const placed: OrderDraft[] = [];
    // The room opened (a surge) while she filled the form: no queue when she picked the session.
    const reads = [QUEUE_OFF, QUEUE_ADMITTED];
    const roomOpened = Object.assign(new Error(QUEUE_TEXTS.needAdmission.en), { code: QUEUE_REQUIRED_CODE });
    const machine = purchaseMachine.provide({
      actors: {
        ...fakeActors({ answers: [roomOpened, PLACED] }, placed),
        checkQueue: fromPromise<QueueAnswer, { date: string }>(async () => reads.shift() ?? QUEUE_OFF),
      },
    });
    const actor = createActor(machine).start();
    await toReview(actor);
    await submit(actor, 'captcha-token-1');
    await waitFor(actor, (s) => s.matches('visitors'));
    expect(actor.getSnapshot().context).toMatchObject({ queue: { state: 'admitted' }, draftKept: false, error: null });
    expect(actor.getSnapshot().context.visitors[0]).toMatchObject({ name: NAME, certificateNumber: ID_1 });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ review: 'ready' }));
    await submit(actor, 'captcha-token-2');
    await waitFor(actor, (s) => s.matches('placed'));
    expect(placed.map((d) => d.visitors.map((v) => v.certificateNumber))).toEqual([[ID_1], [ID_1]]);
    expect(placed.map((d) => d.captchaToken)).toEqual(['captcha-token-1', 'captcha-token-2']);
  });

  it('the cart needs the agreement, and a cart of another date is emptied only when the visitor agrees', async () => {
    const cart = { answers: [600, 200], emptied: 0 };
    const { actor, placed } = start({}, cart);
    await toReview(actor);
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(ORDER_MESSAGES.agreement);
    actor.send({ type: 'AGREEMENT.TOGGLE' });
    actor.send({ type: 'ADD_TO_CART' });
    await waitFor(actor, (s) => s.matches({ review: 'cartConflict' }));
    expect(cart.emptied).toBe(0);
    actor.send({ type: 'EMPTY_CART' });
    await waitFor(actor, (s) => s.matches('carted'));
    expect(cart.emptied).toBe(1);
    expect(placed).toEqual([]);
  });

  it('only an available day and a selectable session can be picked', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: SOLD_OUT_DAY });
    actor.send({ type: 'PICK_DATE', date: '2030-01-01' });
    expect(actor.getSnapshot().matches({ date: 'ready' })).toBe(true);
    actor.send({ type: 'PICK_DATE', date: DAY });
    await waitFor(actor, (s) => s.matches({ venue: 'ready' }));
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SOLD_OUT_SESSION });
    actor.send({ type: 'PICK_SESSION', hallId: CLOSED_HALL, hallScheduleId: CLOSED_HALL_SESSION });
    expect(actor.getSnapshot().matches({ venue: 'ready' })).toBe(true);
    // Another day from the venue screen reloads the halls of that day.
    actor.send({ type: 'PICK_DATE', date: OTHER_DAY });
    expect(actor.getSnapshot().matches({ venue: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.date).toBe(OTHER_DAY);
  });

  it('an unpaid order blocks ordering: GO_PAY or DISMISS', async () => {
    const { actor } = start({ unpaid: 77 });
    await toVisitors(actor);
    expect(actor.getSnapshot().value).toBe('unpaidBlocked');
    expect(actor.getSnapshot().context.unpaidOrderId).toBe(77);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ venue: 'ready' })).toBe(true);
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches('unpaidBlocked'));
    actor.send({ type: 'GO_PAY' });
    expect(actor.getSnapshot().value).toBe('goPay');
    expect(actor.getSnapshot().context.unpaidOrderId).toBe(77);
  });

  it('starts with one empty visitor of the first price; at most 4 visitors, at least 1', async () => {
    const { actor } = start();
    await toVisitors(actor);
    expect(actor.getSnapshot().context.visitors).toEqual([{ name: '', certificateType: '1', certificateNumber: '', ticketPriceId: 1001 }]);
    actor.send({ type: 'VISITOR.REMOVE', index: 0 });
    expect(actor.getSnapshot().context.visitors).toHaveLength(1);
    for (let i = 0; i < 5; i++) actor.send({ type: 'VISITOR.ADD' });
    expect(actor.getSnapshot().context.visitors).toHaveLength(4);
    actor.send({ type: 'VISITOR.REMOVE', index: 3 });
    expect(actor.getSnapshot().context.visitors).toHaveLength(3);
  });

  it('invalid visitors show violations and stay; a fixed field loses its violation, new ones wait for CONFIRM', async () => {
    const { actor } = start();
    await toVisitors(actor);
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: 'abc' });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ visitors: 'editing' })).toBe(true);
    const shown = actor.getSnapshot().context.violations;
    expect(shown.map((v) => [v.rule, v.field?.name])).toEqual([
      [ORDER_RULES.name, 'name'],
      [ORDER_RULES.certificate, 'certificateNumber'],
    ]);

    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    expect(actor.getSnapshot().context.violations.map((v) => v.rule)).toEqual([ORDER_RULES.certificate]);
    // Normalized as typed: outer spaces gone, letters upper case.
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ` ${ID_1.toLowerCase()} ` });
    expect(actor.getSnapshot().context.visitors[0].certificateNumber).toBe(ID_1);
    expect(actor.getSnapshot().context.violations).toEqual([]);

    // A second visitor with the same certificate: nothing shown until CONFIRM.
    actor.send({ type: 'VISITOR.ADD' });
    actor.send({ type: 'VISITOR.CHANGE', index: 1, field: 'name', value: '李四' });
    actor.send({ type: 'VISITOR.CHANGE', index: 1, field: 'certificateNumber', value: ID_1 });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.violations.map((v) => [v.rule, v.field?.index])).toEqual([[ORDER_RULES.duplicateCertificate, 1]]);
    actor.send({ type: 'VISITOR.CHANGE', index: 1, field: 'certificateNumber', value: ID_2 });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ review: 'pricing' })).toBe(true);
  });

  it('SUBMIT without the agreement shows the agreement message', async () => {
    const { actor } = start();
    await toReview(actor);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(ORDER_MESSAGES.agreement);
    actor.send({ type: 'AGREEMENT.TOGGLE' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ review: 'verifying' })).toBe(true);
    actor.send({ type: 'SLIDER.CANCEL' });
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
  });

  it('502 gives no order: the message is shown and the slider token is not reused', async () => {
    const { actor, placed } = start({ answers: [NO_ORDER, PLACED] });
    await toReview(actor);
    await submit(actor, 'token-1');
    const s = actor.getSnapshot();
    expect(s.matches({ review: 'ready' })).toBe(true);
    expect(s.context.orderId).toBeNull();
    expect(s.context.error).toEqual({ zh: NO_ORDER.msg, en: NO_ORDER.msg });
    expect(s.context.captchaToken).toBeNull();
    expect(placed[0]).toMatchObject({
      visitDate: DAY,
      hallId: MAIN_HALL,
      hallScheduleId: SESSION,
      agreementAccepted: true,
      captchaToken: 'token-1',
      visitors: [{ name: NAME, certificateType: '1', certificateNumber: ID_1, ticketPriceId: 1001 }],
    });
    await submit(actor, 'token-2');
    expect(placed[1].captchaToken).toBe('token-2');
    expect(actor.getSnapshot().value).toBe('placed');
    expect(actor.getSnapshot().context.orderId).toBe(9001);
  });

  it('risk policy 0 rejects with the prompt; above 0 the order goes through', async () => {
    const { actor } = start({ answers: [RISK_REJECTED, PLACED] });
    await toReview(actor);
    await submit(actor, 'token-1');
    expect(actor.getSnapshot().matches({ review: 'riskRejected' })).toBe(true);
    expect(actor.getSnapshot().context.riskPrompt).toBe(RISK_REJECTED.data!.riskPrompt);
    expect(actor.getSnapshot().context.orderId).toBeNull();
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.riskPrompt).toBeNull();
    await submit(actor, 'token-2');
    expect(PLACED.data!.riskPolicy).toBeGreaterThan(0);
    expect(actor.getSnapshot().value).toBe('placed');
    expect(actor.getSnapshot().context.orderId).toBe(9001);
  });

  it('a refused or failed call returns to the review with its message and clears the token', async () => {
    const { actor } = start({ answers: [new Error('该场次已售罄'), NOT_CREATED] });
    await toReview(actor);
    await submit(actor, 'token-1');
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ zh: '该场次已售罄', en: '该场次已售罄' });
    expect(actor.getSnapshot().context.captchaToken).toBeNull();
    await submit(actor, 'token-2');
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ zh: NOT_CREATED.msg, en: NOT_CREATED.msg });
  });

  it('RESET starts over with a fresh context, also after the order is placed', async () => {
    const { actor } = start();
    await toReview(actor);
    await submit(actor, 'token-1');
    expect(actor.getSnapshot().value).toBe('placed');
    actor.send({ type: 'RESET' });
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    expect(actor.getSnapshot().context).toEqual({ ...initialPurchaseContext(), calendar: CALENDAR });
  });

  it('a persisted snapshot (JSON, as in sessionStorage) restores and continues', async () => {
    const first = start();
    await toVisitors(first.actor);
    first.actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    first.actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 });
    const stored = JSON.stringify(first.actor.getPersistedSnapshot());
    first.actor.stop();

    const placed: OrderDraft[] = [];
    const machine = purchaseMachine.provide({ actors: fakeActors({}, placed) });
    const actor = createActor(machine, { snapshot: JSON.parse(stored) }).start();
    expect(actor.getSnapshot().matches({ visitors: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.visitors[0]).toMatchObject({ name: NAME, certificateNumber: ID_1 });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ review: 'ready' }));
    expect(actor.getSnapshot().context.quote).toEqual(QUOTE);

    // Persisted while a call was running: the call runs again after the restore.
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ review: 'pricing' })).toBe(true);
    const midCall = JSON.stringify(actor.getPersistedSnapshot());
    actor.stop();
    const again = createActor(machine, { snapshot: JSON.parse(midCall) }).start();
    await waitFor(again, (s) => s.matches({ review: 'ready' }));
    await submit(again, 'token-1');
    expect(again.getSnapshot().value).toBe('placed');
    expect(placed).toHaveLength(1);
  });
});

describe('purchase: the release queue', () => {
  it('waits in line, is admitted, and counts the time left to submit down on the server clock', async () => {
    const reads = [QUEUE_WAITING, { ...QUEUE_ADMITTED, now: QUEUE_WAITING.now + 3000, receivedAt: QUEUE_WAITING.receivedAt + 3000 }];
    const entered: Array<{ date: string; captchaToken: string }> = [];
    const clock = new SimulatedClock();
    const machine = purchaseMachine.provide({
      actors: {
        loadCalendar: fromPromise<CalendarDay[], void>(async () => CALENDAR),
        loadHalls: fromPromise<HallPool[], { date: string }>(async () => HALLS),
        checkUnpaid: fromPromise<UnpaidCheck, void>(async () => ({ orderId: null })),
        checkQueue: fromPromise<QueueAnswer, { date: string }>(async () => QUEUE_OPEN),
        enterQueue: fromPromise<QueueAnswer, { date: string; captchaToken: string }>(async ({ input }) => (entered.push(input), QUEUE_WAITING)),
        readQueue: fromPromise<QueueAnswer, { ticket: string }>(async () => reads.shift()!),
        loadSetting: fromPromise<HallPersonSetting, { hallId: number }>(async () => SETTING),
        ticker: fromCallback<EventObject, TickerInput>(() => undefined),
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: DAY });
    await waitFor(actor, (s) => s.matches({ venue: 'ready' }));
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches({ queue: 'joining' }));
    actor.send({ type: 'SLIDER.PASSED', token: 'slider-at-the-door' });
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }));
    // The slider's token went with the entry, and is spent.
    expect(entered).toEqual([{ date: DAY, captchaToken: 'slider-at-the-door' }]);
    expect(actor.getSnapshot().context.captchaToken).toBeNull();
    expect(actor.getSnapshot().context.queue).toMatchObject({ ahead: 40, estimateSeconds: 80 });
    // Read again after a while: still in line, then admitted.
    clock.increment(QUEUE_POLL_MS);
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }) && reads.length === 1);
    clock.increment(QUEUE_POLL_MS);
    await waitFor(actor, (s) => s.matches('visitors'));
    const admitted = actor.getSnapshot().context.queue!;
    // The phone's clock runs 1 s behind the server's: a TICK at the phone's time of arrival + 1 s is the server's + 1 s.
    actor.send({ type: 'TICK', now: admitted.receivedAt + 1000 });
    expect(actor.getSnapshot().context.serverNow).toBe(admitted.now + 1000);
    expect(admitted.admitUntil! - actor.getSnapshot().context.serverNow).toBe(116_000);
  });

  /** A visitor who picked a session of a day whose queue is open and holds her place, waiting. */
  async function toWaiting(
    clock: SimulatedClock,
    actors: {
      readQueue: ReturnType<typeof fromPromise<QueueAnswer, { ticket: string }>>;
      queuePush: ReturnType<typeof fromCallback<EventObject, QueuePushInput>>;
    },
  ) {
    const machine = purchaseMachine.provide({
      actors: {
        loadCalendar: fromPromise<CalendarDay[], void>(async () => CALENDAR),
        loadHalls: fromPromise<HallPool[], { date: string }>(async () => HALLS),
        checkUnpaid: fromPromise<UnpaidCheck, void>(async () => ({ orderId: null })),
        checkQueue: fromPromise<QueueAnswer, { date: string }>(async () => QUEUE_WAITING),
        loadSetting: fromPromise<HallPersonSetting, { hallId: number }>(async () => SETTING),
        ticker: fromCallback<EventObject, TickerInput>(() => undefined),
        ...actors,
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: DAY });
    await waitFor(actor, (s) => s.matches({ venue: 'ready' }));
    actor.send({ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }));
    return actor;
  }

  it('goes on to the booking the moment her turn is pushed, without waiting for the next read; the pushes slow the reads that keep her place', async () => {
    const reads: string[] = [];
    const answers = [QUEUE_WAITING, { ...QUEUE_ADMITTED, now: QUEUE_WAITING.now + 1500, receivedAt: QUEUE_WAITING.receivedAt + 1500 }];
    const streams: Array<{ input: QueuePushInput; send: (e: PurchaseEvent) => void; open: boolean }> = [];
    const clock = new SimulatedClock();
    const actor = await toWaiting(clock, {
      readQueue: fromPromise<QueueAnswer, { ticket: string }>(async ({ input }) => (reads.push(input.ticket), answers.shift()!)),
      queuePush: fromCallback<EventObject, QueuePushInput>(({ input, sendBack }) => {
        const stream = { input, send: sendBack, open: true };
        streams.push(stream);
        return () => void (stream.open = false);
      }),
    });
    // The stream follows her place with its ticket; its first push is where she stands.
    expect(streams.map((x) => x.input)).toEqual([{ date: DAY, ticket: 'queue-ticket-1', ahead: 40 }]);
    streams[0].send(PUSHED_WAITING);
    expect(actor.getSnapshot().context.queue).toMatchObject({ ahead: 39, estimateSeconds: 78, now: QUEUE_WAITING.now + 1000 });
    // With the pushes coming, no read after 3 s; one after 15 s, which keeps her place.
    clock.increment(QUEUE_POLL_MS);
    expect(actor.getSnapshot().matches({ queue: 'waiting' })).toBe(true);
    expect(reads).toHaveLength(0);
    clock.increment(QUEUE_STREAM_POLL_MS - QUEUE_POLL_MS);
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }) && reads.length === 1);
    // Her turn is pushed: read at once (no clock moved) for the window to submit, and in.
    const open = streams.at(-1)!;
    open.send(PUSHED_ADMITTED);
    await waitFor(actor, (s) => s.matches('visitors'));
    expect(reads).toEqual(['queue-ticket-1', 'queue-ticket-1']);
    expect(actor.getSnapshot().context.queue).toMatchObject({ state: 'admitted', admitUntil: QUEUE_ADMITTED.admitUntil });
    expect(open.open).toBe(false);
  });

  it('reads every 3 s again when the stream is refused or drops', async () => {
    const reads: number[] = [];
    const streams: Array<(e: PurchaseEvent) => void> = [];
    const clock = new SimulatedClock();
    const actor = await toWaiting(clock, {
      readQueue: fromPromise<QueueAnswer, { ticket: string }>(async () => (reads.push(clock.now()), QUEUE_WAITING)),
      queuePush: fromCallback<EventObject, QueuePushInput>(({ sendBack }) => void streams.push(sendBack)),
    });
    // Refused before any push: nothing changes, the reads stay every 3 s.
    streams[0]({ type: 'QUEUE.PUSH_LOST' });
    clock.increment(QUEUE_POLL_MS);
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }) && reads.length === 1);
    // A stream that pushed, then dropped: read at once, then every 3 s again.
    streams[1](PUSHED_WAITING);
    streams[1]({ type: 'QUEUE.PUSH_LOST' });
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }) && reads.length === 2);
    expect(reads[1]).toBe(reads[0]);
    expect(actor.getSnapshot().context.queuePushed).toBe(false);
    clock.increment(QUEUE_POLL_MS);
    await waitFor(actor, (s) => s.matches({ queue: 'waiting' }) && reads.length === 3);
  });
});
