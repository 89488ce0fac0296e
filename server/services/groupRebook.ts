/** rebook/group (docs/product.md §2 ticketChangesDate): a group moves as a whole to a session of the same
 * hall on another day; nothing once any of its tickets is checked in (docs/product.md §5). */
import type { z } from 'zod';
import { lockRows } from '../db/locks.ts';
import type { groupRebookBody } from '../../src/domain/contracts.ts';
import { hallRefusal, isOffSeason } from '../../src/domain/groupRules.ts';
import { checkRebookDate, checkRefund } from '../../src/domain/refundRules.ts';
import type { TeamType } from '../../src/domain/team.ts';
import type { Text } from '../../src/domain/text.ts';
import type { RebookResult } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { lockFreeQuotaDays, takeFreeQuota, teamOwner } from './groupOrders.ts';
import { LIFECYCLE_TEXTS } from './lifecycleTexts.ts';
import { bookableSession } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { groupHallOf } from './pool.ts';
import { moveToSession } from './rebook.ts';
import { refundContext } from './refundFacts.ts';

export const GROUP_REBOOK_TEXTS = {
  nothingToChange: { zh: '该订单没有可改签的门票', en: 'This order has no tickets to change' },
  freeQuota: {
    zh: '新日期的学校免费名额不足以容纳本团的免费学生，请选择其他日期',
    en: "The new day's free school tickets are too few for this group's free pupils; please choose another day",
  },
} satisfies Record<string, Text>;

export async function rebookGroup(deps: AppDeps, teamId: number, body: z.output<typeof groupRebookBody>): Promise<RebookResult> {
  const now = deps.clock();
  const today = museumDate(now);
  const owner = await teamOwner(deps.db, teamId);
  return deps.db.tx(async (q) => {
    const [order] = await q.query<{ id: number; team_type: TeamType }>(
      `SELECT o.id, tm.team_type FROM orders o JOIN teams tm ON tm.user_id = o.user_id
        WHERE o.id = $1 AND o.user_id = $2 AND o.group_info IS NOT NULL FOR UPDATE OF o`, // not lockRows: read with its team (a join)
      [body.orderId, owner],
    );
    if (!order) throw fail(ORDER_TEXTS.orderNotFound);
    const { facts, ctx } = await refundContext(q, order.id, today);
    // The whole group: every ticket still to be used.
    const moving = facts.filter((f) => f.status === 'toBeChecked');
    if (moving.length === 0) throw fail(GROUP_REBOOK_TEXTS.nothingToChange);
    const violations = checkRefund({ action: 'change', ticketIds: moving.map((f) => f.id) }, ctx);
    if (violations.length > 0) throw fail(violations[0].message);
    if (moving[0].visit_date < today) throw fail(LIFECYCLE_TEXTS.visitPassed);

    const target = await bookableSession(deps, q, body.hallScheduleId, now);
    if (target.hall.id !== moving[0].hall_id) throw fail(LIFECYCLE_TEXTS.rebookOtherHall);
    const sameDate = checkRebookDate(moving[0].visit_date, target.schedule.visit_date);
    if (sameDate) throw fail(sameDate);
    const refused = hallRefusal(
      groupHallOf(target.hall),
      order.team_type,
      isOffSeason(target.schedule.visit_date, target.hall.off_season_months ?? target.config.off_season_months),
    );
    if (refused) throw fail(refused);

    // The lock order of every group order: its sessions by id, then the days' free pupil
    // tickets by date. Taken up front, so two groups moving between the same two days in
    // opposite directions wait for each other instead of deadlocking.
    const freePupils = moving.filter((f) => f.role === 'student' && f.free).length;
    await lockRows(q, 'hall_schedule', { id: [moving[0].schedule_id, target.schedule.id] }, ['id']);
    if (freePupils > 0) await lockFreeQuotaDays(q, target.hall.id, [moving[0].visit_date, target.schedule.visit_date]);
    // The pupils move to the new day's quota; the old day's come back with the release.
    const newIds = await moveToSession(q, order.id, moving, target.schedule, now);
    if (!(await takeFreeQuota(q, target.hall.id, target.schedule.visit_date, freePupils))) throw fail(GROUP_REBOOK_TEXTS.freeQuota);
    return {
      orderId: order.id,
      orderStatus: 'changed',
      oldTicketIds: moving.map((f) => f.id),
      newTicketIds: newIds,
      hallScheduleId: target.schedule.id,
      visitDate: target.schedule.visit_date,
    };
  });
}
