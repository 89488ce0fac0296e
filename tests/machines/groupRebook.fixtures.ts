/** A paid school group for the date change of a whole order (rebook machine, `wholeOrder`). */
import type { RefundContext } from '../../src/domain/refundRules.ts';
import type { CalendarDay, GroupOrderDetail, RebookResult, TicketView } from '../../src/domain/types.ts';
import { CALENDAR, NEW_DAY, NEW_SESSION, ORDER, ticket, VISIT_DATE } from './refund.fixtures.ts';

/** A paid school group of three on the main hall: two free pupils and a paying teacher
 * (LAST_TICKET_SESSION's one ticket is too few for it). */
export const GROUP_ORDER_ID = 6001;
export const TICKETS = [201, 202, 203];

function view(ticketId: number, status: TicketView['status']): TicketView {
  return {
    ticketId,
    userName: `学生${ticketId}`,
    certificateType: '1',
    certificateInfo: '1101**********1234',
    ticketName: 'Pupil',
    price: 0,
    status,
    qrCode: null,
  };
}

export const GROUP_ORDER: GroupOrderDetail = {
  ...ORDER,
  orderId: GROUP_ORDER_ID,
  orderNumber: 'G1B2C3D4E5F6G7H8J9K0L1M',
  amount: 3000,
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

export const GROUP_RULES: RefundContext = {
  tickets: [ticket(201, { kind: 'student', schoolFree: true }), ticket(202, { kind: 'student', schoolFree: true }), ticket(203, { age: 40 })],
  group: true,
  maxPartialRefundPercent: null,
  freeChildPerAdult: 1,
  afterCollection: { refund: false, change: false },
};
/** One pupil already through the gate: the group stays where it is. */
export const GROUP_CHECKED_IN: RefundContext = {
  ...GROUP_RULES,
  tickets: GROUP_RULES.tickets.map((t) => (t.ticketId === 201 ? { ...t, status: 'checked' } : t)),
};
/** Everything refunded: nothing left to move. */
export const GROUP_NOTHING_LEFT: RefundContext = { ...GROUP_RULES, tickets: GROUP_RULES.tickets.map((t) => ({ ...t, status: 'refunded' })) };

/** The group's own visit date is on sale too: picking it is no change. */
export const TEAM_CALENDAR: CalendarDay[] = [...CALENDAR, { date: VISIT_DATE, state: 'available', remaining: 80, reason: null }];

export const MOVED: RebookResult = {
  orderId: GROUP_ORDER_ID,
  orderStatus: 'changed',
  oldTicketIds: TICKETS,
  newTicketIds: [301, 302, 303],
  hallScheduleId: NEW_SESSION,
  visitDate: NEW_DAY,
};
