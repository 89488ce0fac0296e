/** A small museum day for the purchase machine's tests. */
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import type { CalendarDay, HallPersonSetting, HallPool, PriceQuote, PlaceOrderResult, PricePool, SeatTaken } from '../../src/domain/types.ts';
import type { PlaceOrderAnswer, QueueAnswer } from '../../machines/purchase.machine.ts';

export const DAY = '2026-12-01';
export const SOLD_OUT_DAY = '2026-12-02';
export const OTHER_DAY = '2026-12-03';
/** A day awaiting its release: opened through the release queue. */
export const NOT_RELEASED_DAY = '2026-12-04';

export const CALENDAR: CalendarDay[] = [
  { date: DAY, state: 'available', remaining: 120, reason: null },
  { date: SOLD_OUT_DAY, state: 'soldOut', remaining: 0, reason: 'Sold out' },
  { date: OTHER_DAY, state: 'available', remaining: 80, reason: null },
  { date: NOT_RELEASED_DAY, state: 'notReleased', remaining: 0, reason: 'Released at 2026-11-24 20:00' },
];

export const ADULT: PricePool = {
  ticketPriceId: 1001,
  name: 'Adult',
  kind: 'adult',
  price: 3000,
  ageMin: null,
  ageMax: null,
  isChildFreeTicket: false,
};

export const MAIN_HALL = 1;
export const SESSION = 11;
export const SOLD_OUT_SESSION = 12;
export const CLOSED_HALL = 2;
export const CLOSED_HALL_SESSION = 21;

export const HALLS: HallPool[] = [
  {
    hallId: MAIN_HALL,
    hallKey: 'main',
    cinema: false,
    name: 'Main hall',
    intro: '',
    ageNote: null,
    disabled: false,
    disabledText: null,
    scheduleTicketPoolVOS: [
      {
        hallScheduleId: SESSION,
        beginTime: '09:00',
        endTime: '12:00',
        capacity: 100,
        ticketPool: 50,
        state: 'available',
        disabled: false,
        disabledText: null,
        releaseTime: null,
        priceTicketPoolVOS: [ADULT],
      },
      {
        hallScheduleId: SOLD_OUT_SESSION,
        beginTime: '13:00',
        endTime: '16:00',
        capacity: 100,
        ticketPool: 0,
        state: 'soldOut',
        disabled: true,
        disabledText: 'Sold out',
        releaseTime: null,
        priceTicketPoolVOS: [ADULT],
      },
    ],
  },
  {
    hallId: CLOSED_HALL,
    hallKey: 'temporary',
    cinema: false,
    name: 'Temporary exhibition',
    intro: '',
    ageNote: null,
    disabled: true,
    disabledText: 'Closed for maintenance',
    scheduleTicketPoolVOS: [
      {
        hallScheduleId: CLOSED_HALL_SESSION,
        beginTime: '09:00',
        endTime: '12:00',
        capacity: 100,
        ticketPool: 50,
        state: 'available',
        disabled: false,
        disabledText: null,
        releaseTime: null,
        priceTicketPoolVOS: [ADULT],
      },
    ],
  },
];

export const SETTING: HallPersonSetting = {
  rules: {
    hallId: MAIN_HALL,
    hallKey: 'main',
    name: { zh: '主展馆', en: 'Main hall' },
    minBuyers: 1,
    maxBuyers: 5,
    minAge: null,
    childAgeMin: null,
    childAgeMax: null,
    needsAdultAndChild: false,
  },
  freeChildPerAdult: 1,
  chooseMode: null,
};

export const QUOTE: PriceQuote = {
  lines: [{ ticketPriceId: 1001, name: 'Adult', price: 3000, count: 1, amount: 3000 }],
  discount: 0,
  total: 3000,
};

/** Resident ID numbers with a right check character (born 1990-03-07 and 1985-06-15). */
export const ID_1 = '11010519900307123' + gb11643CheckChar('11010519900307123');
export const ID_2 = '11010519850615456' + gb11643CheckChar('11010519850615456');
export const NAME = '张三';

export const PLACED: PlaceOrderAnswer = {
  code: 200,
  msg: 'ok',
  data: { orderId: 9001, riskEnable: true, riskPolicy: 1, riskPrompt: null },
};
export const NO_ORDER: PlaceOrderAnswer = { code: 502, msg: '下单失败，请稍后再试', data: null };
export const RISK_REJECTED: PlaceOrderAnswer = {
  code: 200,
  msg: 'ok',
  data: { orderId: null, riskEnable: true, riskPolicy: 0, riskPrompt: '该设备下单过于频繁' },
};
export const NOT_CREATED: PlaceOrderAnswer = {
  code: 200,
  msg: 'Order not created',
  data: { orderId: null, riskEnable: false, riskPolicy: 1, riskPrompt: null },
};

/** The same rules in a cinema where the visitor picks the seats. */
export const CINEMA_SETTING: HallPersonSetting = { ...SETTING, chooseMode: 1 };

/** placeOrder's answer when a chosen seat went to someone else first; its data is a SeatTaken,
 * not the PlaceOrderResult of code 200 that PlaceOrderAnswer describes. */
export const SEAT_TAKEN: PlaceOrderAnswer = {
  code: 505,
  msg: 'A seat you chose has just been taken: please choose again',
  data: { takenSeats: ['3-4'] } satisfies SeatTaken as unknown as PlaceOrderResult,
};

/** The release queue's answers (src/domain/releaseQueue.ts): the day has none now, a place in
 * line, an admission, a place lost. */
const queueAnswer = (state: QueueAnswer['state'], extra: Partial<QueueAnswer> = {}): QueueAnswer => ({
  date: DAY,
  state,
  place: state === 'off' ? 0 : 41,
  ahead: state === 'waiting' ? 40 : 0,
  releaseAt: Date.parse('2026-11-24T12:00:00Z'),
  admitUntil: null,
  estimateSeconds: state === 'waiting' ? 80 : null,
  now: Date.parse('2026-11-24T12:00:30Z'),
  ticket: state === 'off' ? null : 'queue-ticket-1',
  pollMs: 3000,
  receivedAt: Date.parse('2026-11-24T12:00:29Z'),
  ...extra,
});
export const QUEUE_OFF = queueAnswer('off');
export const QUEUE_OPEN = queueAnswer('waiting', { place: 0, ticket: null });
export const QUEUE_WAITING = queueAnswer('waiting');
export const QUEUE_ADMITTED = queueAnswer('admitted', { admitUntil: Date.parse('2026-11-24T12:02:30Z') });
export const QUEUE_LEFT = queueAnswer('left');
