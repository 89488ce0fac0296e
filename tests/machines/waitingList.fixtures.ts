/** What the waiting-list path models share: the candidate calendar and halls, and a candidate
 * order in each of its states. */
import type { HallPool, OrderDetail } from '../../src/domain/types.ts';
import type { CandidateDay, CandidateState } from '../../src/domain/waitingList.ts';
import { DAY, HALLS, SOLD_OUT_DAY, SOLD_OUT_SESSION } from './purchase.fixtures.ts';

export const CALENDAR: CandidateDay[] = [
  { date: DAY, status: 1, candidateLevel: null },
  { date: SOLD_OUT_DAY, status: 4, candidateLevel: 2 },
];
/** The main hall's sold-out session keeps an open list; the other is on sale. */
export const CANDIDATE_HALLS: HallPool[] = HALLS.slice(0, 1).map((h) => ({
  ...h,
  scheduleTicketPoolVOS: h.scheduleTicketPoolVOS.map((s) => ({
    ...s,
    status: s.hallScheduleId === SOLD_OUT_SESSION ? (4 as const) : (1 as const),
    candidateLevel: s.hallScheduleId === SOLD_OUT_SESSION ? (1 as const) : null,
  })),
}));
export const order = (status: OrderDetail['status'], candidate: CandidateState | null): OrderDetail => ({
  orderId: 7,
  orderNumber: 'P20261201090000ABCDEFGH',
  status,
  amount: 3000,
  ticketNum: 1,
  createTime: '2026-11-30 10:00:00',
  visitDate: SOLD_OUT_DAY,
  hallName: 'Main hall',
  beginTime: '12:00',
  endTime: '14:30',
  isCandidate: true,
  candidate,
  payDeadline: null,
  payTime: '2026-11-30 10:01:00',
  tickets: [],
});
export const STANDING = order('standingBy', 'standingBy');
export const ENDS = [order('completed', 'succeeded'), order('full', 'full'), order('canceled', 'cancelled'), order('returned', 'returned'), order('toBePaid', null)];
