/** A paid family order for the refund and date-change machines' tests: an adult, the adult's
 * free child, and an adult whose ticket is already checked. */
import type { RefundContext, RefundTicket } from '../../src/domain/refundRules.ts';
import type { CalendarDay, HallPool, OrderDetail, RebookResult, RefundResult, RefundRisk, SchedulePool, TicketView } from '../../src/domain/types.ts';

export const ORDER_ID = 5001;
export const ADULT = 101;
export const CHILD = 102;
export const CHECKED = 103;
/** Not a ticket of the order. */
export const STRANGER = 999;

export const VISIT_DATE = '2026-12-01';
export const MAIN_HALL = 1;
export const OTHER_HALL = 2;

function view(ticketId: number, userName: string, ticketName: string, price: number, status: TicketView['status']): TicketView {
  return {
    ticketId,
    userName,
    certificateType: '1',
    certificateInfo: '1101**********1234',
    ticketName,
    price,
    status,
    qrCode: status === 'toBeChecked' ? `QR-${ticketId}` : null,
  };
}

export const ORDER: OrderDetail = {
  orderId: ORDER_ID,
  orderNumber: 'B1B2C3D4E5F6G7H8J9K0L1M',
  status: 'completed',
  amount: 6000,
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
  tickets: [
    view(ADULT, '张三', 'Adult', 3000, 'toBeChecked'),
    view(CHILD, '张小三', 'Free child', 0, 'toBeChecked'),
    view(CHECKED, '李四', 'Adult', 3000, 'checked'),
  ],
};

/** A ticket's refund facts: a paid adult on the main hall's visit date, unless told otherwise. */
export function ticket(ticketId: number, over: Partial<RefundTicket> = {}): RefundTicket {
  return {
    ticketId,
    status: 'toBeChecked',
    hallId: MAIN_HALL,
    visitDate: VISIT_DATE,
    kind: 'adult',
    age: 36,
    isChildFreeTicket: false,
    cinema: false,
    schoolFree: false,
    collected: false,
    ...over,
  };
}

export const RULES: RefundContext = {
  tickets: [ticket(ADULT, {}), ticket(CHILD, { kind: 'child', age: 6, isChildFreeTicket: true }), ticket(CHECKED, { status: 'checked', age: 40 })],
  group: false,
  maxPartialRefundPercent: null,
  freeChildPerAdult: 1,
  afterCollection: { refund: false, change: false },
};

export const NO_RISK: RefundRisk = { warn: false, message: '', missedVisits: 0, limit: 3 };
export const RISK: RefundRisk = {
  warn: true,
  message: '您近期已爽约2次，再爽约1次将被列入黑名单',
  missedVisits: 2,
  limit: 3,
};

export const REFUNDED: RefundResult = {
  orderId: ORDER_ID,
  refundId: 7001,
  refundedTicketIds: [ADULT, CHILD],
  refundAmount: 3000,
  orderStatus: 'partlyRefunded',
};

// Date change

export const NEW_DAY = '2026-12-05';
export const SOLD_OUT_DAY = '2026-12-06';

export const CALENDAR: CalendarDay[] = [
  { date: NEW_DAY, state: 'available', remaining: 60, reason: null },
  { date: SOLD_OUT_DAY, state: 'soldOut', remaining: 0, reason: 'Sold out' },
];

export const NEW_SESSION = 31;
/** Available, but one ticket left. */
export const LAST_TICKET_SESSION = 32;
export const SOLD_OUT_SESSION = 33;
export const OTHER_HALL_SESSION = 41;

/** A session of the main hall, on sale (also the unit tests' session, tests/unit/domain/liveStock.test.ts). */
export function session(hallScheduleId: number, ticketPool: number, over: Partial<SchedulePool> = {}): SchedulePool {
  return {
    hallScheduleId,
    beginTime: '09:00',
    endTime: '12:00',
    capacity: 100,
    ticketPool,
    state: 'available',
    disabled: false,
    disabledText: null,
    releaseTime: null,
    priceTicketPoolVOS: [],
    ...over,
  };
}

export const MAIN_HALL_POOL: HallPool = {
  hallId: MAIN_HALL,
  hallKey: 'main',
  cinema: false,
  name: 'Main hall',
  intro: '',
  ageNote: null,
  disabled: false,
  disabledText: null,
  scheduleTicketPoolVOS: [
    session(NEW_SESSION, 50),
    session(LAST_TICKET_SESSION, 1, { beginTime: '13:00', endTime: '16:00' }),
    session(SOLD_OUT_SESSION, 0, { state: 'soldOut', disabled: true, disabledText: 'Sold out', beginTime: '16:00', endTime: '17:00' }),
  ],
};

export const HALLS: HallPool[] = [
  MAIN_HALL_POOL,
  {
    ...MAIN_HALL_POOL,
    hallId: OTHER_HALL,
    hallKey: 'temporary',
    name: 'Temporary exhibition',
    scheduleTicketPoolVOS: [session(OTHER_HALL_SESSION, 50)],
  },
];

export const REBOOKED: RebookResult = {
  orderId: ORDER_ID,
  orderStatus: 'completed',
  oldTicketIds: [ADULT, CHILD],
  newTicketIds: [104, 105],
  hallScheduleId: NEW_SESSION,
  visitDate: NEW_DAY,
};
