import { describe, expect, it } from 'vitest';
import { gateHolder, gateLines, gateRefusal, type GateTicket } from '../../../src/domain/gate.ts';
import { checkCapacity, checkCloseDay, checkStopReason } from '../../../src/domain/staffDay.ts';
import { staffMay, STAFF_ROLES } from '../../../src/domain/staffRoles.ts';

const ticket = (over: Partial<GateTicket> = {}): GateTicket => ({
  status: 'toBeChecked',
  visitDate: '2030-03-06',
  hallId: 1,
  hallName: { zh: '主展厅', en: 'Main exhibition hall' },
  checkedAt: null,
  ...over,
});
const gate = { hallId: 1, today: '2030-03-06' };

describe('gate refusals', () => {
  it.each([
    [{}, null],
    [{ status: 'checked' as const, checkedAt: '10:05' }, 'Already checked in (10:05)'],
    [{ status: 'refunded' as const }, 'This ticket was refunded'],
    [{ status: 'changed' as const }, 'This ticket was changed: use the new one'],
    [{ status: 'toBePaid' as const }, 'This order is not paid'],
    [{ status: 'expired' as const }, 'This ticket has expired'],
    [{ visitDate: '2030-03-07' }, 'Not for today (ticket for 2030-03-07)'],
    [{ hallId: 2 }, 'Not for this hall (ticket for Main exhibition hall)'],
  ])('%o -> %s', (over, reason) => {
    expect(gateRefusal(ticket(over), gate)?.en ?? null).toBe(reason);
  });

  it('a ticket already used says so before it says another day or hall', () => {
    expect(gateRefusal(ticket({ status: 'checked', checkedAt: '09:00', visitDate: '2030-03-01', hallId: 9 }), gate)?.zh).toBe('已检票（09:00）');
  });
});

describe('running a day', () => {
  it('a stop or a closing needs its reason in both languages; a resume needs none', () => {
    expect(checkStopReason({ stopped: true, reasonZh: '检修', reasonEn: ' ' })?.en).toBe('Give the reason in Chinese and English: visitors see it');
    expect(checkStopReason({ stopped: true, reasonZh: '检修', reasonEn: 'Maintenance' })).toBeNull();
    expect(checkStopReason({ stopped: false, reasonZh: '', reasonEn: '' })).toBeNull();
    expect(checkCloseDay({ closed: true, reasonZh: '闭馆', reasonEn: 'Closed' }, 3)?.en).toBe(
      'Tickets booked for this day: 3. Tick "Call off every session" to refund them in full, or move them first',
    );
    expect(checkCloseDay({ closed: false, reasonZh: '', reasonEn: '' }, 3)).toBeNull();
  });

  it('a capacity never below what is sold and held, and never for a dome', () => {
    expect(checkCapacity(10, { sold: 8, held: 2, cinema: false })).toBeNull();
    expect(checkCapacity(9, { sold: 8, held: 2, cinema: false })?.en).toBe('The capacity cannot be below the 10 tickets sold and held');
    expect(checkCapacity(500, { sold: 0, held: 0, cinema: true })?.en).toBe("A dome session's capacity is its seats: it cannot change");
  });

  it('an admin may do everything; each other role its own work', () => {
    expect(STAFF_ROLES.filter((r) => staffMay(r, 'checkIn'))).toEqual(['admin', 'gate']);
    expect(STAFF_ROLES.filter((r) => staffMay(r, 'operate'))).toEqual(['admin']);
    expect(STAFF_ROLES.filter((r) => staffMay(r, 'figures'))).toEqual(['admin', 'reviewer', 'finance']);
  });
});

describe('the settings staff own', () => {
  it('takes whole numbers within each key\'s range, an empty value only where it means "never"', async () => {
    const { checkConfigValue } = await import('../../../src/domain/staffSettings.ts');
    expect(checkConfigValue('team_pay_hold_period', '1440')).toBeNull();
    expect(checkConfigValue('team_pay_hold_period', '1441')?.en).toBe('"Time to pay a group order (minutes)" must be a whole number from 1 to 1440');
    expect(checkConfigValue('refund_percentage', ' ')).toBeNull();
    expect(checkConfigValue('person_pay_hold_period', '')).not.toBeNull();
    expect(checkConfigValue('person_pay_hold_period', '-5')).not.toBeNull();
    expect(checkConfigValue('__proto__', '1')?.en).toBe('This setting cannot be changed here');
  });
});

describe('the lines a gate shows for a group', () => {
  const at = { ticketName: '学生票（免费）', hallName: '主展厅', beginTime: '09:00', endTime: '12:00' };
  const pupil = (ticketId: number, grade: string) => ({ ticketId, userName: '', certificateInfo: '', grade, ...at });
  it('shows each grade once with its count, and each person masked', () => {
    const lines = gateLines([
      ...[1, 2, 3].map((id) => pupil(id, '一年级')),
      pupil(4, '二年级'),
      { ticketId: 5, userName: '张*师', certificateInfo: '1101**********1234', grade: null, ...at, ticketName: '领队票' },
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      '一年级 × 3 · 学生票（免费） · 主展厅 09:00-12:00',
      '二年级 × 1 · 学生票（免费） · 主展厅 09:00-12:00',
      '张*师 · 1101**********1234 · 领队票 · 主展厅 09:00-12:00',
    ]);
    expect(lines.map((l) => l.tickets)).toEqual([3, 1, 1]);
  });
  it("names a pupil's ticket by its grade, never as a masked person", () => {
    expect(gateHolder({ userName: '一年级', certificateInfo: '', role: 'student' })).toEqual({ userName: '', certificateInfo: '', grade: '一年级' });
    expect(gateHolder({ userName: '张老师', certificateInfo: '110101198001011234', role: 'teacher' })).toEqual({
      userName: '张*师',
      certificateInfo: '1101**********1234',
      grade: null,
    });
  });
});
