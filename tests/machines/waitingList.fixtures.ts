/** What the waiting-list path models share: the candidate calendar and halls, and a candidate
 * order's status in each of its states. */
import type { HallPool, OrderStatus } from '../../src/domain/types.ts';
import type { CandidateDay } from '../../src/domain/waitingList.ts';
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
/** A candidate order's status (what getOrderStatusForTimeOut answers of it). */
export const order = (status: OrderStatus): { status: OrderStatus } => ({ status });
export const STANDING = order('standingBy');
/** Filled, full, cancelled, returned, unpaid. */
export const ENDS = [order('completed'), order('full'), order('canceled'), order('returned'), order('toBePaid')];
