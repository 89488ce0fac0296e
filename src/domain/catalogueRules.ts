/** What a hall and a ticket price of the museum's catalogue may be, and what a change may not do
 * to what is already sold (docs/product.md §2.8). The catalogue document's import checks its halls
 * and prices with these field schemas (docs/operations.md §6); the staff console's editors check a
 * draft with these rules before they send it, and the server checks it again with the same ones.
 * Every refusal names the field it is about, in zh and en. */
import { z } from 'zod';
import { hallKey, ticketKind } from './answers.ts';
import { lostSeats, lostSeatsText } from './seatMap.ts';
import { fill, type Text } from './text.ts';

/** A film's or a package's code in the catalogue. */
export const catalogueKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,39}$/, 'letters, digits, _ or -, starting with a letter');
export const catalogueLabel = z.strictObject({ zh: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(200) });
export const catalogueHtml = z.strictObject({ zh: z.string().max(20_000), en: z.string().max(20_000) });
export const catalogueAge = z.number().int().min(0).max(120).nullable();
export const catalogueCount = (max: number) => z.number().int().min(0).max(max);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** The groups a hall takes (docs/product.md §5.5). */
export const hallGroups = z.strictObject({
  min: z.number().int().min(1).max(10_000),
  max: z.number().int().min(1).max(10_000),
  schoolOnly: z.boolean(),
  offSeasonOnly: z.boolean(),
  /** Free pupil tickets the schools share per day. */
  schoolFreeDaily: catalogueCount(100_000),
});

/** A dome cinema: who picks the seats (1 the visitor, 2 and 3 the server) and its rows from
 * the front, `S` a seat, `X` a blocked seat, `_` an aisle; seats are numbered from the left. */
export const hallCinema = z.strictObject({
  chooseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  rows: z
    .array(z.string().regex(/^[SX_]{1,100}$/, 'S, X or _ per place'))
    .min(1)
    .max(100),
});

/** A hall's name and booking rules, as the catalogue document and the console's editor hold them. */
export const hallFields = z.strictObject({
  key: hallKey,
  name: catalogueLabel,
  intro: catalogueHtml,
  ageNote: catalogueLabel.nullable(),
  minBuyers: z.number().int().min(1).max(100),
  maxBuyers: z.number().int().min(1).max(100),
  minAge: catalogueAge,
  childAgeMin: catalogueAge,
  childAgeMax: catalogueAge,
  needsAdultAndChild: z.boolean(),
  /** Its full sessions keep a waiting list. */
  waitingList: z.boolean(),
  /** null: it takes no groups. */
  groups: hallGroups.nullable(),
  cinema: hallCinema.nullable(),
});

/** A ticket type of a hall and its price in fen. */
export const priceFields = z.strictObject({
  name: catalogueLabel,
  kind: ticketKind,
  /** fen */
  price: catalogueCount(10_000_000),
  ageMin: catalogueAge,
  ageMax: catalogueAge,
  /** A free child's ticket (docs/product.md §5.4: one per adult where the hall allows). */
  free: z.boolean(),
});

/** A hall as the console edits it: its place in the museum's order, and whether it is closed. */
export const hallEdit = hallFields.extend({
  sort: z.number().int().min(0).max(999),
  closed: z.boolean(),
  /** Free child tickets one adult may bring (docs/product.md §5.4); null: the museum-wide setting. */
  freeChildPerAdult: z.number().int().min(0).max(10).nullable(),
  /** The months of its groups' off season (docs/product.md §5.5); null: the museum-wide setting. */
  offSeasonMonths: z.array(z.number().int().min(1).max(12)).min(1).max(12).nullable(),
});
/** A price as the console edits it: its order, and the visit days it sells for (null: no bound). */
export const priceEdit = priceFields.extend({ sort: z.number().int().min(0).max(999), validFrom: day.nullable(), validTo: day.nullable() });
export type HallEdit = z.output<typeof hallEdit>;
export type PriceEdit = z.output<typeof priceEdit>;

/** What is sold in a hall, as its rules' changes are judged by. "Coming" is today or later. */
export const hallFacts = z.strictObject({
  /** Sessions it has ever had. */
  sessions: z.number().int(),
  /** Its tickets for coming days sold or awaiting payment. */
  upcomingTickets: z.number().int(),
  /** Its waiting-list orders still waiting (unpaid or standing by). */
  standingBy: z.number().int(),
  /** Its group orders for coming days, unpaid or paid. */
  groupOrders: z.number().int(),
  /** The most free pupil tickets given on one coming day. */
  schoolFreeUsed: z.number().int(),
  /** A dome's seats sold or held for coming sessions (src/domain/seatMap.ts TakenSeat). */
  takenSeats: z.array(z.strictObject({ row: z.number().int(), col: z.number().int(), seatLabel: z.string(), sessions: z.array(z.string()) })),
});
export type HallFacts = z.output<typeof hallFacts>;
export const NOTHING_SOLD: HallFacts = { sessions: 0, upcomingTickets: 0, standingBy: 0, groupOrders: 0, schoolFreeUsed: 0, takenSeats: [] };

/** Answers of the console's catalogue calls. */
export const staffHall = hallEdit.extend({ hallId: z.number().int(), facts: hallFacts });
export const staffHalls = z.array(staffHall);
export const staffPrice = priceEdit.extend({
  ticketPriceId: z.number().int(),
  /** Its tickets sold, unpaid or waiting (not cancelled or refunded). */
  soldTickets: z.number().int(),
});
export const staffPrices = z.array(staffPrice);
export type StaffHall = z.output<typeof staffHall>;
export type StaffPrice = z.output<typeof staffPrice>;

/** A hall's kind as the console names it: a dome has seats, a children's park needs an adult and a child. */
export type HallKind = 'exhibition' | 'park' | 'dome';
export const hallKindOf = (h: Pick<HallEdit, 'cinema' | 'needsAdultAndChild'>): HallKind => (h.cinema ? 'dome' : h.needsAdultAndChild ? 'park' : 'exhibition');

/** Why a draft is refused, and the field (a path such as `groups.max`) the refusal belongs beside. */
export interface CatalogueRefusal {
  field: string;
  text: Text;
}

export const CATALOGUE_TEXTS = {
  buyers: { zh: '每单最多人数不能少于最少人数', en: 'The most visitors per order cannot be fewer than the fewest' },
  groupSize: { zh: '团体最多人数不能少于最少人数', en: 'The largest group cannot be smaller than the smallest' },
  childAges: { zh: '儿童年龄上限不能小于下限', en: "The children's oldest age cannot be below the youngest" },
  parkAges: { zh: '亲子乐园须设定儿童年龄范围', en: "A children's park needs the children's age range" },
  parkBuyers: { zh: '亲子乐园每单至少 2 人（一名成人、一名儿童）', en: "A children's park sells at least 2 visitors an order (an adult and a child)" },
  domeSeats: { zh: '球幕影院须至少有一个座位（S）', en: 'A dome cinema needs at least one seat (S)' },
  domeWaiting: { zh: '球幕影院按座位售票，不设候补', en: 'A dome cinema sells seats and keeps no waiting list' },
  keyTaken: { zh: '场馆代码已被使用', en: 'This hall code is taken' },
  keyFixed: { zh: '场馆代码建立后不能修改', en: 'A hall code cannot change once the hall exists' },
  closeSold: {
    zh: '今日及以后还有 {n} 张已售或待支付的门票，本馆不能关闭：请先在“每日场次”停售，或等这些日期过去',
    en: '{n} tickets for today or later are sold or awaiting payment: the hall cannot close. Stop its sessions on the day screen first, or wait until those days are past',
  },
  kindSessions: {
    zh: '本馆已有场次，不能在球幕影院与其他场馆之间转换：售出的票按座位或按人数计',
    en: 'The hall has sessions: it cannot turn into or out of a dome cinema, since its tickets are sold by seat or by head',
  },
  waitingOff: {
    zh: '还有 {n} 个候补订单在等待，不能关闭候补：它们须按候补规则补位或退款',
    en: '{n} waiting-list orders are still waiting: the waiting list cannot be turned off, since they are filled or refunded by its rules',
  },
  groupsOff: {
    zh: '今日及以后还有 {n} 个团体订单，本馆不能停止接待团体',
    en: '{n} group orders are booked for today or later: the hall cannot stop taking groups',
  },
  seasonBooked: {
    zh: '今日及以后还有 {n} 个团体订单，淡季月份不能修改',
    en: '{n} group orders are booked for today or later: the off-season months cannot change',
  },
  schoolQuota: {
    zh: '已有一天发出 {n} 张学生免费票，每日名额不能少于此数',
    en: 'A coming day has already given {n} free pupil tickets: the daily quota cannot be less',
  },
  childRules: {
    zh: '今日及以后有 {n} 张已售或待支付的门票按现行儿童规则售出（退票、改签仍按此规则核对），儿童年龄、每位成人可带免费儿童数和“须成人与儿童同行”不能修改',
    en: '{n} tickets for today or later were sold under the current child rules (refunds and changes are checked by them): the children\'s ages, the free children per adult and "an adult and a child" cannot change',
  },
  priceAges: { zh: '适用年龄上限不能小于下限', en: 'The oldest age cannot be below the youngest' },
  validDays: { zh: '有效期止不能早于有效期起', en: 'The last day cannot be before the first day' },
  freePrice: { zh: '免费票的价格须为 0', en: 'A free ticket costs 0' },
  freeKind: { zh: '免费票须为儿童票', en: 'A free ticket is a child ticket' },
  priceName: { zh: '本馆已有同名票种', en: 'The hall already has a ticket type of this name' },
  kindSold: {
    zh: '此票种已售出 {n} 张，类别不能再改：请设定有效期止，另建新票种',
    en: '{n} tickets of this type are sold: its kind cannot change. Give it a last day and add a new ticket type instead',
  },
  freeSold: {
    zh: '此票种已售出 {n} 张，是否免费不能再改：请设定有效期止，另建新票种',
    en: '{n} tickets of this type are sold: whether it is free cannot change. Give it a last day and add a new ticket type instead',
  },
  fieldInvalid: { zh: '请检查此项', en: 'Check this field' },
  fieldRequired: { zh: '请填写此项', en: 'Fill this in' },
  fieldNumber: { zh: '请填写数字', en: 'Enter a number' },
  fieldAtLeast: { zh: '不能小于 {n}', en: 'At least {n}' },
  fieldAtMost: { zh: '不能大于 {n}', en: 'At most {n}' },
  fieldLonger: { zh: '最多 {n} 个字', en: 'At most {n} characters' },
  noHall: { zh: '场馆不存在', en: 'The hall does not exist' },
  noPrice: { zh: '票种不存在', en: 'The ticket type does not exist' },
  notADome: { zh: '该场馆不是球幕影院，没有座位图', en: 'The hall is not a dome cinema: it has no seat map' },
} as const satisfies Record<string, Text>;

const refusal = (field: string, text: Text, n?: number): CatalogueRefusal => ({ field, text: n === undefined ? text : fill(text, { n }) });

/** What a hall may be, on its own. */
export function hallProblems(h: HallEdit): CatalogueRefusal[] {
  const out: CatalogueRefusal[] = [];
  if (h.minBuyers > h.maxBuyers) out.push(refusal('maxBuyers', CATALOGUE_TEXTS.buyers));
  if (h.childAgeMin !== null && h.childAgeMax !== null && h.childAgeMin > h.childAgeMax) out.push(refusal('childAgeMax', CATALOGUE_TEXTS.childAges));
  if (h.needsAdultAndChild && (h.childAgeMin === null || h.childAgeMax === null)) out.push(refusal('childAgeMin', CATALOGUE_TEXTS.parkAges));
  if (h.needsAdultAndChild && h.minBuyers < 2) out.push(refusal('minBuyers', CATALOGUE_TEXTS.parkBuyers));
  if (h.groups && h.groups.min > h.groups.max) out.push(refusal('groups.max', CATALOGUE_TEXTS.groupSize));
  if (h.cinema && !h.cinema.rows.some((r) => r.includes('S'))) out.push(refusal('cinema.rows', CATALOGUE_TEXTS.domeSeats));
  if (h.cinema && h.waitingList) out.push(refusal('waitingList', CATALOGUE_TEXTS.domeWaiting));
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a change of a hall may not take from what is sold (`facts`): each refusal says which
 * rule the sold tickets or orders depend on, and why. */
export function hallChangeRefusals(before: HallEdit, after: HallEdit, facts: HallFacts): CatalogueRefusal[] {
  const out: CatalogueRefusal[] = [];
  if (before.key !== after.key) out.push(refusal('key', CATALOGUE_TEXTS.keyFixed));
  if (!before.closed && after.closed && facts.upcomingTickets > 0) out.push(refusal('closed', CATALOGUE_TEXTS.closeSold, facts.upcomingTickets));
  if (facts.sessions > 0 && (before.cinema === null) !== (after.cinema === null)) out.push(refusal('kind', CATALOGUE_TEXTS.kindSessions));
  else if (after.cinema) {
    // A map may change under sessions, but never under a seat someone has (src/domain/seatMap.ts).
    const lost = lostSeats(after.cinema.rows, facts.takenSeats);
    if (lost.length > 0) out.push({ field: 'cinema.rows', text: lostSeatsText(lost) });
  }
  if (facts.upcomingTickets > 0) {
    const field = (['needsAdultAndChild', 'childAgeMin', 'childAgeMax', 'freeChildPerAdult'] as const).find((f) => before[f] !== after[f]);
    if (field) out.push(refusal(field, CATALOGUE_TEXTS.childRules, facts.upcomingTickets));
  }
  if (before.waitingList && !after.waitingList && facts.standingBy > 0) out.push(refusal('waitingList', CATALOGUE_TEXTS.waitingOff, facts.standingBy));
  if (before.groups && !after.groups && facts.groupOrders > 0) out.push(refusal('groups', CATALOGUE_TEXTS.groupsOff, facts.groupOrders));
  if (facts.groupOrders > 0 && !same(before.offSeasonMonths, after.offSeasonMonths)) {
    out.push(refusal('offSeasonMonths', CATALOGUE_TEXTS.seasonBooked, facts.groupOrders));
  }
  if (after.groups && after.groups.schoolFreeDaily < facts.schoolFreeUsed) {
    out.push(refusal('groups.schoolFreeDaily', CATALOGUE_TEXTS.schoolQuota, facts.schoolFreeUsed));
  }
  return out;
}

/** The first refusal of a new hall (`before` null) or of a change, or null: what the editor shows
 * beside its field and the server answers. */
export function hallRefusal(before: HallEdit | null, after: HallEdit, facts: HallFacts): CatalogueRefusal | null {
  return hallProblems(after)[0] ?? (before ? hallChangeRefusals(before, after, facts)[0] : undefined) ?? null;
}

/** What a price may be among its hall's other prices (`others`: their zh names). */
export function priceProblems(p: PriceEdit, others: readonly string[]): CatalogueRefusal[] {
  const out: CatalogueRefusal[] = [];
  if (others.includes(p.name.zh.trim())) out.push(refusal('name.zh', CATALOGUE_TEXTS.priceName));
  if (p.ageMin !== null && p.ageMax !== null && p.ageMin > p.ageMax) out.push(refusal('ageMax', CATALOGUE_TEXTS.priceAges));
  if (p.validFrom !== null && p.validTo !== null && p.validFrom > p.validTo) out.push(refusal('validTo', CATALOGUE_TEXTS.validDays));
  if (p.free && p.kind !== 'child') out.push(refusal('kind', CATALOGUE_TEXTS.freeKind));
  if (p.free && p.price !== 0) out.push(refusal('price', CATALOGUE_TEXTS.freePrice));
  return out;
}

/** What a change of a price may not do once `sold` of its tickets are sold. Its amount may
 * change: that is for new orders only, since an order keeps the amounts it was quoted. */
export function priceChangeRefusals(before: PriceEdit, after: PriceEdit, sold: number): CatalogueRefusal[] {
  const out: CatalogueRefusal[] = [];
  if (sold > 0 && before.kind !== after.kind) out.push(refusal('kind', CATALOGUE_TEXTS.kindSold, sold));
  if (sold > 0 && before.free !== after.free) out.push(refusal('free', CATALOGUE_TEXTS.freeSold, sold));
  return out;
}

export function priceRefusal(before: PriceEdit | null, after: PriceEdit, sold: number, others: readonly string[]): CatalogueRefusal | null {
  return priceProblems(after, others)[0] ?? (before ? priceChangeRefusals(before, after, sold)[0] : undefined) ?? null;
}

/** Whether a price sells for a visit on `date` (its valid days; null bounds are open). */
export const priceOnSale = (p: { validFrom: string | null; validTo: string | null }, date: string) =>
  (p.validFrom === null || p.validFrom <= date) && (p.validTo === null || date <= p.validTo);

/** The field of a shape's first problem (`groups.max`) and what it wants: a number, at least or at
 * most a bound, something filled in; "check this field" only where the schema says no more. */
export function shapeRefusal(error: z.ZodError): CatalogueRefusal {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const isNumber = (origin: string) => origin === 'number' || origin === 'int';
  switch (issue?.code) {
    case 'invalid_type':
      return { field, text: isNumber(issue.expected) ? CATALOGUE_TEXTS.fieldNumber : CATALOGUE_TEXTS.fieldRequired };
    case 'too_small':
      if (issue.origin === 'string') return { field, text: CATALOGUE_TEXTS.fieldRequired };
      return { field, text: isNumber(issue.origin) ? fill(CATALOGUE_TEXTS.fieldAtLeast, { n: Number(issue.minimum) }) : CATALOGUE_TEXTS.fieldInvalid };
    case 'too_big':
      if (issue.origin === 'string') return { field, text: fill(CATALOGUE_TEXTS.fieldLonger, { n: Number(issue.maximum) }) };
      return { field, text: isNumber(issue.origin) ? fill(CATALOGUE_TEXTS.fieldAtMost, { n: Number(issue.maximum) }) : CATALOGUE_TEXTS.fieldInvalid };
    default:
      return { field, text: CATALOGUE_TEXTS.fieldInvalid };
  }
}

/** An editor's draft as it is sent: its shape (the server's schema), then the rules. */
export function hallDraftRefusal(before: HallEdit | null, draft: unknown, facts: HallFacts): CatalogueRefusal | null {
  const parsed = hallEdit.safeParse(draft);
  return parsed.success ? hallRefusal(before, parsed.data, facts) : shapeRefusal(parsed.error);
}

export function priceDraftRefusal(before: PriceEdit | null, draft: unknown, sold: number, others: readonly string[]): CatalogueRefusal | null {
  const parsed = priceEdit.safeParse(draft);
  return parsed.success ? priceRefusal(before, parsed.data, sold, others) : shapeRefusal(parsed.error);
}

/** A listed hall or price as its editor starts from (without its id and what is sold). */
export const hallEditOf = ({ hallId: _, facts: __, ...hall }: StaffHall): HallEdit => hall;
export const priceEditOf = ({ ticketPriceId: _, soldTickets: __, ...price }: StaffPrice): PriceEdit => price;
