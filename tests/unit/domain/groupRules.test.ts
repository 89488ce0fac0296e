import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkGroup, GROUP_RULES, type GroupContext, type GroupDraft } from '../../../src/domain/groupRules.ts';
import type { TicketPrice } from '../../../src/domain/types.ts';
import { checkChar, TODAY } from './generators.ts';

const VISIT = '2026-07-01';
const idFor = (birth: string) => {
  const first17 = '320102' + birth.replaceAll('-', '') + '123';
  return first17 + checkChar(first17);
};
const leaderTicket: TicketPrice = {
  ticketPriceId: 21,
  name: { zh: '领队票', en: 'Leader ticket' },
  kind: 'adult',
  price: 0,
  ageMin: 18,
  ageMax: 65,
  isChildFreeTicket: false,
};

const base: GroupDraft = {
  visitDate: VISIT,
  hallId: 2,
  hallScheduleId: 20,
  total: 32,
  chargedTickets: 30,
  grades: [
    { name: '一年级', boy: 8, girl: 7, all: 15 },
    { name: '二年级', boy: 7, girl: 8, all: 15 },
  ],
  freeStudents: 30,
  freeTeachers: 2,
  leaderFree: true,
  leader: { name: '王老师', certificateType: '1', certificateNumber: idFor('1980-03-04'), phone: '13800138000', ticketPriceId: 21 },
};
const ctx: GroupContext = {
  teamType: 'school',
  maxSize: 200,
  remaining: 100,
  prices: [leaderTicket],
  schoolOnly: true,
  offSeasonOnly: false,
  offSeason: false,
  chargedPerFreeLeader: 20,
};

const run = (d: Partial<GroupDraft>, c: Partial<GroupContext> = {}) => checkGroup({ ...base, ...d }, { ...ctx, ...c }, TODAY);

describe('checkGroup', () => {
  it('a good school group passes', () => {
    expect(run({})).toEqual([]);
  });

  it.each([
    ['no session', { hallScheduleId: null }, {}, GROUP_RULES.sessionRequired, { zh: '请选择场次', en: 'Please choose a session' }],
    ['below 16', { total: 15 }, {}, GROUP_RULES.groupMin, { zh: '团体人数不能少于16人', en: 'A group needs at least 16 people' }],
    ['above the maximum', { total: 60 }, { maxSize: 50 }, GROUP_RULES.groupMax, { zh: '团体人数不能超过50人', en: 'A group may have at most 50 people' }],
    ['above the stock', { total: 40 }, { remaining: 39 }, GROUP_RULES.stock, { zh: '余票不足，该场次仅剩39张', en: 'Not enough tickets left: only 39 in this session' }],
    ['stock below the minimum', { total: 16 }, { remaining: 10 }, GROUP_RULES.stockBelowMinimum,
      { zh: '该场次余票（10张）少于团体最低人数，请选择其他场次', en: 'Remaining tickets (10) are below the group minimum; please pick another session' }],
    ['grade count', { grades: [{ name: '一年级', boy: 8, girl: 7, all: 16 }] }, {}, GROUP_RULES.gradeCount,
      { zh: '“一年级”的人数应等于男生与女生人数之和', en: 'The count of "一年级" must equal boys plus girls' }],
    ['too many free teachers', { freeStudents: 29, freeTeachers: 2 }, {}, GROUP_RULES.teacherFree,
      { zh: '每15名免费学生可有1名教师免票，本团最多1名', en: 'One free teacher ticket per 15 free students: at most 1 for this group' }],
    ['leader ticket, too few charged', { chargedTickets: 19 }, {}, GROUP_RULES.leaderFree, { zh: '导游/领队票不可用', en: 'Tour leader tickets unavailable' }],
    ['leader ticket not offered', {}, { chargedPerFreeLeader: null }, GROUP_RULES.leaderFree, { zh: '导游/领队票不可用', en: 'Tour leader tickets unavailable' }],
    ['leader too old for the ticket', { leader: { ...base.leader, certificateNumber: idFor('1950-01-01') } }, {}, GROUP_RULES.leaderAge,
      { zh: '领队的年龄（76岁）不符合“领队票”的适用年龄18-65岁', en: 'The leader\'s age (76) does not fit "Leader ticket" (ages 18-65)' }],
    ['leader bad ID', { leader: { ...base.leader, certificateNumber: '320102198003041231' } }, {}, GROUP_RULES.leaderCertificate,
      { zh: '身份证号码格式错误', en: 'ID card number format is wrong' }],
    ['leader bad phone', { leader: { ...base.leader, phone: '12345' } }, {}, GROUP_RULES.leaderPhone,
      { zh: '请输入正确的手机号码', en: 'Please enter a correct mobile number' }],
    ['leader bad name', { leader: { ...base.leader, name: '' } }, {}, GROUP_RULES.leaderName, { zh: '姓名不能为空', en: 'Name cannot be empty' }],
    ['school-only hall', {}, { teamType: 'travelAgency' as const }, GROUP_RULES.schoolOnly,
      { zh: '该场馆仅接待学校团体', en: 'This hall is for school groups only' }],
    ['off-season-only hall in season', {}, { offSeasonOnly: true }, GROUP_RULES.offSeasonOnly,
      { zh: '该场馆仅在淡季接待团体', en: 'This hall takes groups in the off season only' }],
  ])('%s', (_, d, c, rule, message) => {
    expect(run(d as Partial<GroupDraft>, c as Partial<GroupContext>)).toEqual([{ rule, message }]);
  });

  it('the off-season-only hall takes groups in the off season', () => {
    expect(run({}, { offSeasonOnly: true, offSeason: true })).toEqual([]);
  });

  it('free teachers: at most one per 15 free students', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 25 }), (students, teachers) => {
        const broken = run({ freeStudents: students, freeTeachers: teachers }).some((v) => v.rule === GROUP_RULES.teacherFree);
        expect(broken).toBe(teachers * 15 > students);
      }),
    );
  });

  it('grade counts pass exactly when all = boys + girls', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(60), fc.nat(120), (boy, girl, all) => {
        const broken = run({ grades: [{ name: 'G', boy, girl, all }] }).some((v) => v.rule === GROUP_RULES.gradeCount);
        expect(broken).toBe(all !== boy + girl);
      }),
    );
  });
});
