/** What a hall and a price of the catalogue may be, and what a change may not take from what is
 * sold (src/domain/catalogueRules.ts): each refusal beside its field, in zh and en. */
import { describe, expect, it } from 'vitest';
import { freeChildPerAdult } from '../../../src/domain/orderRules.ts';
import {
  CATALOGUE_TEXTS,
  hallDraftRefusal,
  hallEdit,
  hallKindOf,
  hallRefusal,
  NOTHING_SOLD,
  priceEdit,
  priceOnSale,
  priceRefusal,
  type HallEdit,
} from '../../../src/domain/catalogueRules.ts';
import { ADULT_PRICE, MAIN_HALL } from '../../catalogue.fixtures.ts';

const HALL: HallEdit = { ...MAIN_HALL, groups: { min: 16, max: 200, schoolOnly: false, offSeasonOnly: false, schoolFreeDaily: 300 } };
const PRICE = ADULT_PRICE;
const SOLD = { ...NOTHING_SOLD, sessions: 3, upcomingTickets: 7, standingBy: 2, groupOrders: 1, schoolFreeUsed: 120 };

const refused = (before: HallEdit | null, change: Partial<HallEdit>, facts = SOLD) => hallRefusal(before, { ...HALL, ...change }, facts);

describe('a hall', () => {
  it('is accepted as it is, and by the schema the import and the console share', () => {
    expect(hallEdit.parse(HALL)).toEqual(HALL);
    expect(refused(null, {})).toBeNull();
    expect(refused(HALL, {})).toBeNull();
    expect(hallEdit.safeParse({ ...HALL, key: 'Main Hall' }).success).toBe(false);
  });

  it.each([
    [{ minBuyers: 6 }, 'maxBuyers', CATALOGUE_TEXTS.buyers],
    [{ childAgeMin: 8, childAgeMax: 3 }, 'childAgeMax', CATALOGUE_TEXTS.childAges],
    [{ needsAdultAndChild: true, childAgeMax: null }, 'childAgeMin', CATALOGUE_TEXTS.parkAges],
    [{ needsAdultAndChild: true }, 'minBuyers', CATALOGUE_TEXTS.parkBuyers],
    [{ groups: { ...HALL.groups!, min: 300 } }, 'groups.max', CATALOGUE_TEXTS.groupSize],
    [{ cinema: { chooseMode: 1 as const, rows: ['XX_XX'] }, waitingList: false }, 'cinema.rows', CATALOGUE_TEXTS.domeSeats],
    [{ cinema: { chooseMode: 1 as const, rows: ['SS'] } }, 'waitingList', CATALOGUE_TEXTS.domeWaiting],
  ])('cannot be %j', (change, field, text) => {
    expect(refused(null, change, NOTHING_SOLD)).toEqual({ field, text });
  });

  it('takes its own free children per adult before the museum-wide setting', () => {
    expect(freeChildPerAdult({ hall_main_oneperson_totalfreechild: '1' }, 'main', 2)).toBe(2);
    expect(freeChildPerAdult({ hall_main_oneperson_totalfreechild: '3' }, 'main', null)).toBe(3);
    expect(freeChildPerAdult({}, 'planetarium', null)).toBe(1);
  });

  it('names its kind by its rules', () => {
    expect(hallKindOf(HALL)).toBe('exhibition');
    expect(hallKindOf({ ...HALL, needsAdultAndChild: true })).toBe('park');
    expect(hallKindOf({ ...HALL, cinema: { chooseMode: 1, rows: ['S'] } })).toBe('dome');
  });
});

describe('a change of a hall with tickets sold', () => {
  it.each([
    [
      { closed: true },
      'closed',
      '今日及以后还有 7 张已售或待支付的门票，本馆不能关闭',
      '7 tickets for today or later are sold or awaiting payment: the hall cannot close',
    ],
    [{ childAgeMax: 8 }, 'childAgeMax', '有 7 张已售或待支付的门票按现行儿童规则售出', '7 tickets for today or later were sold under the current child rules'],
    [{ needsAdultAndChild: true, minBuyers: 2 }, 'needsAdultAndChild', '“须成人与儿童同行”不能修改', '"an adult and a child" cannot change'],
    [{ waitingList: false }, 'waitingList', '还有 2 个候补订单在等待', '2 waiting-list orders are still waiting'],
    [{ groups: null }, 'groups', '还有 1 个团体订单', '1 group orders are booked'],
    [{ groups: { ...HALL.groups!, schoolFreeDaily: 100 } }, 'groups.schoolFreeDaily', '发出 120 张学生免费票', '120 free pupil tickets'],
    [{ cinema: { chooseMode: 1 as const, rows: ['SS'] }, waitingList: false }, 'kind', '本馆已有场次', 'The hall has sessions'],
    [{ offSeasonMonths: [1, 2] }, 'offSeasonMonths', '淡季月份不能修改', 'the off-season months cannot change'],
    [{ freeChildPerAdult: 2 }, 'freeChildPerAdult', '每位成人可带免费儿童数', 'the free children per adult'],
    [{ key: 'main2' }, 'key', '场馆代码建立后不能修改', 'A hall code cannot change'],
  ])('%j is refused beside %s, saying why', (change, field, zh, en) => {
    const r = refused(HALL, change);
    expect(r?.field).toBe(field);
    expect(r?.text.zh).toContain(zh);
    expect(r?.text.en).toContain(en);
  });

  it('may change what sold tickets do not depend on, and anything once nothing is sold', () => {
    expect(
      refused(HALL, { name: { zh: '新馆', en: 'New hall' }, maxBuyers: 8, sort: 4, groups: { ...HALL.groups!, max: 100, schoolFreeDaily: 120 } }),
    ).toBeNull();
    expect(refused(HALL, { closed: true, childAgeMax: 8, waitingList: false, groups: null }, NOTHING_SOLD)).toBeNull();
    const dome = { ...HALL, waitingList: false, cinema: { chooseMode: 1 as const, rows: ['SS_SS'] } };
    // Row 1 seat 3 (column 4) is sold for two sessions to come: the map may grow around it.
    const taken = { ...SOLD, takenSeats: [{ row: 1, col: 4, seatLabel: '3', sessions: ['2030-01-02 10:00', '2030-01-03 10:00'] }] };
    expect(hallRefusal(dome, { ...dome, cinema: { chooseMode: 1, rows: ['SS_SS', 'SSSSS'] } }, taken)).toBeNull();
    expect(hallRefusal(dome, { ...dome, cinema: { chooseMode: 2, rows: ['SS_SS'] } }, taken)).toBeNull();
    const renumbered = hallRefusal(dome, { ...dome, cinema: { chooseMode: 1, rows: ['SSSSS'] } }, taken);
    expect(renumbered?.field).toBe('cinema.rows');
    expect(renumbered?.text.en).toContain(
      'seats of 2 tickets sold or awaiting payment for today or later (2 sessions: row 1 seat 3: 2030-01-02 10:00, 2030-01-03 10:00)',
    );
    expect(hallRefusal(dome, { ...dome, cinema: { chooseMode: 1, rows: ['SS_XS'] } }, taken)?.text.zh).toContain('1排3座');
    expect(hallRefusal(dome, { ...dome, cinema: { chooseMode: 1, rows: ['SS___'] } }, taken)?.field).toBe('cinema.rows');
  });
});

describe('a price', () => {
  const others = ['儿童票'];
  it.each([
    [{ name: { zh: '儿童票', en: 'Child' } }, 'name.zh', CATALOGUE_TEXTS.priceName],
    [{ ageMin: 60, ageMax: 18 }, 'ageMax', CATALOGUE_TEXTS.priceAges],
    [{ validFrom: '2030-04-01', validTo: '2030-03-31' }, 'validTo', CATALOGUE_TEXTS.validDays],
    [{ free: true, price: 0 }, 'kind', CATALOGUE_TEXTS.freeKind],
    [{ free: true, kind: 'child' as const }, 'price', CATALOGUE_TEXTS.freePrice],
  ])('cannot be %j', (change, field, text) => {
    expect(priceRefusal(null, { ...PRICE, ...change }, 0, others)).toEqual({ field, text });
  });

  it('with tickets sold keeps its kind and whether it is free; its amount may change (for new orders)', () => {
    expect(priceRefusal(PRICE, { ...PRICE, kind: 'senior' }, 4, others)).toEqual({
      field: 'kind',
      text: {
        zh: '此票种已售出 4 张，类别不能再改：请设定有效期止，另建新票种',
        en: '4 tickets of this type are sold: its kind cannot change. Give it a last day and add a new ticket type instead',
      },
    });
    const child = { ...PRICE, name: { zh: '免费儿童', en: 'Free child' }, kind: 'child' as const, price: 0 };
    expect(priceRefusal(child, { ...child, free: true }, 4, others)?.field).toBe('free');
    expect(priceRefusal(PRICE, { ...PRICE, price: 3800, validTo: '2030-12-31', name: { zh: '成人', en: 'Adult' } }, 4, others)).toBeNull();
    expect(priceRefusal(PRICE, { ...PRICE, kind: 'senior' }, 0, others)).toBeNull();
    expect(priceEdit.safeParse({ ...PRICE, price: -1 }).success).toBe(false);
  });

  it('sells for the visit days between its first and last day', () => {
    expect(priceOnSale({ validFrom: null, validTo: null }, '2030-03-06')).toBe(true);
    expect(priceOnSale({ validFrom: '2030-03-06', validTo: '2030-03-06' }, '2030-03-06')).toBe(true);
    expect(priceOnSale({ validFrom: '2030-03-07', validTo: null }, '2030-03-06')).toBe(false);
    expect(priceOnSale({ validFrom: null, validTo: '2030-03-05' }, '2030-03-06')).toBe(false);
  });
});

describe("a draft's shape refused by what the field wants", () => {
  it.each([
    [{ maxBuyers: 0 }, 'maxBuyers', '不能小于 1', 'At least 1'],
    [{ maxBuyers: 101 }, 'maxBuyers', '不能大于 100', 'At most 100'],
    [{ minBuyers: null }, 'minBuyers', '请填写数字', 'Enter a number'],
    [{ name: { zh: '', en: 'Main hall' } }, 'name.zh', '请填写此项', 'Fill this in'],
  ])('%o: %s', (change, field, zh, en) => {
    expect(hallDraftRefusal(HALL, { ...HALL, ...change }, NOTHING_SOLD)).toEqual({ field, text: { zh, en } });
  });
});
