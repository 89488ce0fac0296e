/** A team's cart (docs/product.md §2 cart/shoppingCart, §4 holds): a whole group checked by every group
 * rule waits in it, holding its places and a school's free pupil tickets of the day until its
 * deadline (`person_shoppingcart_hold_period`, the only cart hold the config has), then is
 * paid as one group order behind the slider, or expires, or is removed: the stock module
 * (releaseGroupCart) gives back what it held, once. A dome's groups take their seats at once. */
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail, refusal } from '../http.ts';
import { groupOrderBody, type CartCheckoutBody, type GroupOrderBody } from '../../src/domain/contracts.ts';
import { maskName } from '../../src/domain/certificates.ts';
import { GROUP_CART_MAX_HELD, HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import { GROUP_RULES } from '../../src/domain/groupRules.ts';
import { fill, type Lang, type Text } from '../../src/domain/text.ts';
import type { CartAddResult, GroupCart, PlaceOrderResult } from '../../src/domain/types.ts';
import { minutes } from './settings.ts';
import { lockBuyer } from './orders.ts';
import { CART_TEXTS } from './cart.ts';
import { releaseGroupCart, takeHeld } from './stock.ts';
import { GROUP_TEXTS, insertGroupOrder, passGroupChecks, preparedGroupOrder, stockRefusal, takeFreeQuota, teamOwner } from './groupOrders.ts';

export const GROUP_CART_TEXTS = {
  cinema: {
    zh: '影院团体需在选座后直接下单，不能加入购物车',
    en: "A dome film's group takes its seats when it orders: it cannot wait in the cart",
  },
  full: {
    zh: '购物车中已有{n}个团体，请先支付或移除',
    en: 'Your cart already holds {n} groups: pay for one or remove it first',
  },
  oneAtATime: { zh: '请选择一个团体支付', en: 'Choose one group to pay for' },
} satisfies Record<string, Text>;

interface EntryRow {
  id: number;
  user_id: number;
  schedule_id: number;
  request: GroupOrderBody | string;
  people: number;
  free_pupils: number;
}

/** Expires due held entries (of one owner, or all) and gives back what they held. */
export async function expireDueGroupCartIn(q: Queryable, now: Date, filter: { userId?: number; limit?: number } = {}): Promise<number[]> {
  const params: unknown[] = [now, filter.limit ?? 200];
  const mine = filter.userId === undefined ? '' : ` AND user_id = $${params.push(filter.userId)}`;
  const due = await q.query<{ id: number }>(
    // A claim of due entries (SKIP LOCKED, by deadline): never waits, so not lockRows.
    `SELECT id FROM group_cart WHERE status = 'held' AND deadline <= $1${mine} ORDER BY deadline, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    params,
  );
  return releaseGroupCart(
    q,
    due.map((r) => r.id),
    'expired',
    now,
  );
}

/** placeOrder with a team's token and poolFlag 1: every group rule as for an order (the slider
 * comes at checkout), then the places and the free pupil tickets held with a deadline. */
export async function addGroupToCart(deps: AppDeps, teamId: number, body: GroupOrderBody): Promise<CartAddResult> {
  const order = await preparedGroupOrder(deps, teamId, body);
  if (order.hall.cinema) throw fail(GROUP_CART_TEXTS.cinema);
  const { now, owner, schedule, hall, quote, tickets, config } = order;
  const deadline = new Date(now.getTime() + minutes(config, 'person_shoppingcart_hold_period', 15) * 60_000 + HOLD_SLACK_MS);
  return deps.db.tx(async (q) => {
    await lockBuyer(q, owner, now, config);
    await expireDueGroupCartIn(q, now, { userId: owner });
    const [{ held }] = await q.query<{ held: number }>(`SELECT count(*)::int AS held FROM group_cart WHERE user_id = $1 AND status = 'held'`, [owner]);
    if (held >= GROUP_CART_MAX_HELD) throw fail(fill(GROUP_CART_TEXTS.full, { n: held }));
    if (!(await takeHeld(q, schedule.id, tickets.length))) throw refusal(await stockRefusal(q, order), GROUP_RULES.stock);
    if (!(await takeFreeQuota(q, hall.id, schedule.visit_date, quote.freeStudents))) throw fail(GROUP_TEXTS.priceChanged);
    const [entry] = await q.query<{ id: number }>(
      `INSERT INTO group_cart (user_id, schedule_id, hall_id, visit_date, request, people, free_pupils, amount, status, created_at, deadline)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'held', $9, $10) RETURNING id`,
      [
        owner,
        schedule.id,
        hall.id,
        schedule.visit_date,
        JSON.stringify({ ...body, captchaToken: '', poolFlag: 0 }),
        tickets.length,
        quote.freeStudents,
        quote.total,
        now,
        deadline,
      ],
    );
    return { orderId: null, riskEnable: false, riskPolicy: 1, riskPrompt: null, cartTicketIds: [entry.id], deadline: deadline.getTime() };
  });
}

/** Pays for one held entry: the group rules again (its own hold counts as open), then in one
 * transaction its hold given up and taken again as the order's stock, the entry 'ordered'. */
export async function checkoutGroupCart(deps: AppDeps, teamId: number, input: CartCheckoutBody, lang: Lang): Promise<PlaceOrderResult> {
  if (input.cartTicketIds.length !== 1) throw fail(GROUP_CART_TEXTS.oneAtATime);
  const owner = await teamOwner(deps.db, teamId);
  const [entry] = await deps.db.query<EntryRow>(`SELECT * FROM group_cart WHERE id = $1 AND user_id = $2 AND status = 'held' AND deadline > $3`, [
    input.cartTicketIds[0],
    owner,
    deps.clock(),
  ]);
  if (!entry) throw fail(CART_TEXTS.expired);
  // Stored through the same contract it came in by.
  const stored = groupOrderBody.parse(typeof entry.request === 'string' ? JSON.parse(entry.request) : entry.request);
  const order = await preparedGroupOrder(
    deps,
    teamId,
    { ...stored, captchaToken: input.captchaToken },
    { people: entry.people, freePupils: entry.free_pupils },
  );
  return deps.db.tx(async (q) => {
    await lockBuyer(q, owner, order.now, order.config);
    await expireDueGroupCartIn(q, order.now, { userId: owner });
    const refused = await passGroupChecks(q, deps, order, input.captchaToken, lang);
    if (refused) return refused;
    if ((await releaseGroupCart(q, [entry.id], 'ordered', order.now)).length !== 1) throw fail(CART_TEXTS.expired);
    const placed = await insertGroupOrder(q, order, undefined, lang);
    await q.query('UPDATE group_cart SET order_id = $2 WHERE id = $1', [entry.id, placed.orderId]);
    return placed;
  });
}

/** The team's held and expired entries, oldest first. */
export async function getGroupCart(deps: AppDeps, teamId: number, lang: Lang): Promise<GroupCart> {
  const now = deps.clock();
  const owner = await teamOwner(deps.db, teamId);
  await deps.db.tx((q) => expireDueGroupCartIn(q, now, { userId: owner }));
  const rows = await deps.db.query<{
    id: number;
    hall_id: number;
    name_zh: string;
    name_en: string;
    schedule_id: number;
    visit_date: string;
    begin_time: string;
    end_time: string;
    people: number;
    free_pupils: number;
    amount: number;
    request: GroupOrderBody | string;
    deadline: Date;
    status: 'held' | 'expired';
  }>(
    `SELECT c.id, c.hall_id, h.name_zh, h.name_en, c.schedule_id, c.visit_date, s.begin_time, s.end_time, c.people, c.free_pupils, c.amount,
            c.request, c.deadline, c.status
       FROM group_cart c JOIN halls h ON h.id = c.hall_id JOIN hall_schedule s ON s.id = c.schedule_id
      WHERE c.user_id = $1 AND c.status IN ('held', 'expired') ORDER BY c.id`,
    [owner],
  );
  return {
    entries: rows.map((r) => {
      const request = (typeof r.request === 'string' ? JSON.parse(r.request) : r.request) as GroupOrderBody;
      return {
        cartId: r.id,
        hallId: r.hall_id,
        hallName: lang === 'en' ? r.name_en : r.name_zh,
        hallScheduleId: r.schedule_id,
        visitDate: r.visit_date,
        beginTime: r.begin_time,
        endTime: r.end_time,
        people: r.people,
        freePupils: r.free_pupils,
        amount: r.amount,
        payMethod: request.payMethod,
        leaderName: maskName(request.orderAdditionInfo.name),
        deadline: r.deadline.getTime(),
        status: r.status,
      };
    }),
    serverTime: now.getTime(),
  };
}

/** Removes one entry: a held one gives back what it held; an expired one already has. */
export async function removeGroupCartEntry(deps: AppDeps, teamId: number, id: number): Promise<null> {
  const now = deps.clock();
  const owner = await teamOwner(deps.db, teamId);
  await deps.db.tx(async (q) => {
    const [entry] = await lockRows(q, 'group_cart', { id, user_id: owner, status: ['held', 'expired'] }, ['status']);
    if (!entry) throw fail(CART_TEXTS.lineNotFound);
    if (entry.status === 'held') await releaseGroupCart(q, [id], 'removed', now);
    else await q.query(`UPDATE group_cart SET status = 'removed', closed_at = $2 WHERE id = $1`, [id, now]);
  });
  return null;
}
