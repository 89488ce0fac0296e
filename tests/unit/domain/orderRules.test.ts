import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ageRangeText, checkOrder, firstViolation, freeChildPerAdult, isAdult, ORDER_RULES } from '../../../src/domain/orderRules.ts';
import type { HallRules, OrderContext, OrderDraft, TicketPrice, VisitorDraft } from '../../../src/domain/types.ts';
import { checkChar, dateBetween, TODAY } from './generators.ts';

const VISIT = '2026-07-01';

/** A valid mainland ID for a birth date; `seq` keeps numbers apart. */
function idFor(birth: string, seq = 1): string {
  const first17 = '110105' + birth.replaceAll('-', '') + String(seq).padStart(3, '0');
  return first17 + checkChar(first17);
}
/** Birth date giving `age` on VISIT (birthday a month before the visit). */
const bornAged = (age: number) => `${2026 - age}-06-01`;

const price = (id: number, kind: TicketPrice['kind'], ageMin: number | null, ageMax: number | null, free = false): TicketPrice => ({
  ticketPriceId: id,
  name: { zh: `票${id}`, en: `Ticket ${id}` },
  kind,
  price: free ? 0 : 3000,
  ageMin,
  ageMax,
  isChildFreeTicket: free,
});

const ADULT = 1,
  STUDENT = 2,
  SENIOR = 3,
  FREE_CHILD = 4;
const mainHall: HallRules = {
  hallId: 1,
  hallKey: 'main',
  name: { zh: '主展馆', en: 'Main Hall' },
  minBuyers: 1,
  maxBuyers: 5,
  minAge: null,
  childAgeMin: null,
  childAgeMax: null,
  needsAdultAndChild: false,
};
const mainCtx: OrderContext = {
  hall: mainHall,
  prices: [price(ADULT, 'adult', 18, null), price(STUDENT, 'student', 6, 17), price(SENIOR, 'senior', 60, null), price(FREE_CHILD, 'child', null, 5, true)],
  remaining: 100,
  freeChildPerAdult: 1,
};

const visitor = (age: number, ticketPriceId: number | null, seq = age, name = '张三'): VisitorDraft => ({
  name,
  certificateType: '1',
  certificateNumber: idFor(bornAged(age), seq),
  ticketPriceId,
});

const draft = (visitors: VisitorDraft[], extra: Partial<OrderDraft> = {}): OrderDraft => ({
  visitDate: VISIT,
  hallId: 1,
  hallScheduleId: 10,
  visitors,
  agreementAccepted: true,
  captchaToken: 'token',
  ...extra,
});

const rules = (d: OrderDraft, ctx = mainCtx, stage: 'visitors' | 'submit' = 'submit') => checkOrder(d, ctx, stage, TODAY).map((v) => v.rule);

describe('checkOrder: a good order', () => {
  it('has no violations', () => {
    expect(checkOrder(draft([visitor(40, ADULT), visitor(10, STUDENT), visitor(4, FREE_CHILD)]), mainCtx, 'submit', TODAY)).toEqual([]);
  });
  it('accepts passports and the HK permit with the matching ticket kinds', () => {
    const d = draft([
      { name: 'John Smith', certificateType: '2', certificateNumber: 'E12345678', ticketPriceId: ADULT },
      { name: '陈小明', certificateType: '3', certificateNumber: 'h12345678', ticketPriceId: STUDENT },
    ]);
    expect(checkOrder(d, mainCtx, 'submit', TODAY)).toEqual([]);
  });
});

describe('checkOrder: each rule and its message', () => {
  const cases: Array<[string, OrderDraft, OrderContext, string, { zh: string; en: string }, VisitorFieldSpec?]> = [
    [
      'no session',
      draft([visitor(40, ADULT)], { hallScheduleId: null }),
      mainCtx,
      ORDER_RULES.sessionRequired,
      { zh: '请选择场次', en: 'Please choose a session' },
    ],
    [
      'another hall',
      draft([visitor(40, ADULT)], { hallId: 2 }),
      mainCtx,
      ORDER_RULES.sessionNotSelectable,
      { zh: '场次或票种不可选', en: 'Session or ticket type not selectable' },
    ],
    [
      'no ticket type',
      draft([visitor(40, null)]),
      mainCtx,
      ORDER_RULES.ticketTypeRequired,
      { zh: '请选择票种', en: 'Please choose a ticket type' },
      { index: 0, name: 'ticketPriceId' },
    ],
    [
      'unknown ticket type',
      draft([visitor(40, 99)]),
      mainCtx,
      ORDER_RULES.ticketTypeNotSelectable,
      { zh: '场次或票种不可选', en: 'Session or ticket type not selectable' },
      { index: 0, name: 'ticketPriceId' },
    ],
    ['no visitors', draft([]), mainCtx, ORDER_RULES.visitorsRequired, { zh: '请至少添加一位游客', en: 'Please add at least one visitor' }],
    [
      'bad name',
      draft([visitor(40, ADULT, 1, 'Tom')]),
      mainCtx,
      ORDER_RULES.name,
      { zh: '姓名须为1-15个汉字（可含间隔号·）', en: 'Name must be 1-15 Chinese characters (the middle dot · allowed)' },
      { index: 0, name: 'name' },
    ],
    [
      'empty name',
      draft([visitor(40, ADULT, 1, ' ')]),
      mainCtx,
      ORDER_RULES.name,
      { zh: '姓名不能为空', en: 'Name cannot be empty' },
      { index: 0, name: 'name' },
    ],
    [
      'bad ID',
      draft([{ ...visitor(40, ADULT), certificateNumber: '110105198001010011' }]),
      mainCtx,
      ORDER_RULES.certificate,
      { zh: '身份证号码格式错误', en: 'ID card number format is wrong' },
      { index: 0, name: 'certificateNumber' },
    ],
    [
      'bad passport',
      draft([{ ...visitor(40, ADULT), name: 'John', certificateType: '2', certificateNumber: 'E1' }]),
      mainCtx,
      ORDER_RULES.certificate,
      { zh: '证件号码格式不正确', en: 'ID format is incorrect' },
      { index: 0, name: 'certificateNumber' },
    ],
    [
      'empty certificate',
      draft([{ ...visitor(40, ADULT), certificateType: '4', certificateNumber: '' }]),
      mainCtx,
      ORDER_RULES.certificate,
      { zh: '证件号码不能为空', en: 'ID number cannot be empty' },
      { index: 0, name: 'certificateNumber' },
    ],
    [
      'duplicate',
      draft([visitor(40, ADULT, 1), { ...visitor(40, ADULT, 1), certificateNumber: ` ${visitor(40, ADULT, 1).certificateNumber.toLowerCase()} ` }]),
      mainCtx,
      ORDER_RULES.duplicateCertificate,
      { zh: '证件号码重复', en: 'Duplicate certificates are not allowed' },
      { index: 1, name: 'certificateNumber' },
    ],
    [
      'below hall minimum',
      draft([visitor(40, ADULT)]),
      { ...mainCtx, hall: { ...mainHall, minBuyers: 2 } },
      ORDER_RULES.minBuyers,
      { zh: '每单至少需要2位游客', en: 'An order needs at least 2 visitors' },
    ],
    [
      'above individual maximum',
      draft([1, 2, 3, 4, 5].map((s) => visitor(40, ADULT, s))),
      mainCtx,
      ORDER_RULES.maxBuyers,
      { zh: '每单最多4位游客', en: 'An order may have at most 4 visitors' },
    ],
    [
      'above hall maximum',
      draft([1, 2, 3].map((s) => visitor(40, ADULT, s))),
      { ...mainCtx, hall: { ...mainHall, maxBuyers: 2 } },
      ORDER_RULES.maxBuyers,
      { zh: '每单最多2位游客', en: 'An order may have at most 2 visitors' },
    ],
    [
      'sold out',
      draft([visitor(40, ADULT)]),
      { ...mainCtx, remaining: 0 },
      ORDER_RULES.stock,
      { zh: '场馆已售罄，该日期已无余票，请选择其他日期或场次', en: 'Venue sold out; no tickets for this date, please pick another date or session' },
    ],
    [
      'not enough left',
      draft([visitor(40, ADULT, 1), visitor(41, ADULT, 2)]),
      { ...mainCtx, remaining: 1 },
      ORDER_RULES.stock,
      { zh: '余票不足，仅剩1张，请减少游客或选择其他场次', en: 'Not enough tickets left (only 1); please remove visitors or pick another session' },
    ],
    [
      'children only',
      draft([visitor(10, STUDENT), visitor(12, STUDENT)]),
      mainCtx,
      ORDER_RULES.childrenOnly,
      { zh: '不允许只购买儿童票，儿童须由成人陪同', en: 'A purchase of only children is not allowed; a child must come with an adult' },
    ],
    [
      'too many free children',
      draft([visitor(40, ADULT), visitor(3, FREE_CHILD), visitor(4, FREE_CHILD)]),
      mainCtx,
      ORDER_RULES.freeChildLimit,
      {
        zh: '每位成人最多携带1名免费儿童，本单有1位成人、2张免费儿童票',
        en: 'Each adult may bring at most 1 free child ticket(s); this order has 1 adult(s) and 2 free child ticket(s)',
      },
    ],
    [
      'free child ticket for a 9-year-old',
      draft([visitor(40, ADULT), visitor(9, FREE_CHILD)]),
      mainCtx,
      ORDER_RULES.ticketAge,
      { zh: '“票4”适用年龄为5岁及以下，该游客参观当日9岁', en: '"Ticket 4" is for ages up to 5; this visitor will be 9 on the visit date' },
      { index: 1, name: 'ticketPriceId' },
    ],
    [
      'adult ticket for a 5-year-old',
      draft([visitor(40, ADULT), visitor(5, ADULT)]),
      mainCtx,
      ORDER_RULES.ticketAge,
      { zh: '“票1”适用年龄为18岁及以上，该游客参观当日5岁', en: '"Ticket 1" is for ages 18 and over; this visitor will be 5 on the visit date' },
      { index: 1, name: 'ticketPriceId' },
    ],
    [
      'student ticket for a 30-year-old',
      draft([visitor(30, STUDENT)]),
      mainCtx,
      ORDER_RULES.ticketAge,
      { zh: '“票2”适用年龄为6-17岁，该游客参观当日30岁', en: '"Ticket 2" is for ages 6-17; this visitor will be 30 on the visit date' },
      { index: 0, name: 'ticketPriceId' },
    ],
    [
      'hall minimum age',
      draft([visitor(40, ADULT), visitor(7, STUDENT)]),
      { ...mainCtx, hall: { ...mainHall, minAge: 8 } },
      ORDER_RULES.hallMinAge,
      { zh: '主展馆仅限8岁及以上游客参观，该游客参观当日7岁', en: 'Main Hall is for visitors aged 8 and over; this visitor will be 7 on the visit date' },
      { index: 1, name: 'certificateNumber' },
    ],
    [
      'agreement',
      draft([visitor(40, ADULT)], { agreementAccepted: false }),
      mainCtx,
      ORDER_RULES.agreement,
      { zh: '请先阅读并同意购票协议', en: 'Please read and accept the agreement first' },
    ],
    [
      'captcha',
      draft([visitor(40, ADULT)], { captchaToken: null }),
      mainCtx,
      ORDER_RULES.captcha,
      { zh: '请先完成安全验证', en: 'Please complete the security check' },
    ],
  ];
  type VisitorFieldSpec = { index: number; name: keyof VisitorDraft };

  it.each(cases)('%s', (_, d, ctx, rule, message, field) => {
    const violations = checkOrder(d, ctx, 'submit', TODAY);
    expect(violations.map((v) => v.rule)).toEqual([rule]);
    expect(violations[0].message).toEqual(message);
    expect(violations[0].field).toEqual(field);
  });

  it('reports every violation at once', () => {
    const d = draft([visitor(10, STUDENT, 1, 'Tom'), visitor(10, STUDENT, 1), visitor(3, FREE_CHILD), visitor(4, FREE_CHILD), visitor(5, FREE_CHILD)], {
      hallScheduleId: null,
      agreementAccepted: false,
      captchaToken: null,
    });
    expect(rules(d, { ...mainCtx, remaining: 3 })).toEqual([
      ORDER_RULES.sessionRequired,
      ORDER_RULES.name,
      ORDER_RULES.duplicateCertificate,
      ORDER_RULES.maxBuyers,
      ORDER_RULES.stock,
      ORDER_RULES.childrenOnly,
      ORDER_RULES.freeChildLimit,
      ORDER_RULES.agreement,
      ORDER_RULES.captcha,
    ]);
  });

  it("the 'visitors' stage leaves the agreement and the security check for later", () => {
    expect(rules(draft([visitor(40, ADULT)], { agreementAccepted: false, captchaToken: null }), mainCtx, 'visitors')).toEqual([]);
  });

  it('free children scale with adults and the configured number', () => {
    const d = draft([visitor(40, ADULT, 1), visitor(3, FREE_CHILD, 2), visitor(4, FREE_CHILD, 3)]);
    expect(rules(d, { ...mainCtx, freeChildPerAdult: 2 })).toEqual([]);
    expect(rules(d, { ...mainCtx, freeChildPerAdult: 0 })).toEqual([ORDER_RULES.freeChildLimit]);
    expect(rules(draft([visitor(40, ADULT, 1), visitor(41, ADULT, 2), visitor(3, FREE_CHILD, 3), visitor(4, FREE_CHILD, 4)]))).toEqual([]);
  });

  it('with no birth date, adult and senior tickets count as adults', () => {
    const passport = (n: string, ticketPriceId: number): VisitorDraft => ({ name: 'A B', certificateType: '2', certificateNumber: n, ticketPriceId });
    expect(rules(draft([passport('E1234567', STUDENT), passport('E1234568', STUDENT)]))).toEqual([ORDER_RULES.childrenOnly]);
    expect(rules(draft([passport('E1234567', SENIOR), passport('E1234568', FREE_CHILD)]))).toEqual([]);
    expect(rules(draft([passport('E1234567', STUDENT), passport('E1234568', FREE_CHILD)]))).toEqual([ORDER_RULES.childrenOnly, ORDER_RULES.freeChildLimit]);
  });

  it('a known age wins over the ticket kind', () => {
    expect(isAdult(17, mainCtx.prices[0])).toBe(false);
    expect(isAdult(18, mainCtx.prices[3])).toBe(true);
    expect(isAdult(null, mainCtx.prices[2])).toBe(true);
    expect(isAdult(null, undefined)).toBeNull();
  });

  it('the same number under another certificate type is not a duplicate', () => {
    const d = draft([
      { name: '张三', certificateType: '4', certificateNumber: '12345678', ticketPriceId: ADULT },
      { name: '李四', certificateType: '3', certificateNumber: 'H12345678', ticketPriceId: ADULT },
      { name: '王五', certificateType: '4', certificateNumber: '12345679', ticketPriceId: ADULT },
    ]);
    expect(rules(d)).toEqual([]);
  });

  it('duplicates are found on the later visitor whatever the order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.nat(), fc.nat(), (n, a, b) => {
        const i = a % n,
          j = b % n;
        fc.pre(i !== j);
        const visitors = Array.from({ length: n }, (_, k) => visitor(30 + k, ADULT, k + 1));
        visitors[Math.max(i, j)] = { ...visitors[Math.max(i, j)], certificateNumber: visitors[Math.min(i, j)].certificateNumber };
        const violations = checkOrder(draft(visitors), mainCtx, 'submit', TODAY);
        expect(violations.map((v) => [v.rule, v.field?.index])).toEqual([[ORDER_RULES.duplicateCertificate, Math.max(i, j)]]);
      }),
    );
  });
});

describe("children's park", () => {
  const parkHall: HallRules = {
    ...mainHall,
    hallId: 3,
    hallKey: 'children',
    name: { zh: '儿童乐园', en: "Children's Park" },
    childAgeMin: 3,
    childAgeMax: 8,
    needsAdultAndChild: true,
  };
  const PARK_ADULT = 11,
    PARK_CHILD = 12;
  const parkCtx: OrderContext = {
    hall: parkHall,
    prices: [price(PARK_ADULT, 'adult', null, null), price(PARK_CHILD, 'child', null, null)],
    remaining: 100,
    freeChildPerAdult: 1,
  };
  const parkDraft = (visitors: VisitorDraft[]) => draft(visitors, { hallId: 3 });

  it.each([
    ['adult and child', [visitor(35, PARK_ADULT), visitor(5, PARK_CHILD)], []],
    ['adult and children at both range ends', [visitor(35, PARK_ADULT), visitor(3, PARK_CHILD), visitor(8, PARK_CHILD)], []],
    ['adult alone', [visitor(35, PARK_ADULT)], [ORDER_RULES.parkMinTickets, ORDER_RULES.parkNeedsChild]],
    ['two adults', [visitor(35, PARK_ADULT), visitor(36, PARK_ADULT)], [ORDER_RULES.parkNeedsChild]],
    ['child alone', [visitor(5, PARK_CHILD)], [ORDER_RULES.childrenOnly, ORDER_RULES.parkMinTickets, ORDER_RULES.parkNeedsAdult]],
    ['two children', [visitor(5, PARK_CHILD), visitor(6, PARK_CHILD)], [ORDER_RULES.childrenOnly, ORDER_RULES.parkNeedsAdult]],
    ['a 9-year-old', [visitor(35, PARK_ADULT), visitor(5, PARK_CHILD), visitor(9, PARK_CHILD)], [ORDER_RULES.parkChildAge]],
    ['a 2-year-old only', [visitor(35, PARK_ADULT), visitor(2, PARK_CHILD)], [ORDER_RULES.parkChildAge, ORDER_RULES.parkNeedsChild]],
  ])('%s', (_, visitors, expected) => {
    expect(rules(parkDraft(visitors), parkCtx)).toEqual(expected);
  });

  it('messages name the hall and the range', () => {
    const v = checkOrder(parkDraft([visitor(35, PARK_ADULT), visitor(10, PARK_CHILD)]), parkCtx, 'submit', TODAY);
    expect(v.map((x) => [x.rule, x.message, x.field])).toEqual([
      [
        ORDER_RULES.parkChildAge,
        { zh: '儿童乐园仅接待3-8岁的儿童，该游客参观当日10岁', en: "Children's Park admits children aged 3-8 only; this visitor will be 10 on the visit date" },
        { index: 1, name: 'certificateNumber' },
      ],
      [
        ORDER_RULES.parkNeedsChild,
        { zh: '儿童乐园不接待仅成人参观，请添加一名3-8岁的儿童', en: "Children's Park does not admit adults alone; please add a child aged 3-8" },
        undefined,
      ],
    ]);
    const alone = checkOrder(parkDraft([visitor(6, PARK_CHILD)]), parkCtx, 'submit', TODAY).map((x) => x.message);
    expect(alone).toContainEqual({
      zh: '儿童乐园至少需购买2张票（成人和儿童各至少1名）',
      en: "Children's Park needs at least 2 tickets: at least one adult and one child",
    });
    expect(alone).toContainEqual({ zh: '儿童乐园的儿童须由成人陪同', en: "Children in Children's Park must come with an adult" });
  });

  it('without a birth date a child ticket vouches for the age, other kinds are refused', () => {
    const passport = (n: string, ticketPriceId: number): VisitorDraft => ({ name: 'A B', certificateType: '2', certificateNumber: n, ticketPriceId });
    expect(rules(parkDraft([visitor(35, PARK_ADULT), passport('E1234567', PARK_CHILD)]), parkCtx)).toEqual([]);
    const withStudent = { ...parkCtx, prices: [...parkCtx.prices, price(13, 'student', null, null)] };
    expect(rules(parkDraft([visitor(35, PARK_ADULT), visitor(5, PARK_CHILD), passport('E1234567', 13)]), withStudent)).toEqual([ORDER_RULES.parkChildAge]);
  });

  it('passes exactly when the composition does', () => {
    // Ages 0-70 on the visit date, one to four visitors, each on the ticket of their kind.
    const ages = fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(ages, (list) => {
        const visitors = list.map((age, k) => visitor(age, age >= 18 ? PARK_ADULT : PARK_CHILD, k + 1));
        const adults = list.filter((a) => a >= 18).length;
        const nonAdults = list.filter((a) => a < 18);
        const ok = list.length >= 2 && adults >= 1 && nonAdults.length >= 1 && nonAdults.every((a) => a >= 3 && a <= 8);
        expect(rules(parkDraft(visitors), parkCtx).length === 0).toBe(ok);
      }),
      { numRuns: 1000 },
    );
  });

  it('birthdays on the visit date count: 8 today is in, 9 today is out', () => {
    fc.assert(
      fc.property(dateBetween('2026-06-02', '2030-12-31'), fc.constantFrom(8, 9), (visitDate, age) => {
        const birth = `${Number(visitDate.slice(0, 4)) - age}${visitDate.slice(4)}`;
        fc.pre(!birth.endsWith('02-29'));
        const child: VisitorDraft = { name: '小明', certificateType: '1', certificateNumber: idFor(birth, 7), ticketPriceId: PARK_CHILD };
        const d = { ...parkDraft([visitor(40, PARK_ADULT), child]), visitDate };
        expect(rules(d, parkCtx).length === 0).toBe(age === 8);
      }),
    );
  });
});

describe('helpers', () => {
  it('firstViolation', () => {
    expect(firstViolation([])).toBeNull();
    const v = checkOrder(draft([], { captchaToken: null }), mainCtx, 'submit', TODAY);
    expect(firstViolation(v)?.rule).toBe(ORDER_RULES.visitorsRequired);
  });

  it.each([
    [{}, 'main', 1],
    [{ hall_main_oneperson_totalfreechild: '2' }, 'main', 2],
    [{ hall_main_oneperson_totalfreechild: ' 0 ' }, 'main', 0],
    [{ hall_main_oneperson_totalfreechild: 'abc' }, 'main', 1],
    [{ hall_main_oneperson_totalfreechild: '-1' }, 'main', 1],
    [{ hall_main_oneperson_totalfreechild: '' }, 'main', 1],
    [{ hall_temporary_oneperson_totalfreechild: '3', hall_main_oneperson_totalfreechild: '2' }, 'temporary', 3],
    [{ hall_main_oneperson_totalfreechild: '2' }, 'children', 1],
    [{ hall_main_oneperson_totalfreechild: '2' }, 'cinema', 1],
  ])('freeChildPerAdult(%j, %s) = %i', (config, hallKey, n) => {
    expect(freeChildPerAdult(config as Record<string, string>, hallKey)).toBe(n);
  });

  it('ageRangeText', () => {
    expect(ageRangeText(3, 8)).toEqual({ zh: '3-8岁', en: '3-8' });
    expect(ageRangeText(60, null)).toEqual({ zh: '60岁及以上', en: '60 and over' });
    expect(ageRangeText(null, 5)).toEqual({ zh: '5岁及以下', en: 'up to 5' });
    expect(ageRangeText(null, null)).toEqual({ zh: '不限', en: 'any age' });
  });

  it('rule names are their own values', () => {
    for (const [key, value] of Object.entries(ORDER_RULES)) expect(key).toBe(value);
  });
});
