import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  checkGroup,
  checkGroupStep,
  GROUP_RULES,
  quoteGroup,
  windowPayLastDay,
  windowPayOpen,
  type GroupContext,
  type GroupDraft,
  type GradeEntry,
} from '../../../src/domain/groupRules.ts';
import { TEAM_TYPES } from '../../../src/domain/team.ts';
import { checkChar, TODAY } from './generators.ts';

const VISIT = '2026-07-01';
const idFor = (birth: string, tail = '123') => {
  const first17 = '320102' + birth.replaceAll('-', '') + tail;
  return first17 + checkChar(first17);
};
const grade = (name: string, boy: number, girl: number): GradeEntry => ({ name, boy, girl, all: boy + girl, beijing: boy + girl, orther: 0 });

const school: GroupDraft = {
  visitDate: VISIT,
  hallId: 2,
  hallScheduleId: 20,
  leader: { name: '王老师', certificateType: '1', certificateNumber: idFor('1980-03-04'), phone: '13800138000' },
  grades: [grade('一年级', 20, 20), grade('二年级', 21, 19)],
  teachers: [1, 2, 3, 4, 5].map((n) => ({ name: `李老师${'一二三四五'[n - 1]}`, certificateType: '1', certificateNumber: idFor('1985-01-0' + n, '12' + n) })),
  visitors: 0,
  children: 0,
  ticketUseType: 1,
  leaderFree: false,
  payMethod: 'online',
};
const ctx: GroupContext = {
  teamType: TEAM_TYPES.school,
  discounts: true,
  hall: { groupMin: 16, groupMax: 200, schoolOnly: false, offSeasonOnly: false },
  remaining: 300,
  adultPrice: 3000,
  studentPrice: 1500,
  childPrice: 1000,
  freeChildTicket: true,
  freeChildPerAdult: 1,
  freeStudentQuota: 300,
  agencyDiscountPercent: 80,
  chargedPerFreeLeader: 20,
  offSeason: false,
  today: TODAY,
};
const agency: GroupDraft = { ...school, grades: [], teachers: [], visitors: 30, leaderFree: true };
const agencyCtx: GroupContext = { ...ctx, teamType: TEAM_TYPES.contractedTravelAgency };

const run = (d: Partial<GroupDraft>, c: Partial<GroupContext> = {}) => checkGroup({ ...school, ...d }, { ...ctx, ...c });
const rules = (d: Partial<GroupDraft>, c: Partial<GroupContext> = {}) => run(d, c).map((v) => v.rule);

describe('checkGroup', () => {
  it('a good school group of 2 grades of 40, 5 teachers and a leader passes', () => {
    expect(run({})).toEqual([]);
  });

  it.each([
    ['no session', { hallScheduleId: null }, {}, GROUP_RULES.sessionRequired, { zh: '请选择场次', en: 'Please choose a session' }],
    [
      'below 16',
      { grades: [grade('一年级', 5, 5)], teachers: [] },
      {},
      GROUP_RULES.groupMin,
      { zh: '团体人数不能少于16人', en: 'A group needs at least 16 people' },
    ],
    [
      'above the maximum',
      {},
      { hall: { ...ctx.hall, groupMax: 50 } },
      GROUP_RULES.groupMax,
      { zh: '团体人数不能超过50人', en: 'A group may have at most 50 people' },
    ],
    ['above the stock', {}, { remaining: 60 }, GROUP_RULES.stock, { zh: '余票不足，该场次仅剩60张', en: 'Not enough tickets left: only 60 in this session' }],
    [
      'stock below the minimum',
      {},
      { remaining: 10 },
      GROUP_RULES.stockBelowMinimum,
      { zh: '该场次余票（10张）少于团体最低人数，请选择其他场次', en: 'Remaining tickets (10) are below the group minimum; please pick another session' },
    ],
    [
      'a school-only hall for an agency',
      agency,
      { teamType: TEAM_TYPES.travelAgency, hall: { ...ctx.hall, schoolOnly: true } },
      GROUP_RULES.schoolOnly,
      { zh: '该场馆仅接待学校团体', en: 'This hall is for school groups only' },
    ],
    [
      'an off-season hall in season',
      {},
      { hall: { ...ctx.hall, offSeasonOnly: true } },
      GROUP_RULES.offSeasonOnly,
      { zh: '该场馆仅在淡季接待团体', en: 'This hall takes groups in the off season only' },
    ],
    [
      'a hall without groups',
      {},
      { hall: { ...ctx.hall, groupMax: 0 } },
      GROUP_RULES.noGroups,
      { zh: '该场馆不接待团体', en: 'This hall does not take groups' },
    ],
    [
      'a grade whose count is not boys plus girls',
      { grades: [{ ...grade('一年级', 20, 20), all: 41, beijing: 41 }] },
      {},
      GROUP_RULES.gradeCount,
      { zh: '“一年级”的人数应等于男生与女生人数之和', en: 'The count of "一年级" must equal boys plus girls' },
    ],
    [
      'Beijing and other pupils not adding up',
      { grades: [{ ...grade('一年级', 20, 20), beijing: 10, orther: 10 }] },
      {},
      GROUP_RULES.gradeOrigin,
      { zh: '“一年级”的京籍与非京籍学生之和应等于总人数', en: 'Beijing and other pupils of "一年级" must add up to its count' },
    ],
    [
      'a tour leader ticket with too few charged',
      { ...agency, visitors: 19 },
      { teamType: TEAM_TYPES.travelAgency },
      GROUP_RULES.leaderFree,
      { zh: '导游/领队票不可用', en: 'Tour leader tickets unavailable' },
    ],
    [
      'a minor leader',
      { leader: { ...school.leader, certificateNumber: idFor('2010-03-04') } },
      {},
      GROUP_RULES.leaderAge,
      { zh: '领队的年龄（16岁）不得小于18岁', en: 'The leader must be at least 18 (is 16)' },
    ],
    [
      'window payment the day before',
      { payMethod: 'window', visitDate: '2026-06-02' },
      {},
      GROUP_RULES.windowTooLate,
      { zh: '窗口支付须在参观日2天前完成，该日期请选择在线支付', en: 'Window payment must be made 2 days before the visit; please pay online for this date' },
    ],
  ] as const)('refuses %s, in zh and en', (_, d, c, rule, message) => {
    expect(run(d as Partial<GroupDraft>, c as Partial<GroupContext>)).toEqual([{ rule, message }]);
  });

  it('names the person a certificate or name refusal is about', () => {
    const broken = run({ teachers: [{ name: '李老师', certificateType: '1', certificateNumber: '123' }, ...school.teachers] });
    expect(broken.map((v) => v.message.en)).toEqual(['Teacher 1: ID card number format is wrong']);
    expect(run({ leader: { ...school.leader, phone: '1234' } })[0].message.zh).toMatch(/^领队：/);
  });

  it("refuses a teacher with the leader's certificate", () => {
    expect(rules({ teachers: [{ name: '王老师', certificateType: '1', certificateNumber: school.leader.certificateNumber }] })).toContain(
      GROUP_RULES.duplicateCertificate,
    );
  });

  it('window payment is open until the end of the day two days before the visit', () => {
    expect(windowPayLastDay('2026-07-01')).toBe('2026-06-29');
    expect(rules({ payMethod: 'window', visitDate: '2026-06-03' })).toEqual([]);
    expect(windowPayOpen('2026-07-01', '2026-06-29')).toBe(true);
    expect(windowPayOpen('2026-07-01', '2026-06-30')).toBe(false);
  });

  it('a draft with no day yet has no window, and no invalid date to stop its summary', () => {
    expect(windowPayLastDay('')).toBe('');
    expect(windowPayOpen('', '2026-06-29')).toBe(false);
  });

  it("each step checks its own part: a school's size only once its teachers are in", () => {
    const small = { ...school, grades: [grade('一年级', 5, 5)], teachers: [] };
    expect(checkGroupStep(small, ctx, 'audience').map((v) => v.rule)).toEqual([]);
    expect(checkGroupStep(small, ctx, 'teachers').map((v) => v.rule)).toEqual([GROUP_RULES.groupMin]);
    expect(checkGroupStep({ ...agency, visitors: 10, leaderFree: false }, agencyCtx, 'audience').map((v) => v.rule)).toEqual([GROUP_RULES.groupMin]);
  });

  it('grade counts pass exactly when all = boys + girls', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(60), fc.nat(120), (boy, girl, all) => {
        const broken = rules({ grades: [{ name: 'G', boy, girl, all, beijing: all, orther: 0 }] }).includes(GROUP_RULES.gradeCount);
        expect(broken).toBe(all !== boy + girl);
      }),
    );
  });
});

describe('quoteGroup', () => {
  it('a school of 80 pupils with the quota: pupils free, the leader and 4 teachers free (80 / 15 = 5), one teacher pays', () => {
    const q = quoteGroup(school, ctx);
    expect(q).toMatchObject({ size: 86, total: 3000, freeStudents: 80, freeTeachers: 4, leaderFree: true, teacherNeedCharge: true });
    // 6 staff, 5 free tickets: one teacher pays the adult price.
    expect(q.lines).toEqual([
      { role: 'student', free: true, count: 80, unitPrice: 0, amount: 0 },
      { role: 'leader', free: true, count: 1, unitPrice: 0, amount: 0 },
      { role: 'teacher', free: true, count: 4, unitPrice: 0, amount: 0 },
      { role: 'teacher', free: false, count: 1, unitPrice: 3000, amount: 3000 },
    ]);
  });

  it("pupils beyond the day's quota pay the student price, and free teachers follow the free pupils only", () => {
    const q = quoteGroup(school, { ...ctx, freeStudentQuota: 30 });
    expect(q.freeStudents).toBe(30);
    expect(q.lines[1]).toEqual({ role: 'student', free: false, count: 50, unitPrice: 1500, amount: 75000 });
    expect(q.freeTeachers + (q.leaderFree ? 1 : 0)).toBe(2);
  });

  it('teachers not escorting pay', () => {
    const q = quoteGroup({ ...school, ticketUseType: 2 }, ctx);
    expect(q).toMatchObject({ freeTeachers: 0, leaderFree: false, total: 6 * 3000 });
  });

  it('a contracted agency pays its percentage while the agreement is valid, and the public price after', () => {
    expect(quoteGroup(agency, agencyCtx)).toMatchObject({ total: 30 * 2400, leaderFree: true, size: 31 });
    expect(quoteGroup(agency, { ...agencyCtx, discounts: false })).toMatchObject({ total: 30 * 3000 });
    expect(quoteGroup({ ...agency, leaderFree: false }, agencyCtx).total).toBe(31 * 2400);
  });

  it('other groups pay the adult price for everyone, the leader included', () => {
    expect(quoteGroup({ ...agency, leaderFree: true }, { ...ctx, teamType: TEAM_TYPES.enterprise })).toMatchObject({ total: 31 * 3000, leaderFree: false });
  });

  const schools = fc.record({
    grades: fc.array(
      fc.tuple(fc.nat(40), fc.nat(40)).map(([b, g]) => grade('G', b, g)),
      { maxLength: 5 },
    ),
    teachers: fc.nat(12),
    quota: fc.nat(200),
    useType: fc.constantFrom(1 as const, 2 as const),
  });
  const draftOf = (s: { grades: GradeEntry[]; teachers: number; useType: 1 | 2 }): GroupDraft => ({
    ...school,
    grades: s.grades,
    teachers: Array.from({ length: s.teachers }, () => school.teachers[0]),
    ticketUseType: s.useType,
  });

  it('property: a school never gets more free tickets than it is entitled to, and every person has one ticket', () => {
    fc.assert(
      fc.property(schools, (s) => {
        const q = quoteGroup(draftOf(s), { ...ctx, freeStudentQuota: s.quota });
        const pupils = s.grades.reduce((n, g) => n + g.all, 0);
        expect(q.freeStudents).toBe(Math.min(pupils, s.quota));
        const freeStaff = q.freeTeachers + (q.leaderFree ? 1 : 0);
        expect(freeStaff).toBeLessThanOrEqual(Math.floor(q.freeStudents / 15));
        if (s.useType === 2) expect(freeStaff).toBe(0);
        expect(q.lines.reduce((n, l) => n + l.count, 0)).toBe(q.size);
        expect(q.size).toBe(pupils + s.teachers + 1);
        expect(q.total).toBe(q.lines.reduce((n, l) => n + l.amount, 0));
        expect(q.lines.every((l) => l.count > 0 && l.amount === l.count * l.unitPrice && (!l.free || l.unitPrice === 0))).toBe(true);
      }),
    );
  });

  // (One more pupil may cost less: the 15th free pupil brings a free teacher ticket.)
  it('property: one more teacher costs nothing or the adult price', () => {
    fc.assert(
      fc.property(schools, (s) => {
        const c = { ...ctx, freeStudentQuota: s.quota };
        const more = quoteGroup(draftOf({ ...s, teachers: s.teachers + 1 }), c).total - quoteGroup(draftOf(s), c).total;
        expect([0, ctx.adultPrice]).toContain(more);
      }),
    );
  });

  it('property: a tour leader is free exactly when asked and the charged tickets reach the threshold', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.boolean(), fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }), (visitors, asked, per) => {
        const q = quoteGroup({ ...agency, visitors, leaderFree: asked }, { ...agencyCtx, teamType: TEAM_TYPES.travelAgency, chargedPerFreeLeader: per });
        expect(q.leaderFree).toBe(asked && per !== null && visitors >= per);
        const refused = checkGroup(
          { ...agency, visitors, leaderFree: asked },
          { ...agencyCtx, teamType: TEAM_TYPES.travelAgency, chargedPerFreeLeader: per },
        ).some((v) => v.rule === GROUP_RULES.leaderFree);
        expect(refused).toBe(asked && !q.leaderFree);
      }),
    );
  });
});

describe("other groups' children (docs/product.md §3.3)", () => {
  const family: GroupDraft = { ...agency, visitors: 19, children: 12, leaderFree: false };
  const familyCtx: GroupContext = { ...ctx, teamType: TEAM_TYPES.unit };
  const childLines = (d: GroupDraft, c: GroupContext) => quoteGroup(d, c).lines.filter((l) => l.role === 'child');

  it('adults pay the adult price, a child per adult is free, the other children pay the child price', () => {
    const q = quoteGroup(family, familyCtx);
    // 20 people: the leader and 7 adult visitors (8 adults), 12 children: 8 free, 4 at the child price.
    expect(q.size).toBe(20);
    expect(q.freeChildren).toBe(8);
    expect(q.lines).toEqual([
      { role: 'visitor', free: false, count: 7, unitPrice: 3000, amount: 21000 },
      { role: 'child', free: true, count: 8, unitPrice: 0, amount: 0 },
      { role: 'child', free: false, count: 4, unitPrice: 1000, amount: 4000 },
      { role: 'leader', free: false, count: 1, unitPrice: 3000, amount: 3000 },
    ]);
    expect(q.total).toBe(28000);
    expect(checkGroup(family, familyCtx)).toEqual([]);
  });

  it('free children follow freeChildPerAdult, and none where the hall has no free child ticket', () => {
    expect(quoteGroup(family, { ...familyCtx, freeChildPerAdult: 2 }).freeChildren).toBe(12);
    expect(quoteGroup(family, { ...familyCtx, freeChildPerAdult: 0 }).freeChildren).toBe(0);
    expect(childLines(family, { ...familyCtx, freeChildTicket: false })).toEqual([{ role: 'child', free: false, count: 12, unitPrice: 1000, amount: 12000 }]);
  });

  it('a contracted agency pays its percentage for children too', () => {
    expect(childLines(family, agencyCtx)).toContainEqual({ role: 'child', free: false, count: 4, unitPrice: 800, amount: 3200 });
  });

  it('children never come without an adult: at most every visitor besides the leader', () => {
    expect(checkGroup({ ...family, children: 19 }, familyCtx)).toEqual([]);
    expect(checkGroup({ ...family, children: 20 }, familyCtx)).toEqual([
      {
        rule: GROUP_RULES.childrenAlone,
        message: {
          zh: '儿童不能单独参观：儿童人数最多19人，至少须有一名成人',
          en: 'Children never come without an adult: at most 19 children, with at least one adult',
        },
      },
    ]);
    expect(checkGroupStep({ ...family, children: 20 }, familyCtx, 'audience').map((v) => v.rule)).toEqual([GROUP_RULES.childrenAlone]);
  });

  it('a school states no child count', () => {
    expect(rules({ children: 3 })).toEqual([GROUP_RULES.childrenOfSchool]);
    expect(quoteGroup({ ...school, children: 3 }, ctx).freeChildren).toBe(0);
  });

  it('property: free children never exceed adults x freeChildPerAdult, and everyone has one ticket', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 3 }), (visitors, children, perAdult) => {
        fc.pre(children <= visitors);
        const q = quoteGroup({ ...family, visitors, children }, { ...familyCtx, freeChildPerAdult: perAdult });
        const adults = visitors - children + 1;
        expect(q.freeChildren).toBeLessThanOrEqual(adults * perAdult);
        expect(q.lines.reduce((n, l) => n + l.count, 0)).toBe(q.size);
        expect(q.lines.filter((l) => l.role === 'child').reduce((n, l) => n + l.count, 0)).toBe(children);
      }),
    );
  });
});
