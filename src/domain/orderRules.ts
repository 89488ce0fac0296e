/** Order rules for all visitors of an individual order (docs/product.md §5). One function returns every
 * broken rule, so a form can mark each field at once and the server can refuse with the
 * first. The client's machine guards and the server's placeOrder call the same code. */
import { ageOn, checkCertificate, normalizeCertificate } from './certificates.ts';
import { checkVisitorName, FIELD_LABELS, required } from './fields.ts';
import { checkCouponChoice } from './coupons.ts';
import { DEFAULT_FREE_CHILD_PER_ADULT, MINIMUM_ADULT_AGE, VISITORS_PER_ORDER_INDIVIDUAL } from './limits.ts';
import { fill, type Text } from './text.ts';
import type { HallRules, OrderContext, OrderDraft, TicketPrice, Violation, VisitorDraft } from './types.ts';

/** Stable rule names: tests, logs and the server refer to rules by these. */
export const ORDER_RULES = {
  sessionRequired: 'sessionRequired',
  sessionNotSelectable: 'sessionNotSelectable',
  ticketTypeRequired: 'ticketTypeRequired',
  ticketTypeNotSelectable: 'ticketTypeNotSelectable',
  visitorsRequired: 'visitorsRequired',
  name: 'name',
  certificate: 'certificate',
  duplicateCertificate: 'duplicateCertificate',
  minBuyers: 'minBuyers',
  maxBuyers: 'maxBuyers',
  stock: 'stock',
  childrenOnly: 'childrenOnly',
  freeChildLimit: 'freeChildLimit',
  ticketAge: 'ticketAge',
  hallMinAge: 'hallMinAge',
  parkMinTickets: 'parkMinTickets',
  parkNeedsAdult: 'parkNeedsAdult',
  parkNeedsChild: 'parkNeedsChild',
  parkChildAge: 'parkChildAge',
  agreement: 'agreement',
  captcha: 'captcha',
  coupons: 'coupons',
} as const;

export type OrderRule = (typeof ORDER_RULES)[keyof typeof ORDER_RULES];

export const ORDER_MESSAGES = {
  sessionRequired: { zh: '请选择场次', en: 'Please choose a session' },
  notSelectable: { zh: '场次或票种不可选', en: 'Session or ticket type not selectable' },
  ticketTypeRequired: { zh: '请选择票种', en: 'Please choose a ticket type' },
  visitorsRequired: { zh: '请至少添加一位游客', en: 'Please add at least one visitor' },
  duplicateCertificate: { zh: '证件号码重复', en: 'Duplicate certificates are not allowed' },
  minBuyers: { zh: '每单至少需要{n}位游客', en: 'An order needs at least {n} visitors' },
  maxBuyers: { zh: '每单最多{n}位游客', en: 'An order may have at most {n} visitors' },
  soldOut: {
    zh: '场馆已售罄，该日期已无余票，请选择其他日期或场次',
    en: 'Venue sold out; no tickets for this date, please pick another date or session',
  },
  notEnough: {
    zh: '余票不足，仅剩{n}张，请减少游客或选择其他场次',
    en: 'Not enough tickets left (only {n}); please remove visitors or pick another session',
  },
  childrenOnly: { zh: '不允许只购买儿童票，儿童须由成人陪同', en: 'A purchase of only children is not allowed; a child must come with an adult' },
  freeChildLimit: {
    zh: '每位成人最多携带{n}名免费儿童，本单有{adults}位成人、{children}张免费儿童票',
    en: 'Each adult may bring at most {n} free child ticket(s); this order has {adults} adult(s) and {children} free child ticket(s)',
  },
  ticketAge: {
    zh: '“{ticket}”适用年龄为{range}，该游客参观当日{age}岁',
    en: '"{ticket}" is for ages {range}; this visitor will be {age} on the visit date',
  },
  hallMinAge: {
    zh: '{hall}仅限{n}岁及以上游客参观，该游客参观当日{age}岁',
    en: '{hall} is for visitors aged {n} and over; this visitor will be {age} on the visit date',
  },
  parkMinTickets: {
    zh: '{hall}至少需购买2张票（成人和儿童各至少1名）',
    en: '{hall} needs at least 2 tickets: at least one adult and one child',
  },
  parkNeedsAdult: { zh: '{hall}的儿童须由成人陪同', en: 'Children in {hall} must come with an adult' },
  parkNeedsChild: {
    zh: '{hall}不接待仅成人参观，请添加一名{range}的儿童',
    en: '{hall} does not admit adults alone; please add a child aged {range}',
  },
  parkChildAge: {
    zh: '{hall}仅接待{range}的儿童，该游客参观当日{age}岁',
    en: '{hall} admits children aged {range} only; this visitor will be {age} on the visit date',
  },
  parkChildAgeUnknown: {
    zh: '{hall}仅接待{range}的儿童，无法确认该游客年龄，请使用身份证件或儿童票',
    en: "{hall} admits children aged {range} only; this visitor's age cannot be confirmed, use an ID card or a child ticket",
  },
  agreement: { zh: '请先阅读并同意购票协议', en: 'Please read and accept the agreement first' },
  captcha: { zh: '请先完成安全验证', en: 'Please complete the security check' },
} as const satisfies Record<string, Text>;

/** '3-8岁' / 'ages 3-8' style ranges; open ends read "and over" / "up to". */
export function ageRangeText(min: number | null, max: number | null): Text {
  if (min !== null && max !== null) return { zh: `${min}-${max}岁`, en: `${min}-${max}` };
  if (min !== null) return { zh: `${min}岁及以上`, en: `${min} and over` };
  if (max !== null) return { zh: `${max}岁及以下`, en: `up to ${max}` };
  return { zh: '不限', en: 'any age' };
}

function inRange(age: number, min: number | null, max: number | null): boolean {
  return (min === null || age >= min) && (max === null || age <= max);
}

/** What the rules know about one visitor. */
interface VisitorFacts {
  index: number;
  visitor: VisitorDraft;
  price: TicketPrice | undefined;
  /** Age on the visit date when the certificate carries a birth date. */
  age: number | null;
  /** true/false, or null when neither an age nor a ticket type tells. */
  adult: boolean | null;
}

/** Adult: 18 or over when the certificate gives a birth date; otherwise an adult or senior
 * ticket. A known age always wins over the ticket kind (a 10-year-old on an adult ticket is
 * still a child for "children cannot come alone"). */
export function isAdult(age: number | null, price: Pick<TicketPrice, 'kind'> | undefined): boolean | null {
  if (age !== null) return age >= MINIMUM_ADULT_AGE;
  if (price) return price.kind === 'adult' || price.kind === 'senior';
  return null;
}

function factsOf(draft: OrderDraft, ctx: OrderContext, today?: string): VisitorFacts[] {
  return draft.visitors.map((visitor, index) => {
    const price = ctx.prices.find((p) => p.ticketPriceId === visitor.ticketPriceId);
    const cert = checkCertificate(visitor.certificateType, visitor.certificateNumber, today);
    const age = cert.valid && cert.birthDate && draft.visitDate ? ageOn(cert.birthDate, draft.visitDate) : null;
    return { index, visitor, price, age, adult: isAdult(age, price) };
  });
}

function hallName(hall: HallRules): Text {
  return hall.name;
}

/**
 * Every broken rule of the draft. `stage` 'visitors' is the check before leaving the
 * visitor list; 'submit' adds the agreement and the security check. `today` (for
 * "birth date not in the future") defaults to the local date.
 */
export function checkOrder(draft: OrderDraft, ctx: OrderContext, stage: 'visitors' | 'submit', today?: string): Violation[] {
  const out: Violation[] = [];
  const add = (rule: OrderRule, message: Text, field?: Violation['field']) => out.push(field ? { rule, message, field } : { rule, message });
  const { hall } = ctx;
  const facts = factsOf(draft, ctx, today);
  const count = draft.visitors.length;

  // Session and ticket types.
  if (draft.hallId === null || draft.hallScheduleId === null) add(ORDER_RULES.sessionRequired, ORDER_MESSAGES.sessionRequired);
  else if (draft.hallId !== hall.hallId) add(ORDER_RULES.sessionNotSelectable, ORDER_MESSAGES.notSelectable);

  if (count === 0) add(ORDER_RULES.visitorsRequired, ORDER_MESSAGES.visitorsRequired);

  // Each visitor's own fields.
  const seen = new Set<string>();
  for (const f of facts) {
    const v = f.visitor;
    if (v.ticketPriceId === null) {
      add(ORDER_RULES.ticketTypeRequired, ORDER_MESSAGES.ticketTypeRequired, { index: f.index, name: 'ticketPriceId' });
    } else if (!f.price) {
      add(ORDER_RULES.ticketTypeNotSelectable, ORDER_MESSAGES.notSelectable, { index: f.index, name: 'ticketPriceId' });
    }
    const nameMessage = checkVisitorName(v.name, v.certificateType);
    if (nameMessage) add(ORDER_RULES.name, nameMessage, { index: f.index, name: 'name' });

    const certField = { index: f.index, name: 'certificateNumber' } as const;
    const number = normalizeCertificate(v.certificateNumber);
    if (number === '') {
      add(ORDER_RULES.certificate, required(FIELD_LABELS.certificateNumber, number)!, certField);
      continue;
    }
    const cert = checkCertificate(v.certificateType, number, today);
    if (!cert.valid) {
      add(ORDER_RULES.certificate, cert.message, certField);
      continue;
    }
    // The same person twice: same type and the same number once normalized.
    const key = `${v.certificateType}:${number}`;
    if (seen.has(key)) add(ORDER_RULES.duplicateCertificate, ORDER_MESSAGES.duplicateCertificate, certField);
    seen.add(key);
  }

  // Buyers per order: the hall's range, and never more than an individual order allows.
  const maxBuyers = Math.min(hall.maxBuyers, VISITORS_PER_ORDER_INDIVIDUAL);
  if (count > 0 && count < hall.minBuyers) add(ORDER_RULES.minBuyers, fill(ORDER_MESSAGES.minBuyers, { n: hall.minBuyers }));
  if (count > maxBuyers) add(ORDER_RULES.maxBuyers, fill(ORDER_MESSAGES.maxBuyers, { n: maxBuyers }));

  // Stock of the chosen session.
  if (ctx.remaining <= 0) add(ORDER_RULES.stock, ORDER_MESSAGES.soldOut);
  else if (count > ctx.remaining) add(ORDER_RULES.stock, fill(ORDER_MESSAGES.notEnough, { n: ctx.remaining }));

  // Children never come alone. When some visitor can't be classified yet (no birth date and
  // no valid ticket type) and no one is a known adult, the missing ticket type is the error.
  const adults = facts.filter((f) => f.adult === true).length;
  if (count > 0 && adults === 0 && facts.every((f) => f.adult === false)) {
    add(ORDER_RULES.childrenOnly, ORDER_MESSAGES.childrenOnly);
  }

  // Free child tickets per adult.
  const freeChildren = facts.filter((f) => f.price?.isChildFreeTicket).length;
  if (freeChildren > 0 && freeChildren > adults * ctx.freeChildPerAdult) {
    add(ORDER_RULES.freeChildLimit, fill(ORDER_MESSAGES.freeChildLimit, { n: ctx.freeChildPerAdult, adults, children: freeChildren }));
  }

  // Ages: per ticket type and per hall, where the certificate tells the age.
  for (const f of facts) {
    if (f.age === null) continue;
    if (f.price && !inRange(f.age, f.price.ageMin, f.price.ageMax)) {
      add(ORDER_RULES.ticketAge, fill(ORDER_MESSAGES.ticketAge, { ticket: f.price.name, range: ageRangeText(f.price.ageMin, f.price.ageMax), age: f.age }), {
        index: f.index,
        name: 'ticketPriceId',
      });
    }
    if (hall.minAge !== null && f.age < hall.minAge) {
      add(ORDER_RULES.hallMinAge, fill(ORDER_MESSAGES.hallMinAge, { hall: hallName(hall), n: hall.minAge, age: f.age }), {
        index: f.index,
        name: 'certificateNumber',
      });
    }
  }

  // Children's park: at least 2 tickets, an adult, and a child within the range; every
  // visitor who is not an adult must be a child within the range.
  if (hall.needsAdultAndChild && count > 0) {
    const range = ageRangeText(hall.childAgeMin, hall.childAgeMax);
    let childrenInRange = 0;
    for (const f of facts) {
      if (f.adult !== false) continue;
      const field = { index: f.index, name: 'certificateNumber' } as const;
      if (f.age !== null) {
        if (inRange(f.age, hall.childAgeMin, hall.childAgeMax)) childrenInRange++;
        else add(ORDER_RULES.parkChildAge, fill(ORDER_MESSAGES.parkChildAge, { hall: hallName(hall), range, age: f.age }), field);
      } else if (f.price?.kind === 'child') {
        // No birth date (passport ...): the child ticket type vouches for the age.
        childrenInRange++;
      } else {
        add(ORDER_RULES.parkChildAge, fill(ORDER_MESSAGES.parkChildAgeUnknown, { hall: hallName(hall), range }), field);
      }
    }
    if (count < 2) add(ORDER_RULES.parkMinTickets, fill(ORDER_MESSAGES.parkMinTickets, { hall: hallName(hall) }));
    if (adults === 0) add(ORDER_RULES.parkNeedsAdult, fill(ORDER_MESSAGES.parkNeedsAdult, { hall: hallName(hall) }));
    if (childrenInRange === 0) add(ORDER_RULES.parkNeedsChild, fill(ORDER_MESSAGES.parkNeedsChild, { hall: hallName(hall), range }));
  }

  // Coupons: none, or one each (docs/product.md §5); whether each may be spent is the server's to check.
  const coupons = checkCouponChoice(draft.visitors.map((v) => (v.coupon ? [v.coupon] : [])));
  if (coupons) add(ORDER_RULES.coupons, coupons.message, { index: coupons.index, name: 'coupon' });

  if (stage === 'submit') {
    if (!draft.agreementAccepted) add(ORDER_RULES.agreement, ORDER_MESSAGES.agreement);
    if (!draft.captchaToken) add(ORDER_RULES.captcha, ORDER_MESSAGES.captcha);
  }
  return out;
}

/** The violation to show when only one can be shown (a toast, the server's answer). */
export function firstViolation(list: readonly Violation[]): Violation | null {
  return list[0] ?? null;
}

/** Config keys holding the free children one adult may bring, per hall. */
export const FREE_CHILD_CONFIG_KEYS: Partial<Record<HallRules['hallKey'], string>> = {
  main: 'hall_main_oneperson_totalfreechild',
  temporary: 'hall_temporary_oneperson_totalfreechild',
};

/** Free child tickets per adult for a hall: the configured non-negative integer, 1 when the
 * key is unset or not a number, and 1 for halls without a key; `own`, the hall's own number
 * (set in the staff console's catalogue, docs/product.md §2.8), comes first. */
export function freeChildPerAdult(config: Record<string, string>, hallKey: HallRules['hallKey'] | string, own: number | null = null): number {
  if (own !== null) return own;
  const key = FREE_CHILD_CONFIG_KEYS[hallKey as HallRules['hallKey']];
  const raw = key ? config[key]?.trim() : undefined;
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_FREE_CHILD_PER_ADULT;
}
