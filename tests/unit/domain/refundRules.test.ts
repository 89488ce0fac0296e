import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkRefund, REFUND_RULES, type RefundContext, type RefundDraft, type RefundTicket } from '../../../src/domain/refundRules.ts';

let nextId = 1;
const ticket = (over: Partial<RefundTicket> = {}): RefundTicket => ({
  ticketId: nextId++,
  status: 'toBeChecked',
  hallId: 1,
  visitDate: '2026-07-01',
  kind: 'adult',
  age: 40,
  isChildFreeTicket: false,
  cinema: false,
  schoolFree: false,
  collected: false,
  ...over,
});
const child = (over: Partial<RefundTicket> = {}) => ticket({ kind: 'child', age: 5, ...over });
const ctxOf = (tickets: RefundTicket[], over: Partial<RefundContext> = {}): RefundContext => ({
  tickets,
  group: false,
  maxPartialRefundPercent: null,
  freeChildPerAdult: 1,
  afterCollection: { refund: false, change: false },
  ...over,
});

describe('checkRefund', () => {
  it('refunding a whole family or an adult with a spare adult passes', () => {
    const [a, b, c] = [ticket(), ticket(), child()];
    const ctx = ctxOf([a, b, c]);
    expect(checkRefund({ action: 'refund', ticketIds: [a.ticketId, b.ticketId, c.ticketId] }, ctx)).toEqual([]);
    expect(checkRefund({ action: 'refund', ticketIds: [a.ticketId] }, ctx)).toEqual([]);
    expect(checkRefund({ action: 'change', ticketIds: [a.ticketId, c.ticketId] }, ctx)).toEqual([]);
  });

  const a1 = ticket(),
    c1 = child(),
    a2 = ticket(),
    cinema = ticket({ cinema: true }),
    other = ticket({ hallId: 2 });
  const free1 = child({ isChildFreeTicket: true }),
    free2 = child({ isChildFreeTicket: true });
  const school = ticket({ schoolFree: true, age: 10, kind: 'student' });
  const used = ticket({ status: 'checked' });
  it.each([
    ['nothing selected', 'refund', [], ctxOf([a1, c1]), REFUND_RULES.selectTicket, { zh: '请至少选择一张票', en: 'Please select at least one ticket' }],
    ['an unknown ticket', 'refund', [9999], ctxOf([a1, a2]), REFUND_RULES.selectTicket, { zh: '请至少选择一张票', en: 'Please select at least one ticket' }],
    [
      'a used ticket',
      'refund',
      [used.ticketId],
      ctxOf([used, a1]),
      REFUND_RULES.ticketState,
      { zh: '所选门票当前状态不可退改', en: 'The selected ticket cannot be refunded or changed in its current state' },
    ],
    [
      'too large a partial refund',
      'refund',
      [a1.ticketId, a2.ticketId],
      ctxOf([a1, a2, ticket()], { maxPartialRefundPercent: 50 }),
      REFUND_RULES.partialRefund,
      { zh: '部分退票最多可退50%的门票，或整单退票', en: 'A partial refund may take at most 50% of the tickets; otherwise refund the whole order' },
    ],
    [
      'change across halls',
      'change',
      [a1.ticketId, other.ticketId],
      ctxOf([a1, other]),
      REFUND_RULES.oneHallOneDate,
      { zh: '改签仅限同一场馆、同一日期的门票', en: 'A change is for one hall and one date only' },
    ],
    [
      'after group check-in',
      'refund',
      [a1.ticketId],
      ctxOf([a1, a2, used], { group: true }),
      REFUND_RULES.groupCheckedIn,
      { zh: '团体已检票，不能退票或改签', en: 'Cannot refund or change after group check-in' },
    ],
    [
      'cinema change',
      'change',
      [cinema.ticketId],
      ctxOf([cinema, a1]),
      REFUND_RULES.cinemaChange,
      { zh: '影院门票不支持改签', en: 'Cinema tickets do not support changes' },
    ],
    [
      'school free ticket',
      'refund',
      [school.ticketId],
      ctxOf([a1, school]),
      REFUND_RULES.schoolFree,
      {
        zh: '学校团体免费票不可单独退，取消参观请整单退票',
        en: 'School free tickets are not refundable on their own; to call off the visit, refund the whole order',
      },
    ],
    [
      'children left alone',
      'refund',
      [a1.ticketId],
      ctxOf([a1, c1]),
      REFUND_RULES.childrenLeftAlone,
      { zh: '退票后不能只剩儿童，请同时退儿童票或保留成人票', en: 'Children cannot be left alone: refund their tickets too, or keep an adult ticket' },
    ],
    [
      'children changing alone',
      'change',
      [c1.ticketId],
      ctxOf([a1, a2, c1]),
      REFUND_RULES.childrenChangeAlone,
      { zh: '儿童不能单独改签，请与成人一同改签', en: 'Children cannot change alone; change together with an adult' },
    ],
    [
      'too many free children stay',
      'refund',
      [a2.ticketId],
      ctxOf([a1, a2, free1, free2]),
      REFUND_RULES.freeChildLimit,
      {
        zh: '每位成人最多携带1名免费儿童，请同时处理多出的免费儿童票',
        en: 'Each adult may bring at most 1 free child ticket(s); include the extra free child tickets',
      },
    ],
  ] as const)('%s', (_, action, ticketIds, ctx, rule, message) => {
    expect(checkRefund({ action, ticketIds: [...ticketIds] }, ctx)).toEqual([{ rule, message }]);
  });

  it("a school's free tickets go with the whole order: calling off the visit is allowed", () => {
    const pupil = ticket({ schoolFree: true, age: 10, kind: 'student' });
    expect(checkRefund({ action: 'refund', ticketIds: [a1.ticketId, pupil.ticketId] }, ctxOf([a1, pupil], { group: true }))).toEqual([]);
  });

  it("a group's children are never left without an adult; a school's pupils are judged by the group rules", () => {
    // A family group: the leader (with a certificate), a visitor without one (an adult ticket), two children.
    const [leader, visitor, kid1, kid2] = [ticket(), ticket({ age: null }), child({ age: null, isChildFreeTicket: true }), child({ age: null })];
    const ctx = ctxOf([leader, visitor, kid1, kid2], { group: true });
    expect(checkRefund({ action: 'refund', ticketIds: [leader.ticketId] }, ctx)).toEqual([]);
    expect(checkRefund({ action: 'refund', ticketIds: [leader.ticketId, visitor.ticketId] }, ctx).map((v) => v.rule)).toEqual([REFUND_RULES.childrenLeftAlone]);
    expect(checkRefund({ action: 'refund', ticketIds: [kid1.ticketId, kid2.ticketId] }, ctx)).toEqual([]);
    const pupil = ticket({ age: null, kind: 'student' });
    expect(checkRefund({ action: 'refund', ticketIds: [a1.ticketId] }, ctxOf([a1, pupil], { group: true }))).toEqual([]);
  });

  it('a collected ticket (paper or wristband) goes back or moves only as the two settings allow, each on its own', () => {
    const [collected, adult] = [ticket({ collected: true }), ticket()];
    const refund: RefundDraft = { action: 'refund', ticketIds: [collected.ticketId] };
    const change: RefundDraft = { action: 'change', ticketIds: [collected.ticketId] };
    const refused = (draft: RefundDraft, refundOn: boolean, changeOn: boolean) =>
      checkRefund(draft, ctxOf([collected, adult], { afterCollection: { refund: refundOn, change: changeOn } }));
    expect(refused(refund, false, true)).toEqual([
      {
        rule: REFUND_RULES.collected,
        message: { zh: '已领取纸质票或手环的门票不可退票', en: 'A ticket collected as a paper ticket or wristband cannot be refunded' },
      },
    ]);
    expect(refused(change, true, false)).toEqual([
      {
        rule: REFUND_RULES.collected,
        message: { zh: '已领取纸质票或手环的门票不可改签', en: 'A ticket collected as a paper ticket or wristband cannot be changed' },
      },
    ]);
    expect(refused(refund, true, false)).toEqual([]);
    expect(refused(change, false, true)).toEqual([]);
    // The uncollected ticket beside it is not held back by its neighbour.
    expect(checkRefund({ action: 'refund', ticketIds: [adult.ticketId] }, ctxOf([collected, adult]))).toEqual([]);
  });

  it('children stay valid after any refund exactly when an adult stays with them', () => {
    const member = fc.record({ adult: fc.boolean(), refunded: fc.boolean() });
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 6 }), (members) => {
        fc.pre(members.some((m) => m.refunded));
        const tickets = members.map((m) => (m.adult ? ticket() : child()));
        const ids = tickets.filter((_, i) => members[i].refunded).map((t) => t.ticketId);
        const staying = members.filter((m) => !m.refunded);
        const alone = staying.length > 0 && !staying.some((m) => m.adult);
        const rulesBroken = checkRefund({ action: 'refund', ticketIds: ids }, ctxOf(tickets)).map((v) => v.rule);
        expect(rulesBroken.includes(REFUND_RULES.childrenLeftAlone)).toBe(alone);
      }),
    );
  });

  it('with no age, the ticket kind decides who is an adult', () => {
    const senior = ticket({ kind: 'senior', age: null });
    const student = ticket({ kind: 'student', age: null });
    expect(checkRefund({ action: 'refund', ticketIds: [a1.ticketId] }, ctxOf([a1, senior, student]))).toEqual([]);
    expect(checkRefund({ action: 'refund', ticketIds: [senior.ticketId] }, ctxOf([senior, student])).map((v) => v.rule)).toEqual([
      REFUND_RULES.childrenLeftAlone,
    ]);
  });
});
