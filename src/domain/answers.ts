/** Answer contracts of the API: the `data` of every route's `{ code, msg, data }`, as the
 * routes declare them (`schema: { response: { 200: envelope(...) } }`). The server's
 * serializer checks each answer against its schema, so an answer that drifts from its
 * contract is an error in the tests, not a surprise in the client; /prod-api/openapi.json
 * publishes them. Objects are strict: a field the schema does not name is refused, not
 * dropped. The types of src/domain/types.ts are checked equal to these by
 * tests/unit/domain/answers.types.ts. */
import { z } from 'zod';
import { MESSAGE_SERVICE_TYPES } from './message.ts';
import { STAFF_ROLES } from './staffRoles.ts';

/** Every answer: HTTP 200 and a body code (SPEC §8); `data` is null on a refusal. */
export const envelope = <T extends z.ZodType>(data: T) => z.strictObject({ code: z.number().int(), msg: z.string(), data: data.nullable() });

const id = z.number().int();
const certificateType = z.enum(['1', '2', '3', '4', '5']);
const ticketKind = z.enum(['adult', 'student', 'senior', 'child']);
const text = z.strictObject({ zh: z.string(), en: z.string() });
const hallKey = z.enum(['main', 'children', 'temporary', 'cinema', 'cinema2']);
const orderStatus = z.enum(['toBePaid', 'completed', 'canceled', 'refunded', 'partlyRefunded', 'changed', 'standingBy', 'full', 'returned']);
const ticketStatus = z.enum(['toBePaid', 'toBeChecked', 'checked', 'expired', 'canceled', 'refunded', 'changed', 'reserved', 'candidate']);
const page = <T extends z.ZodType>(row: T) => z.strictObject({ rows: z.array(row), total: z.number().int() });

// Settings, accounts, helpers

export const baseSettings = z.strictObject({
  systemName: z.string(),
  config: z.record(z.string(), z.string()),
  texts: z.record(z.string(), z.string()),
});
export const officeDocument = z.strictObject({ name: z.string(), content: z.string() });
export const serverTime = z.strictObject({ now: z.number() });
/** HallSetting/parameterName: one configuration key and its value. */
export const parameter = z.strictObject({ parameterName: z.string(), value: z.string() });
/** hallInfo/getAllHallIdAndName. */
export const hallNames = z.array(z.strictObject({ hallId: id, hallName: z.string() }));
export const loginAnswer = z.strictObject({ token: z.string() });
export const user = z.strictObject({
  userId: id,
  userName: z.string(),
  userType: z.union([z.literal(1), z.literal(2)]),
  bindStatus: z.union([z.literal(0), z.literal(1)]),
  phone: z.string(),
  email: z.string().nullable(),
  registeredAt: z.string(),
  wechatNickname: z.string().nullable(),
});
export const userInfo = z.strictObject({ user });
export const certificateOptions = z.array(z.strictObject({ dictValue: certificateType, dictLabel: z.string() }));
export const captchaChallenge = z.strictObject({
  captchaId: z.string(),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  pieceY: z.number(),
  background: z.string(),
  piece: z.string(),
});
export const captchaPassed = z.strictObject({ captchaToken: z.string() });
export const smsOutbox = z.array(z.strictObject({ phone: z.string(), text: z.string(), code: z.string(), sentAt: z.number() }));
export const riskSwitch = z.strictObject({ key: z.string(), enabled: z.boolean() });
export const riskFrontPage = z.strictObject({
  riskEnable: z.boolean(),
  sliderRequired: z.boolean(),
  limits: z.strictObject({ dailyOrders: z.number(), dailyCartTickets: z.number(), maxHeldTickets: z.number() }),
});

// The pool: calendar, halls, sessions, prices

export const calendarDay = z.strictObject({
  date: z.string(),
  state: z.enum(['available', 'soldOut', 'closed', 'notReleased']),
  remaining: z.number().int(),
  reason: z.string().nullable(),
});
export const candidateDay = z.strictObject({
  date: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  candidateLevel: z.union([z.literal(1), z.literal(2)]).nullable(),
});
const pricePool = z.strictObject({
  ticketPriceId: id,
  name: z.string(),
  kind: ticketKind,
  price: z.number().int(),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  isChildFreeTicket: z.boolean(),
});
const schedulePool = z.strictObject({
  hallScheduleId: id,
  beginTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  ticketPool: z.number().int(),
  state: z.enum(['available', 'soldOut', 'stopped', 'closed', 'notReleased']),
  disabled: z.boolean(),
  disabledText: z.string().nullable(),
  releaseTime: z.string().nullable(),
  priceTicketPoolVOS: z.array(pricePool),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  candidateLevel: z
    .union([z.literal(1), z.literal(2)])
    .nullable()
    .optional(),
});
export const pricePools = z.array(pricePool);
const film = z.strictObject({
  filmId: id,
  name: z.string(),
  synopsis: z.string(),
  notes: z.string(),
  durationMin: z.number().int(),
  poster: z.string(),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
});
const hallRules = z.strictObject({
  hallId: id,
  hallKey,
  name: text,
  minBuyers: z.number().int(),
  maxBuyers: z.number().int(),
  minAge: z.number().int().nullable(),
  childAgeMin: z.number().int().nullable(),
  childAgeMax: z.number().int().nullable(),
  needsAdultAndChild: z.boolean(),
});
/** A hall's settings as the booking screens and groups use them (HallSetting/ingore/getHallSetting
 * lists them all, system/user/ingore/getHallSettingDetail answers one by its key): its booking
 * rules, named in the request's language, and what groups and the waiting list read. */
export const hallSetting = hallRules.omit({ hallKey: true, name: true }).extend({
  hallKey: z.string(),
  name: z.string(),
  intro: z.string(),
  ageNote: z.string().nullable(),
  cinema: z.boolean(),
  waitingList: z.boolean(),
  groupMin: z.number().int(),
  groupMax: z.number().int(),
  schoolOnly: z.boolean(),
  offSeasonOnly: z.boolean(),
});
const cinemaSession = schedulePool.extend({ film: film.nullable() });
export const cinemaSessions = z.array(cinemaSession);
export const packages = z.array(
  z.strictObject({
    packageId: id,
    name: z.string(),
    intro: z.string(),
    price: z.number().int(),
    admission: z.strictObject({ rules: hallRules, hallName: z.string(), price: pricePool, sessions: z.array(schedulePool) }),
    film: z.strictObject({ rules: hallRules, hallName: z.string(), price: pricePool, sessions: z.array(cinemaSession) }),
  }),
);
export const seatMap = z.strictObject({
  hallScheduleId: id,
  chooseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  rows: z.number().int(),
  cols: z.number().int(),
  seats: z.array(
    z.strictObject({
      row: z.number().int(),
      col: z.number().int(),
      rowLabel: z.string(),
      seatLabel: z.string(),
      state: z.enum(['available', 'notAvailable', 'sold']),
    }),
  ),
});
export const blockedSeats = z.array(z.strictObject({ hallId: id, row: z.number().int(), col: z.number().int(), rowLabel: z.string(), seatLabel: z.string() }));
export const hallPool = z.strictObject({
  hallId: id,
  hallKey,
  cinema: z.boolean(),
  name: z.string(),
  intro: z.string(),
  ageNote: z.string().nullable(),
  disabled: z.boolean(),
  disabledText: z.string().nullable(),
  scheduleTicketPoolVOS: z.array(schedulePool),
  /** getHall with openPerson=2: what groups the hall takes (src/domain/groupRules.ts GroupHall). */
  group: z.strictObject({ groupMin: z.number().int(), groupMax: z.number().int(), schoolOnly: z.boolean(), offSeasonOnly: z.boolean() }).optional(),
});
export const hallPersonSetting = z.strictObject({
  rules: hallRules,
  freeChildPerAdult: z.number().int(),
  chooseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});

// Orders

export const priceQuote = z.strictObject({
  lines: z.array(z.strictObject({ ticketPriceId: id, name: z.string(), price: z.number().int(), count: z.number().int(), amount: z.number().int() })),
  discount: z.number().int(),
  total: z.number().int(),
});
const placeOrderResult = z.strictObject({
  orderId: id.nullable(),
  riskEnable: z.boolean(),
  riskPolicy: z.number(),
  riskPrompt: z.string().nullable(),
});
export const cartAddResult = placeOrderResult.extend({ orderId: z.null(), cartTicketIds: z.array(id), deadline: z.number() });
export const cartConflict = z.strictObject({ cartDate: z.string() });
/** placeOrder's three uses: an order (or a 502 risk refusal), a cart add, a cart of another date (600). */
export const seatTaken = z.strictObject({ takenSeats: z.array(z.string()) });
export const placeOrderAnswer = z.union([cartAddResult, placeOrderResult, cartConflict, seatTaken]);
export const unpaidOrder = z.strictObject({ orderId: id.nullable(), orderNumber: z.string().nullable() });
export const orderStatusAnswer = z.strictObject({ status: orderStatus, payDeadline: z.number().nullable() });
export const orderSummary = z.strictObject({
  orderId: id,
  orderNumber: z.string(),
  status: orderStatus,
  amount: z.number().int(),
  ticketNum: z.number().int(),
  createTime: z.string(),
  visitDate: z.string(),
  hallName: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  isCandidate: z.boolean(),
  candidate: z.enum(['standingBy', 'succeeded', 'full', 'cancelled', 'returned']).nullable(),
});
export const ticketView = z.strictObject({
  ticketId: id,
  userName: z.string(),
  certificateType,
  certificateInfo: z.string(),
  ticketName: z.string(),
  price: z.number().int(),
  status: ticketStatus,
  qrCode: z.string().nullable(),
  hallScheduleId: id.optional(),
  visitDate: z.string().optional(),
  hallName: z.string().optional(),
  beginTime: z.string().optional(),
  endTime: z.string().optional(),
  seat: z.strictObject({ rowLabel: z.string(), seatLabel: z.string(), number: z.string() }).nullable().optional(),
  filmName: z.string().nullable().optional(),
});
export const orderDetail = orderSummary.extend({
  payDeadline: z.number().nullable(),
  payTime: z.string().nullable(),
  tickets: z.array(ticketView),
  shortLinkFlag: z.string().nullable().optional(),
  seatsChangeable: z.boolean().optional(),
  refunds: z.array(z.strictObject({ amount: z.number().int(), status: z.enum(['inProgress', 'refunded', 'failed']), createTime: z.string() })).optional(),
});
export const orderPage = page(orderSummary);
/** A group order's own part (searchTravelTeamOrder): how it is paid, the leader (masked),
 * the grades and teachers (masked), and its tickets counted by who and whether free. */
const groupOrderInfo = z.strictObject({
  payMethod: z.enum(['online', 'window']),
  /** Window payers: the last day to pay at the window. */
  windowPayLastDay: z.string().nullable(),
  leader: z.strictObject({ name: z.string(), certificateInfo: z.string(), mobile: z.string() }),
  gradeList: z.array(
    z.strictObject({
      name: z.string(),
      boy: z.number().int(),
      girl: z.number().int(),
      all: z.number().int(),
      beijing: z.number().int(),
      orther: z.number().int(),
    }),
  ),
  teacherList: z.array(z.strictObject({ name: z.string(), certificateInfo: z.string() })),
  ticketUseType: z.union([z.literal(1), z.literal(2)]),
  lines: z.array(
    z.strictObject({
      role: z.enum(['student', 'teacher', 'leader', 'visitor']),
      free: z.boolean(),
      count: z.number().int(),
      unitPrice: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export const groupOrderDetail = orderDetail.extend({ group: groupOrderInfo });
export const windowPaid = z.strictObject({ orderId: id, status: z.literal('completed') });
/** A window payer's order as the museum's cashier looks it up. */
export const windowOrder = orderSummary.extend({ teamName: z.string(), windowPayLastDay: z.string(), payable: z.boolean() });
/** getSchoolFreeTicket: everything the group draft needs to price and check itself (GroupContext). */
export const groupSetting = z.strictObject({
  teamType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  teamName: z.string(),
  discounts: z.boolean(),
  hall: z.strictObject({ groupMin: z.number().int(), groupMax: z.number().int(), schoolOnly: z.boolean(), offSeasonOnly: z.boolean() }),
  adultPrice: z.number().int(),
  studentPrice: z.number().int(),
  freeStudentQuota: z.number().int(),
  studentsPerFreeTeacher: z.number().int(),
  agencyDiscountPercent: z.number().int(),
  chargedPerFreeLeader: z.number().int().nullable(),
  offSeason: z.boolean(),
  today: z.string(),
  /** A dome's choose mode (1: people pick their seats), null elsewhere. */
  chooseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  /** Why the team cannot book now (frozen, unverified, certificate expired), or null. */
  blocked: z.string().nullable(),
});

/** The chat app's getBrandWCPayRequest parameters (JSAPI pay), signed by the server. */
export const jsapiPayParams = z.strictObject({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
/** /pay/create: a cashier page to open, or (in the chat app) the JSAPI pay parameters. */
export const payStart = z.union([z.strictObject({ payUrl: z.string() }), z.strictObject({ jsapi: jsapiPayParams })]);
export const popWindow = z.strictObject({ key: z.string(), title: z.string(), content: z.string() });
export const cancelOrderResult = z.strictObject({ orderId: id, status: z.literal('canceled') });

// Cart

export const cartLine = z.strictObject({
  cartTicketId: id,
  hallId: id,
  hallName: z.string(),
  hallScheduleId: id,
  visitDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  userName: z.string(),
  certificateType,
  certificateInfo: z.string(),
  ticketPriceId: id,
  ticketName: z.string(),
  price: z.number().int(),
  deadline: z.number(),
  expired: z.boolean(),
  status: z.enum(['held', 'expired']),
});
export const shoppingCart = z.strictObject({ visitDate: z.string().nullable(), lines: z.array(cartLine), serverTime: z.number() });
export const cartCleared = z.strictObject({ removed: z.number().int() });
export const staffDay = z.strictObject({
  date: z.string(),
  closed: z.boolean(),
  reason: z.string().nullable(),
  releaseAt: z.number().nullable(),
  sessions: z.array(
    z.strictObject({
      scheduleId: id,
      hallId: id,
      hallName: z.string(),
      cinema: z.boolean(),
      beginTime: z.string(),
      endTime: z.string(),
      capacity: z.number().int(),
      sold: z.number().int(),
      held: z.number().int(),
      remaining: z.number().int(),
      checked: z.number().int(),
      missed: z.number().int(),
      refunded: z.number().int(),
      waiting: z.number().int(),
      stopped: z.boolean(),
      stopReason: z.string().nullable(),
    }),
  ),
  /** The visit ratings of the day's orders, per hall (only halls someone rated). */
  ratings: z.array(z.strictObject({ hallId: id, hallName: z.string(), count: z.number().int(), visit: z.number(), booking: z.number() })),
});
const templateSession = z.strictObject({ beginTime: z.string(), endTime: z.string(), capacity: z.number().int(), filmId: id.nullable() });
/** Every hall with its films (a dome's), its seats and its session templates. */
export const sessionTemplates = z.strictObject({
  now: z.string(),
  halls: z.array(
    z.strictObject({
      hallId: id,
      name: z.string(),
      cinema: z.boolean(),
      seats: z.number().int(),
      films: z.array(z.strictObject({ filmId: id, name: z.string() })),
      templates: z.array(z.strictObject({ templateId: id, name: z.string(), rollForward: z.boolean(), sessions: z.array(templateSession) })),
    }),
  ),
});
/** What applying a template did (or, previewed, would do) day by day. */
export const applyReport = z.strictObject({
  templateId: id,
  hallName: z.string(),
  templateName: z.string(),
  applied: z.boolean(),
  created: z.number().int(),
  skipped: z.number().int(),
  days: z.array(
    z.strictObject({
      date: z.string(),
      closed: z.boolean(),
      onSale: z.boolean(),
      releaseAt: z.number().nullable(),
      created: z.array(z.string()),
      skipped: z.array(z.string()),
    }),
  ),
});
export const staffSettings = z.strictObject({
  config: z.array(z.strictObject({ key: z.string(), label: z.string(), value: z.string() })),
  texts: z.array(z.strictObject({ name: z.string(), zh: z.string(), en: z.string() })),
});
export const staffMe = z.strictObject({ username: z.string(), role: z.enum(STAFF_ROLES) });
export const gateAnswer = z.strictObject({
  passed: z.boolean(),
  count: z.number().int(),
  reason: z.string().nullable(),
  tickets: z.array(
    z.strictObject({
      ticketId: id,
      userName: z.string(),
      certificateInfo: z.string(),
      ticketName: z.string(),
      hallName: z.string(),
      visitDate: z.string(),
      beginTime: z.string(),
      endTime: z.string(),
      passed: z.boolean(),
    }),
  ),
});
export const gateDay = z.strictObject({
  hallId: id,
  hallName: z.string(),
  date: z.string(),
  fetchedAt: z.number().int(),
  tickets: z.array(
    z.strictObject({
      ticketId: id,
      qrDigest: z.string(),
      orderDigest: z.string(),
      userName: z.string(),
      certificateInfo: z.string(),
      ticketName: z.string(),
      beginTime: z.string(),
      endTime: z.string(),
      status: z.enum(['toBeChecked', 'checked']),
      checkedAt: z.string().nullable(),
    }),
  ),
});
export const gateSyncAnswer = z.strictObject({
  items: z.array(
    z.strictObject({ id: z.string(), outcome: z.enum(['checkedIn', 'duplicate', 'refused']), count: z.number().int(), reason: z.string().nullable() }),
  ),
});
export const groupCartEntry = z.strictObject({
  cartId: id,
  hallId: id,
  hallName: z.string(),
  hallScheduleId: id,
  visitDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  people: z.number().int(),
  freePupils: z.number().int(),
  amount: z.number().int(),
  payMethod: z.enum(['online', 'window']),
  leaderName: z.string(),
  deadline: z.number(),
  status: z.enum(['held', 'expired']),
});
export const groupCart = z.strictObject({ entries: z.array(groupCartEntry), serverTime: z.number() });

// Refund, change, missed visits

export const refundRisk = z.strictObject({ warn: z.boolean(), message: z.string(), missedVisits: z.number().int(), limit: z.number().int() });
export const refundFacts = z.strictObject({
  tickets: z.array(
    z.strictObject({
      ticketId: id,
      status: ticketStatus,
      hallId: id,
      visitDate: z.string(),
      kind: ticketKind,
      age: z.number().int().nullable(),
      isChildFreeTicket: z.boolean(),
      cinema: z.boolean(),
      schoolFree: z.boolean(),
    }),
  ),
  group: z.boolean(),
  maxPartialRefundPercent: z.number().nullable(),
  freeChildPerAdult: z.number().int(),
});
export const refundResult = z.strictObject({
  orderId: id,
  refundId: id,
  refundedTicketIds: z.array(id),
  refundAmount: z.number().int(),
  orderStatus,
});
export const rebookResult = z.strictObject({
  orderId: id,
  orderStatus,
  oldTicketIds: z.array(id),
  newTicketIds: z.array(id),
  hallScheduleId: id,
  visitDate: z.string(),
});
export const blockStatus = z.strictObject({
  blacklisted: z.boolean(),
  missedVisits: z.number().int(),
  limit: z.number().int(),
  windowDays: z.number().int(),
  until: z.string().nullable(),
  message: z.string(),
});
export const missedVisitList = page(
  z.strictObject({
    orderId: id,
    orderNumber: z.string(),
    visitDate: z.string(),
    hallName: z.string(),
    beginTime: z.string(),
    endTime: z.string(),
    ticketNum: z.number().int(),
    counted: z.boolean(),
  }),
).extend({ status: blockStatus.nullable() });

// Invoices

export const invoiceSummary = z.strictObject({
  invoiceId: id,
  orderId: id,
  orderNumber: z.string(),
  titleType: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  amount: z.number().int(),
  state: z.enum(['requested', 'issued']),
  createTime: z.string(),
  invoiceNumber: z.string().nullable(),
  flagged: z.boolean(),
});
export const invoiceDetail = invoiceSummary.extend({
  taxNumber: z.string().nullable(),
  addressPhone: z.string().nullable(),
  bankAccount: z.string().nullable(),
  content: z.string(),
  email: z.string(),
  issueTime: z.string().nullable(),
  refundedAfterIssue: z.number().int(),
  refundedAfterIssueTime: z.string().nullable(),
});
export const staffInvoice = invoiceDetail.extend({
  orderStatus,
  orderAmount: z.number().int(),
  orderRefunded: z.number().int(),
  issuedBy: z.string().nullable(),
});
export const staffInvoicePage = page(invoiceSummary);
export const invoicePdfLink = z.strictObject({ url: z.string(), expiresAt: z.number().int() });
export const invoicePage = page(invoiceSummary);

// Group accounts and the staff console

const teamType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export const teamRegistered = z.strictObject({ teamId: id, message: z.string() });
export const teamExists = z.strictObject({ exists: z.boolean() });
export const uploaded = z.strictObject({ uploadId: z.string(), mime: z.string(), size: z.number().int(), width: z.number().int(), height: z.number().int() });
/** A refused team login: whether the slider check must come first next time. */
export const teamLoginRefusal = z.strictObject({ captchaRequired: z.boolean() });
/** What a team and the staff both see of a team (the team sees its phone masked). */
const teamFields = {
  teamId: id,
  teamName: z.string(),
  teamType,
  creditCode: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  email: z.string().nullable(),
};
export const teamInfo = z.strictObject({
  team: z.strictObject({
    ...teamFields,
    status: z.union([z.literal(0), z.literal(1)]),
    frozenReason: z.string().nullable(),
    verifiedStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    reviewReason: z.string().nullable(),
    creditExpiresOn: z.string().nullable(),
    protocolExpiresOn: z.string().nullable(),
    teamRunTimeStatus: z.strictObject({
      creditStatus: z.union([z.literal(0), z.literal(1)]),
      protocolStatus: z.union([z.literal(0), z.literal(1)]),
      creditWillExpireFlag: z.boolean(),
      protocolWillExpireFlag: z.boolean(),
    }),
  }),
});
export const teamForReview = z.strictObject({
  ...teamFields,
  reviewState: z.enum(['pending', 'approved', 'rejected']),
  reviewReason: z.string().nullable(),
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  createTime: z.string(),
  documents: z.array(z.strictObject({ kind: z.enum(['credit', 'protocol1', 'protocol2', 'letter']), uploadId: z.string() })),
});
export const teamsForReview = page(teamForReview);
export const teamRequest = z.strictObject({
  requestId: id,
  teamId: id,
  teamName: z.string(),
  teamType,
  kind: z.enum(['unfreeze', 'credit', 'protocol', 'phone']),
  state: z.enum(['pending', 'approved', 'rejected']),
  reviewReason: z.string().nullable(),
  createTime: z.string(),
  uploadIds: z.array(z.string()),
  newPhone: z.string().nullable(),
});
export const teamRequests = z.array(teamRequest);
export const requestAllowed = z.strictObject({ allowed: z.boolean(), message: z.string().nullable() });
export const teamFreezeStatus = z.strictObject({
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  canBook: z.boolean(),
  message: z.string().nullable(),
  discounts: z.boolean(),
});

// Content for groups
export const faqs = z.array(z.strictObject({ faqId: id, category: z.string(), question: z.string(), answer: z.string() }));
const notice = z.strictObject({ noticeId: id, title: z.string(), content: z.string(), publishTime: z.string() });
export const notices = page(notice);

export const contact = z.strictObject({
  contactId: id,
  name: z.string(),
  certificateType,
  certificateNumber: z.string(),
  phone: z.string().nullable(),
  /** The face photo bound to this certificate by this account (a visitor's only), or null. */
  faceUrl: z.string().nullable(),
});
export const contacts = z.array(contact);
export const coupon = z.strictObject({
  couponId: id,
  code: z.string(),
  name: z.string(),
  kind: z.enum(['amount', 'free']),
  amount: z.number().int(),
  hallIds: z.array(id).nullable(),
  priceKinds: z.array(z.enum(['adult', 'student', 'senior', 'child'])).nullable(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(['valid', 'used', 'expired']),
  usedOrderId: id.nullable(),
});
export const couponLists = z.strictObject({ valid: z.array(coupon), used: z.array(coupon), expired: z.array(coupon) });

// Face photos and certificate recognition (src/domain/faces.ts)
export const faceChecked = z.strictObject({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const faceBound = z.strictObject({ faceUrl: z.string() });
export const certificateRead = z.strictObject({ certificateType: z.literal('1'), certificateNumber: z.string(), name: z.string().nullable() });

// The message board (src/domain/message.ts)
const messageReply = z.strictObject({ replyId: id, body: z.string(), createTime: z.string() });
export const messageSummary = z.strictObject({
  messageId: id,
  serviceCode: z.string(),
  serviceType: z.enum(MESSAGE_SERVICE_TYPES),
  description: z.string(),
  contactName: z.string(),
  createTime: z.string(),
  /** When the staff first replied (null: waiting for a reply). */
  replyTime: z.string().nullable(),
});
export const messageDetail = messageSummary.extend({ replies: z.array(messageReply) });
export const messagePage = page(messageSummary);
/** What the staff see of a writer: a team's name, or a visitor's masked phone. */
const messageWriter = { writerKind: z.enum(['visitor', 'team']), writer: z.string() };
export const staffMessageSummary = messageSummary.extend(messageWriter);
export const staffMessageDetail = messageDetail.extend(messageWriter);
export const staffMessagePage = page(staffMessageSummary);

/** cancelCustomerAccount (GET): what cancelling now would do, and whether it may. */
export const cancelConsequences = z.strictObject({
  upcomingTickets: z.number().int(),
  standingBy: z.number().int(),
  unpaidOrders: z.number().int(),
  cartHeld: z.number().int(),
  contacts: z.number().int(),
  messages: z.number().int(),
  keptOrders: z.number().int(),
  blockedUntil: z.string().nullable(),
});
/** cancelCustomerAccount (POST): the account is gone; what went with it. */
export const accountCancelled = z.strictObject({ cancelled: cancelConsequences });

/** An order's rating card: the rating given, or whether one may be given now and why not. */
export const orderRating = z.strictObject({
  orderId: id,
  rateable: z.boolean(),
  refusal: z.string().nullable(),
  rating: z.strictObject({ visitStars: z.number().int(), bookingStars: z.number().int(), comment: z.string(), createTime: z.string() }).nullable(),
});

/** The chat app's JS-SDK config for one of our pages. */
export const wxJsConfig = z.strictObject({ appId: z.string(), timestamp: z.number().int(), nonceStr: z.string(), signature: z.string() });
/** ingore/getWechatCode: the chat app's authorize page. */
export const wechatAuthorize = z.strictObject({ url: z.string() });
/** ingore/wxLogin: a scan ticket still waiting (or refused, or expired), or the login. */
export const wxLoginAnswer = z.strictObject({
  status: z.enum(['waiting', 'refused', 'expired', 'loggedIn']),
  token: z.string().nullable(),
  bindStatus: z.union([z.literal(0), z.literal(1)]).nullable(),
});
/** ingore/wxScanTicket: what the scan login screen polls with, and what its QR code shows. */
export const wxScanTicket = z.strictObject({ ticket: z.string(), scanId: z.string(), expiresAt: z.number() });
