import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkStaffFreeze,
  frozenReasonIn,
  FREEZE_DEFAULTS,
  freezeSettings,
  refundFreeze,
  STAFF_FREEZE_REFUSALS,
  staffFreezeReason,
  visitFreeze,
  type GroupVisit,
} from '../../../src/domain/teamFreezing.ts';
import { TEAM_TYPES } from '../../../src/domain/team.ts';

const visit = (over: Partial<GroupVisit>): GroupVisit => ({
  visitDate: '2030-03-09',
  orderNumber: 'N1',
  tickets: 34,
  checked: 34,
  freePupils: 30,
  freePupilsChecked: 30,
  ...over,
});

describe('a passed group visit', () => {
  it('nobody at the gate is a missed visit', () => {
    expect(visitFreeze(visit({ checked: 0, freePupilsChecked: 0 }), FREEZE_DEFAULTS)?.en).toBe(
      'The group did not come to its booked visit (2030-03-09, order N1)',
    );
  });

  it('freezes exactly when fewer free pupils came than the configured share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 100 }), (booked, came, percent) => {
        fc.pre(came <= booked);
        const v = visit({ tickets: booked + 4, checked: came + 1, freePupils: booked, freePupilsChecked: came });
        const frozen = visitFreeze(v, { ...FREEZE_DEFAULTS, minArrivalPercent: percent }) !== null;
        expect(frozen).toBe(came / booked < percent / 100);
      }),
    );
  });

  it('a group without free pupils that came is never frozen; a refunded or unpaid order says nothing', () => {
    expect(visitFreeze(visit({ freePupils: 0, freePupilsChecked: 0, checked: 1 }), FREEZE_DEFAULTS)).toBeNull();
    expect(visitFreeze(visit({ tickets: 0, checked: 0 }), FREEZE_DEFAULTS)).toBeNull();
  });
});

describe('a refund that freezes', () => {
  const refund = { teamType: TEAM_TYPES.school, freePupils: 0, earlierRefunds: 0, visitDate: '2030-03-09', orderNumber: 'N1' } as const;

  it("a school's free pupils freeze it whatever its count; another type with free tickets does not", () => {
    expect(refundFreeze({ ...refund, freePupils: 1 }, FREEZE_DEFAULTS)?.reason.zh).toBe('退订学校免费学生票（2030-03-09，订单N1）');
    expect(refundFreeze({ ...refund, teamType: TEAM_TYPES.travelAgency, freePupils: 1 }, FREEZE_DEFAULTS)).toBeNull();
  });

  it('the refund that reaches the limit freezes; none does with a limit of 0', () => {
    expect(refundFreeze({ ...refund, earlierRefunds: 1 }, FREEZE_DEFAULTS)).toBeNull();
    expect(refundFreeze({ ...refund, earlierRefunds: 2 }, FREEZE_DEFAULTS)?.reason.en).toBe('3 refunds within 180 days');
    expect(refundFreeze({ ...refund, earlierRefunds: 9 }, { ...FREEZE_DEFAULTS, refundLimit: 0 })).toBeNull();
  });

  it('reads its settings from the config, with defaults for missing or broken values', () => {
    expect(freezeSettings({ team_min_arrival_percent: '150', team_refund_freeze_count: 'x', black_list_window_days: '90' })).toEqual({
      minArrivalPercent: 100,
      refundLimit: 3,
      windowDays: 90,
    });
  });
});

describe('a staff freeze', () => {
  it('is chosen from the list, so the team reads it in its language; the note follows as typed', () => {
    expect(checkStaffFreeze('', '3次')).toEqual(STAFF_FREEZE_REFUSALS.kind);
    expect(checkStaffFreeze('toString', '')).toEqual(STAFF_FREEZE_REFUSALS.kind);
    expect(checkStaffFreeze('other', '  ')).toEqual(STAFF_FREEZE_REFUSALS.note);
    expect(checkStaffFreeze('refunds', '')).toBeNull();
    expect(staffFreezeReason('refunds', ' ')).toEqual({ zh: '频繁退票', en: 'Frequent refunds' });
    expect(staffFreezeReason('other', ' 拒不配合检查 ')).toEqual({ zh: '其他原因：拒不配合检查', en: 'Another reason: 拒不配合检查' });
  });
});

describe("a freeze's reason as a team reads it", () => {
  it('in its language; a reason kept in Chinese only is said to be so in English', () => {
    expect(frozenReasonIn('zh', '频繁退票', 'Frequent refunds')).toBe('频繁退票');
    expect(frozenReasonIn('en', '频繁退票', 'Frequent refunds')).toBe('Frequent refunds');
    expect(frozenReasonIn('en', '态度恶劣', null)).toBe('Frozen by the museum (the reason was given in Chinese only: 态度恶劣)');
    expect(frozenReasonIn('zh', '态度恶劣', null)).toBe('态度恶劣');
  });
});
