import { describe, expect, it } from 'vitest';
import { callOffAction, callOffConfirm, callOffSms, checkCallOff, checkRefundDesk, outcomeOf } from '../../../src/domain/callOff.ts';
import { staffMay, STAFF_ROLES } from '../../../src/domain/staffRoles.ts';

const open = { exists: true, calledOff: false, ended: false };
const reason = { reasonZh: '水管爆裂', reasonEn: 'A burst pipe' };

describe('calling a session off', () => {
  it('refuses an unknown, called-off or ended session, and a reason missing in either language, in zh and en', () => {
    expect(checkCallOff(reason, { ...open, exists: false })).toEqual({ zh: '场次不存在', en: 'No such session' });
    expect(checkCallOff(reason, { ...open, calledOff: true })?.en).toBe('This session is already called off');
    expect(checkCallOff(reason, { ...open, ended: true })?.zh).toBe('该场次已结束，不能取消');
    expect(checkCallOff({ ...reason, reasonEn: ' ' }, open)?.en).toBe('Give the reason in Chinese and English: visitors see it');
    expect(checkCallOff(reason, open)).toBeNull();
  });

  it('does to each order what its status says', () => {
    expect(callOffAction({ status: 'toBePaid', liveTickets: 2 })).toBe('cancel');
    expect(callOffAction({ status: 'standingBy', liveTickets: 0 })).toBe('payBack');
    expect(callOffAction({ status: 'full', liveTickets: 0 })).toBe('payBack');
    expect(callOffAction({ status: 'completed', liveTickets: 2 })).toBe('refund');
    expect(callOffAction({ status: 'partlyRefunded', liveTickets: 1 })).toBe('refund');
    expect(callOffAction({ status: 'partlyRefunded', liveTickets: 0 })).toBe('nothing');
    for (const status of ['canceled', 'refunded', 'returned']) expect(callOffAction({ status, liveTickets: 0 })).toBe('nothing');
    expect(['refund', 'cancel', 'payBack', 'nothing'].map((a) => outcomeOf(a as never))).toEqual(['refunded', 'canceled', 'paidBack', 'nothing']);
  });

  it("texts the contact in the order's language, nothing when nothing happened", () => {
    const facts = {
      orderNumber: 'T1',
      hall: { zh: '主展厅', en: 'Main hall' },
      date: '2030-03-06',
      time: '09:00',
      reason: { zh: '水管爆裂', en: 'A burst pipe' },
      amount: 6000,
    };
    expect(callOffSms('refunded', 'en', facts)).toBe(
      '[Science Museum] We are sorry: the Main hall session of 2030-03-06 09:00 is called off (A burst pipe). Order T1 is refunded in full, ¥60.00, to how you paid.',
    );
    expect(callOffSms('canceled', 'zh', facts)).toBe('【科技馆】很抱歉，2030-03-06 09:00 主展厅场次因故取消（水管爆裂），您未付款的订单T1已取消。');
    expect(callOffSms('nothing', 'zh', facts)).toBeNull();
    expect(callOffConfirm({ paid: 3, unpaid: 1, waiting: 2 }).zh).toMatch(/^取消后不可恢复：3 个已付款订单全额退款，1 个未付款订单取消，2 个候补订单退款/);
  });

  it('only an admin calls a session off; finance and admins handle refused refunds', () => {
    expect(STAFF_ROLES.filter((r) => staffMay(r, 'operate'))).toEqual(['admin']);
    expect(STAFF_ROLES.filter((r) => staffMay(r, 'refunds'))).toEqual(['admin', 'finance']);
  });
});

describe("the finance desk's refusals", () => {
  it('only a refused refund not settled yet, and settling needs a note', () => {
    expect(checkRefundDesk(null)?.en).toBe('No such refund');
    expect(checkRefundDesk({ status: 'done', settled: false })?.zh).toBe('该退款未被支付平台拒绝，无需处理');
    expect(checkRefundDesk({ status: 'failed', settled: true })?.en).toBe('This refund is already settled by hand');
    expect(checkRefundDesk({ status: 'failed', settled: false }, '  ')?.en).toMatch(/^Write a note/);
    expect(checkRefundDesk({ status: 'failed', settled: false }, 'transfer 1')).toBeNull();
    expect(checkRefundDesk({ status: 'failed', settled: false })).toBeNull();
  });
});
