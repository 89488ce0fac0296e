/** Answer contracts of the API: the `data` of every route's `{ code, msg, data }`, as the
 * routes declare them (`schema: { response: { 200: envelope(...) } }`). The server's
 * serializer checks each answer against its schema, so an answer that drifts from its
 * contract is an error in the tests, not a surprise in the client; /prod-api/openapi.json
 * publishes them. Objects are strict: a field the schema does not name is refused, not
 * dropped. These schemas are the one description of the answers' shapes: the types the
 * client, the machines and the server read them with (src/domain/types.ts and a few domain
 * modules) are derived from them (`z.output<typeof ...>`), so the doc comments of the
 * fields live here. This module imports no types.ts: types.ts imports (types) from here. */
import { z } from 'zod';
import { MESSAGE_SERVICE_TYPES } from './message.ts';
import type { QueueFigures } from './queueFigures.ts';
import { STAFF_ROLES } from './staffRoles.ts';
import { TEAM_TYPES } from './team.ts';

/** Every answer: HTTP 200 and a body code (docs/product.md §8); `data` is null on a refusal. */
export const envelope = <T extends z.ZodType>(data: T) => z.strictObject({ code: z.number().int(), msg: z.string(), data: data.nullable() });

const id = z.number().int();
/** teamType values (docs/product.md §3: 2 is a school). */
const teamType = z.literal(Object.values(TEAM_TYPES));
/** Certificate type values as the dictionary `/system/dict/data/type/certificate` serves them. */
export const certificateType = z.enum(['1', '2', '3', '4', '5']);
/** What a ticket type is for: drives the adult/child rules when no birth date is known. */
export const ticketKind = z.enum(['adult', 'student', 'senior', 'child']);
const text = z.strictObject({ zh: z.string(), en: z.string() });
/** A hall's code, as the museum names it in its catalogue (the demo's: main, children, temporary, cinema, cinema2). */
export const hallKey = z.string().regex(/^[a-z][a-z0-9_-]{0,29}$/, 'small letters, digits, _ or -, starting with a letter');
/** 'standingBy', 'full' and 'returned' are a waiting-list order's own (src/domain/waitingList.ts). */
export const orderStatus = z.enum(['toBePaid', 'completed', 'canceled', 'refunded', 'partlyRefunded', 'changed', 'standingBy', 'full', 'returned']);
/** 'candidate': a waiting-list order's ticket before it is filled; it owns no stock. */
export const ticketStatus = z.enum(['toBePaid', 'toBeChecked', 'checked', 'expired', 'canceled', 'refunded', 'changed', 'reserved', 'candidate']);
/** A page of a list: its rows and how many rows the whole list has. */
export const page = <T extends z.ZodType>(row: T) => z.strictObject({ rows: z.array(row), total: z.number().int() });

// Settings, accounts, helpers

/** gainAllSystemConfigLogin */
export const baseSettings = z.strictObject({
  /** The ticket-system name, the page title. */
  systemName: z.string(),
  /** docs/product.md §3 system config keys (values as strings, as configured). */
  config: z.record(z.string(), z.string()),
  /** Named texts (buy_tips, first_order_tips, refund_alert, user_agreement, ticketing_tips,
   * refund_change_policy, ticket_checking_instructions, visit_time, notice ...), HTML. */
  texts: z.record(z.string(), z.string()),
  /** Whether the museum has a catalogue to book from (a hall at least): a museum going live
   * starts empty (docs/operations.md §6), and visitors then read that it is not open yet. */
  open: z.boolean(),
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
  /** 1 individual, 2 team */
  userType: z.union([z.literal(1), z.literal(2)]),
  /** 1 = phone bound */
  bindStatus: z.union([z.literal(0), z.literal(1)]),
  /** masked, 138****8000; '' until a phone is bound (an account the chat app created) */
  phone: z.string(),
  /** The bound e-mail (the owner's own), or null. */
  email: z.string().nullable(),
  /** The day the account registered (museum time). */
  registeredAt: z.string(),
  /** The bound chat-app identity's nickname, or null when none is bound. */
  wechatNickname: z.string().nullable(),
});
export const userInfo = z.strictObject({ user });
export const certificateOption = z.strictObject({ dictValue: certificateType, dictLabel: z.string() });
export const certificateOptions = z.array(certificateOption);
/** The slider challenge of `/ingore/captchaImage`: a background with a gap and the piece
 * that fits it. The gap's position stays on the server. */
export const captchaChallenge = z.strictObject({
  captchaId: z.string(),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  pieceY: z.number(),
  /** data: URLs */
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

/** Day states on the calendar. */
export const dayState = z.enum(['available', 'soldOut', 'closed', 'notReleased']);
export const calendarDay = z.strictObject({
  date: z.string(),
  state: dayState,
  /** Remaining tickets of the day over all open halls (0 when not available). */
  remaining: z.number().int(),
  /** Why the day cannot be booked (closed for maintenance, release at 2026-11-30 20:00 ...). */
  reason: z.string().nullable(),
});
/** docs/product.md §3 session status: 1 on sale, 2 not on sale and no waiting list, 3 waiting
 * list full, 4 waiting list open. */
export const sessionStatus = z.literal([1, 2, 3, 4]);
/** docs/product.md §3 candidateLevel: 1 medium, 2 many people waiting. */
export const candidateLevel = z.literal([1, 2]);
/** docs/product.md §4 waiting-list order states. */
export const candidateState = z.enum(['standingBy', 'succeeded', 'full', 'cancelled', 'returned']);
export const candidateDay = z.strictObject({
  date: z.string(),
  status: sessionStatus,
  candidateLevel: candidateLevel.nullable(),
});
/** A ticket type of a session, named in the request's language. */
export const pricePool = z.strictObject({
  ticketPriceId: id,
  name: z.string(),
  kind: ticketKind,
  /** fen */
  price: z.number().int(),
  /** Inclusive age range on the visit date; null = unbounded. */
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  isChildFreeTicket: z.boolean(),
});
/** Session states of docs/product.md §4. */
export const sessionState = z.enum(['available', 'soldOut', 'stopped', 'closed', 'notReleased']);
export const schedulePool = z.strictObject({
  hallScheduleId: id,
  /** 'HH:mm' */
  beginTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  /** Remaining stock. */
  ticketPool: z.number().int(),
  state: sessionState,
  /** When the session cannot be chosen, say why (docs/product.md §3 disabled/disabledText). */
  disabled: z.boolean(),
  disabledText: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm:ss' server time at which a notReleased session opens. */
  releaseTime: z.string().nullable(),
  priceTicketPoolVOS: z.array(pricePool),
  /** docs/product.md §3 status (1 on sale, 2 not, 3 waiting list full, 4 waiting list open) and
   * candidateLevel (1 medium, 2 many; null without a list): set by the hall lists. */
  status: sessionStatus.optional(),
  candidateLevel: candidateLevel.nullable().optional(),
});
export const pricePools = z.array(pricePool);
/** A dome cinema's film (docs/product.md §2 moveDetail and the film-info pop-up). */
export const film = z.strictObject({
  filmId: id,
  name: z.string(),
  synopsis: z.string(),
  notes: z.string(),
  durationMin: z.number().int(),
  /** An image path on this site. */
  poster: z.string(),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
});
/** Per-hall booking rules (seeded per hall, served by getHallPoolPersonSetting). */
export const hallRules = z.strictObject({
  hallId: id,
  hallKey,
  name: text,
  /** Visitors in one order. */
  minBuyers: z.number().int(),
  maxBuyers: z.number().int(),
  /** Minimum age to enter the venue, null = none. */
  minAge: z.number().int().nullable(),
  /** Children's park: a child must be within this range, and an adult must come along. */
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
/** getScheduleByHallId: a cinema's sessions of a day, each with its film. */
export const cinemaSession = schedulePool.extend({ film: film.nullable() });
export const cinemaSessions = z.array(cinemaSession);
/** One part of a package: its hall's rules, the part's price, and the day's sessions. */
const packagePart = <S extends z.ZodType>(session: S) =>
  z.strictObject({ rules: hallRules, hallName: z.string(), price: pricePool, sessions: z.array(session) });
/** getPackages: admission and a dome film at one price (docs/product.md §2 packageAddSure). */
export const ticketPackage = z.strictObject({
  packageId: id,
  name: z.string(),
  intro: z.string(),
  /** Per visitor, fen: the two parts' prices together. */
  price: z.number().int(),
  admission: packagePart(schedulePool),
  film: packagePart(cinemaSession),
});
export const packages = z.array(ticketPackage);
/** A seat's state as the server knows it; the map adds `selected`, the visitor's own choice. */
export const seatState = z.enum(['available', 'notAvailable', 'sold']);
/** A seat as the map shows it. */
export const seatCell = z.strictObject({
  /** The position in the hall's grid (an aisle is a column without seats). */
  row: z.number().int(),
  col: z.number().int(),
  rowLabel: z.string(),
  seatLabel: z.string(),
  state: seatState,
});
/** getSeatByScheduleId: the hall as built, and each seat's state in this session now. */
export const seatMap = z.strictObject({
  hallScheduleId: id,
  /** 1 the visitor picks; 2 and 3 the server assigns when the order is placed. */
  chooseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  rows: z.number().int(),
  cols: z.number().int(),
  seats: z.array(seatCell),
});
/** getBlock: the seats that never sell (a camera, repairs). */
export const blockedSeat = z.strictObject({ hallId: id, row: z.number().int(), col: z.number().int(), rowLabel: z.string(), seatLabel: z.string() });
export const blockedSeats = z.array(blockedSeat);
/** A hall as groups see it (halls: group_min, group_max, school_only, off_season_only). */
export const groupHall = z.strictObject({
  groupMin: z.number().int(),
  /** 0: the hall takes no groups. */
  groupMax: z.number().int(),
  schoolOnly: z.boolean(),
  offSeasonOnly: z.boolean(),
});
export const hallPool = z.strictObject({
  hallId: id,
  hallKey,
  /** A dome cinema: its sessions are films, chosen on cinemaSelect/{hallId}. */
  cinema: z.boolean(),
  name: z.string(),
  intro: z.string(),
  /** e.g. "Ages 3-8, with an adult" */
  ageNote: z.string().nullable(),
  disabled: z.boolean(),
  disabledText: z.string().nullable(),
  scheduleTicketPoolVOS: z.array(schedulePool),
  /** getHall with openPerson=2: what groups the hall takes (src/domain/groupRules.ts GroupHall). */
  group: groupHall.optional(),
});
/** getHallPoolPersonSetting */
export const hallPersonSetting = z.strictObject({
  rules: hallRules,
  freeChildPerAdult: z.number().int(),
  /** A cinema's choose mode (1: the visitor picks seats; 2, 3: assigned); null without seats. */
  chooseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});

// Orders

export const priceLine = z.strictObject({ ticketPriceId: id, name: z.string(), price: z.number().int(), count: z.number().int(), amount: z.number().int() });
export const priceQuote = z.strictObject({
  lines: z.array(priceLine),
  /** What the coupons take off the lines' amounts (fen). */
  discount: z.number().int(),
  /** What the order costs: the lines' amounts less the discount. */
  total: z.number().int(),
});
/** placeOrder answer: code 200 with this data, or code 502 and no order (docs/product.md §4). */
export const placeOrderResult = z.strictObject({
  orderId: id.nullable(),
  riskEnable: z.boolean(),
  /** > 0 allowed; otherwise rejected with riskPrompt. */
  riskPolicy: z.number(),
  riskPrompt: z.string().nullable(),
});
/** placeOrder with poolFlag 1 ("to the cart"): code 200 and this data. */
export const cartAddResult = placeOrderResult.extend({
  /** Always null: nothing is ordered yet. */
  orderId: z.null(),
  cartTicketIds: z.array(id),
  /** epoch ms */
  deadline: z.number(),
});
/** placeOrder with poolFlag 1 when the cart holds lines of another date: code 600 (passed
 * through as data) and this data; the client asks the user to empty the cart first. */
export const cartConflict = z.strictObject({ cartDate: z.string() });
/** placeOrder (or a cart add) when chosen seats went to someone else first: code 505
 * (SEAT_TAKEN_CODE, passed through as data) and the seats to drop. */
export const seatTaken = z.strictObject({ takenSeats: z.array(z.string()) });
/** placeOrder's uses: an order (or a 502 risk refusal), a cart add, a cart of another date (600),
 * seats taken (505). */
export const placeOrderAnswer = z.union([cartAddResult, placeOrderResult, cartConflict, seatTaken]);
export const unpaidOrder = z.strictObject({ orderId: id.nullable(), orderNumber: z.string().nullable() });
export const orderStatusAnswer = z.strictObject({ status: orderStatus, payDeadline: z.number().nullable() });
export const orderSummary = z.strictObject({
  orderId: id,
  /** 23 uppercase letters or digits */
  orderNumber: z.string(),
  status: orderStatus,
  amount: z.number().int(),
  ticketNum: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:ss' */
  createTime: z.string(),
  visitDate: z.string(),
  hallName: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  /** A waiting-list (candidate) order, and its state (docs/product.md §4): null while unpaid or when not one. */
  isCandidate: z.boolean(),
  candidate: candidateState.nullable(),
});
export const ticketView = z.strictObject({
  ticketId: id,
  userName: z.string(),
  certificateType,
  /** masked: 1101**********1234 */
  certificateInfo: z.string(),
  ticketName: z.string(),
  price: z.number().int(),
  status: ticketStatus,
  /** What the gate scans; null until paid. */
  qrCode: z.string().nullable(),
  /** After a date change the tickets of one order may be in different sessions, so each
   * ticket says where and when it is valid. */
  hallScheduleId: id.optional(),
  visitDate: z.string().optional(),
  hallName: z.string().optional(),
  beginTime: z.string().optional(),
  endTime: z.string().optional(),
  /** A cinema ticket's seat: as printed on it, and its "row-col" number; null elsewhere. */
  seat: z.strictObject({ rowLabel: z.string(), seatLabel: z.string(), number: z.string() }).nullable().optional(),
  /** A cinema ticket's film. */
  filmName: z.string().nullable().optional(),
});
export const refundLine = z.strictObject({ amount: z.number().int(), status: z.enum(['inProgress', 'refunded', 'failed']), createTime: z.string() });
export const orderDetail = orderSummary.extend({
  /** epoch ms; null when not waiting for payment */
  payDeadline: z.number().nullable(),
  payTime: z.string().nullable(),
  tickets: z.array(ticketView),
  /** Set when the order is paid: an unguessable token; the client builds `/repOrder/{shortLinkFlag}`. */
  shortLinkFlag: z.string().nullable().optional(),
  /** An unpaid cinema order whose visitor picked the seats may change them before paying. */
  seatsChangeable: z.boolean().optional(),
  /** The order's refunds and where the money is: on its way back (the payment platform has not
   * said it is done), back, or stuck (the museum settles it by hand). */
  refunds: z.array(refundLine).optional(),
});
export const orderPage = page(orderSummary);
/** A school's grade: its pupils, and how many live in Beijing and elsewhere (the museum's statistics). */
export const gradeEntry = z.strictObject({
  name: z.string(),
  boy: z.number().int(),
  girl: z.number().int(),
  all: z.number().int(),
  beijing: z.number().int(),
  orther: z.number().int(),
});
/** A group order's own part (searchTravelTeamOrder): how it is paid, the leader (masked),
 * the grades and teachers (masked), and its tickets counted by who and whether free. */
export const groupOrderInfo = z.strictObject({
  payMethod: z.enum(['online', 'window']),
  /** Window payers: the last day to pay at the window. */
  windowPayLastDay: z.string().nullable(),
  leader: z.strictObject({ name: z.string(), certificateInfo: z.string(), mobile: z.string() }),
  gradeList: z.array(gradeEntry),
  teacherList: z.array(z.strictObject({ name: z.string(), certificateInfo: z.string() })),
  ticketUseType: z.union([z.literal(1), z.literal(2)]),
  lines: z.array(
    z.strictObject({
      role: z.enum(['student', 'teacher', 'leader', 'visitor', 'child']),
      free: z.boolean(),
      count: z.number().int(),
      unitPrice: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export const groupOrderDetail = orderDetail.extend({ group: groupOrderInfo });
export const windowPaid = z.strictObject({ orderId: id, status: z.literal('completed') });
/** A window payer's order as the museum's cashier looks it up (staff console). */
export const windowOrder = orderSummary.extend({ teamName: z.string(), windowPayLastDay: z.string(), payable: z.boolean() });
/** getSchoolFreeTicket: everything the group draft of a hall and day needs to price and check
 * itself (GroupContext). */
export const groupSetting = z.strictObject({
  teamType,
  teamName: z.string(),
  discounts: z.boolean(),
  hall: groupHall,
  adultPrice: z.number().int(),
  studentPrice: z.number().int(),
  /** Other groups' children (docs/product.md §3.3): their price, the hall's free child ticket and its allowance per adult, their ages. */
  childPrice: z.number().int(),
  freeChildTicket: z.boolean(),
  freeChildPerAdult: z.number().int(),
  childAges: z.strictObject({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
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
/** POST /pay/create: a cashier page to open, or (in the chat app) the JSAPI pay parameters. */
export const payStart = z.union([z.strictObject({ payUrl: z.string() }), z.strictObject({ jsapi: jsapiPayParams })]);
/** GET /order/OrderInfo/popWindows/{id}: notices to show, in order. */
export const popWindow = z.strictObject({
  /** The configured text's name: refund_alert, ticket_checking_instructions ... */
  key: z.string(),
  title: z.string(),
  /** HTML from config */
  content: z.string(),
});
export const cancelOrderResult = z.strictObject({
  orderId: id,
  /** A cancel always ends in 'canceled' (otherwise the call fails with a message). */
  status: z.literal('canceled'),
});

// Cart

/** Cart line states: 'held' owns stock until `deadline`; 'expired' returned its stock. */
export const cartLineStatus = z.enum(['held', 'expired']);
/** One line of GET /query/order/getShoppingCart. */
export const cartLine = z.strictObject({
  cartTicketId: id,
  hallId: id,
  hallName: z.string(),
  hallScheduleId: id,
  visitDate: z.string(),
  /** 'HH:mm' */
  beginTime: z.string(),
  endTime: z.string(),
  userName: z.string(),
  certificateType,
  /** masked */
  certificateInfo: z.string(),
  ticketPriceId: id,
  ticketName: z.string(),
  /** fen */
  price: z.number().int(),
  /** epoch ms (server time): the hold ends then (config person_shoppingcart_hold_period + 2 s). */
  deadline: z.number(),
  expired: z.boolean(),
  status: cartLineStatus,
});
export const shoppingCart = z.strictObject({
  /** The one visit date the cart holds (from its held lines); null when none is held. */
  visitDate: z.string().nullable(),
  lines: z.array(cartLine),
  /** Server time (epoch ms) when the cart was read, for the countdown offset. */
  serverTime: z.number(),
});
export const cartCleared = z.strictObject({ removed: z.number().int() });
/** A museum day as the staff see it: open or closed, and each session with its figures. */
export const staffDay = z.strictObject({
  date: z.string(),
  closed: z.boolean(),
  reason: z.string().nullable(),
  /** epoch ms; null: on sale as soon as it is in the booking window. */
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
      /** Candidate orders standing by. */
      waiting: z.number().int(),
      stopped: z.boolean(),
      /** Called off for good (docs/product.md §2.7): never on sale again. */
      calledOff: z.boolean(),
      stopReason: z.string().nullable(),
    }),
  ),
  /** The visit ratings of the day's orders, per hall (only halls someone rated): average stars,
   * one decimal. */
  ratings: z.array(z.strictObject({ hallId: id, hallName: z.string(), count: z.number().int(), visit: z.number(), booking: z.number() })),
  /** The museum's closed days from today on, each with its reason, to reopen one from any day. */
  closedDays: z.array(z.strictObject({ date: z.string(), reason: z.string().nullable() })),
});
/** A session of a template. A dome's names its film; its capacity is the hall's seats. */
export const templateSession = z.strictObject({ beginTime: z.string(), endTime: z.string(), capacity: z.number().int(), filmId: id.nullable() });
export const sessionTemplate = z.strictObject({
  templateId: id,
  name: z.string(),
  /** The demo's roll-forward applies it to the booking window (demo mode only). */
  rollForward: z.boolean(),
  sessions: z.array(templateSession),
});
export const templateHall = z.strictObject({
  hallId: id,
  name: z.string(),
  cinema: z.boolean(),
  /** A dome's seats: each of its sessions gets them (0 for other halls). */
  seats: z.number().int(),
  films: z.array(z.strictObject({ filmId: id, name: z.string() })),
  templates: z.array(sessionTemplate),
});
/** The session templates of every hall, for the staff: every hall with its films (a dome's),
 * its seats and its templates (now: museum time 'YYYY-MM-DD HH:mm'). */
export const sessionTemplates = z.strictObject({ now: z.string(), halls: z.array(templateHall) });
/** What applying a template did (or, previewed, would do) day by day: sessions created, or
 * skipped because a session is there; a closed day gets none; a day on sale keeps its release
 * (new sessions sell at once). */
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
/** The settings an admin edits: config keys with their labels, and the configured texts. */
export const staffSettings = z.strictObject({
  config: z.array(z.strictObject({ key: z.string(), label: z.string(), value: z.string() })),
  texts: z.array(z.strictObject({ name: z.string(), zh: z.string(), en: z.string() })),
});
export const staffMe = z.strictObject({ username: z.string(), role: z.enum(STAFF_ROLES) });
/** A gate's answer to a scan or a typed order number: let in (how many) or not (why), and the
 * tickets it was about, masked. */
export const gateAnswer = z.strictObject({
  passed: z.boolean(),
  count: z.number().int(),
  reason: z.string().nullable(),
  tickets: z.array(
    z.strictObject({
      ticketId: id,
      userName: z.string(),
      certificateInfo: z.string(),
      /** A group's pupil: the grade the ticket names instead of a person (userName then ''). */
      grade: z.string().nullable(),
      ticketName: z.string(),
      hallName: z.string(),
      visitDate: z.string(),
      beginTime: z.string(),
      endTime: z.string(),
      /** Checked in by this scan (at /staff/gate/collect: handed out by this call). */
      passed: z.boolean(),
    }),
  ),
});
/** One ticket of the day as the gate caches it (GET /staff/gate/day). */
export const gateDayTicket = z.strictObject({
  ticketId: id,
  /** SHA-256 (hex) of the ticket's QR payload, never the payload. */
  qrDigest: z.string(),
  /** SHA-256 (hex) of its order number, upper case: a group's number typed in. */
  orderDigest: z.string(),
  userName: z.string(),
  certificateInfo: z.string(),
  /** A group's pupil: the grade the ticket names instead of a person (userName then ''). */
  grade: z.string().nullable(),
  ticketName: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  status: z.enum(['toBeChecked', 'checked']),
  /** 'HH:mm' of the check-in, when checked. */
  checkedAt: z.string().nullable(),
});
/** A hall's tickets of the day, as fetched (epoch ms) for the offline check. */
export const gateDay = z.strictObject({
  hallId: id,
  hallName: z.string(),
  date: z.string(),
  fetchedAt: z.number().int(),
  tickets: z.array(gateDayTicket),
});
/** What the server says of each synced item (POST /staff/gate/sync). */
export const gateSyncAnswer = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.string(),
      outcome: z.enum(['checkedIn', 'duplicate', 'refused']),
      count: z.number().int(),
      /** Why not (a duplicate: when it was checked), in the request's language. */
      reason: z.string().nullable(),
    }),
  ),
});
/** A whole group waiting in a team's cart (GET getShoppingCart with a team's token). */
export const groupCartEntry = z.strictObject({
  cartId: id,
  hallId: id,
  hallName: z.string(),
  hallScheduleId: id,
  visitDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  /** Everyone of the group, the leader included. */
  people: z.number().int(),
  freePupils: z.number().int(),
  /** fen, as quoted when it was added; checkout prices it again. */
  amount: z.number().int(),
  payMethod: z.enum(['online', 'window']),
  /** Masked. */
  leaderName: z.string(),
  /** epoch ms */
  deadline: z.number(),
  status: cartLineStatus,
});
export const groupCart = z.strictObject({ entries: z.array(groupCartEntry), serverTime: z.number() });

// Refund, change, missed visits

/** POST /order/refund/refundCheckBlack */
export const refundRisk = z.strictObject({
  /** true: the account is near (or on) the missed-visit blacklist; show `message` and confirm. */
  warn: z.boolean(),
  message: z.string(),
  /** Missed visits in the window and the blacklist threshold. */
  missedVisits: z.number().int(),
  limit: z.number().int(),
});
/** One ticket of the order as the server knows it. */
export const refundTicket = z.strictObject({
  ticketId: id,
  status: ticketStatus,
  hallId: id,
  /** 'YYYY-MM-DD' */
  visitDate: z.string(),
  kind: ticketKind,
  /** Age on the visit date when the certificate gives a birth date. */
  age: z.number().int().nullable(),
  isChildFreeTicket: z.boolean(),
  cinema: z.boolean(),
  /** A school group's free (quota) ticket: refunded only with the whole order. */
  schoolFree: z.boolean(),
  /** A paper ticket or wristband was handed out for it (docs/product.md §4.1). */
  collected: z.boolean(),
});
/** What the refund and change rules need to know of an order (src/domain/refundRules.ts RefundContext). */
export const refundFacts = z.strictObject({
  /** Every ticket of the order. */
  tickets: z.array(refundTicket),
  /** A group order: once any of its tickets is checked in, nothing more may be refunded or changed. */
  group: z.boolean(),
  /** A partial refund may take at most this share of the order's tickets (percent); the
   * whole order may always go. null = no limit. */
  maxPartialRefundPercent: z.number().nullable(),
  /** Free child tickets one adult may bring; applied to what remains. */
  freeChildPerAdult: z.number().int(),
  /** Whether a collected ticket may still be refunded or changed (config refund_for_print_ticket,
   * change_switch_after_get_ticket). */
  afterCollection: z.strictObject({ refund: z.boolean(), change: z.boolean() }),
});
/** POST /order/refund/frontUserRefund */
export const refundResult = z.strictObject({
  orderId: id,
  refundId: id,
  refundedTicketIds: z.array(id),
  /** fen, from the tickets' prices in the database. */
  refundAmount: z.number().int(),
  orderStatus,
});
/** POST /config/orderRule/rebook/person */
export const rebookResult = z.strictObject({
  orderId: id,
  orderStatus,
  /** The old tickets get status 'changed'; these new tickets replace them. */
  oldTicketIds: z.array(id),
  newTicketIds: z.array(id),
  hallScheduleId: id,
  visitDate: z.string(),
});
export const blockStatus = z.strictObject({
  blacklisted: z.boolean(),
  /** Missed visits within the last `windowDays` days. */
  missedVisits: z.number().int(),
  /** Blacklisted from this many. */
  limit: z.number().int(),
  windowDays: z.number().int(),
  /** 'YYYY-MM-DD': the first day booking is possible again; null when not blacklisted. */
  until: z.string().nullable(),
  /** Explains the state in the request language. */
  message: z.string(),
});
/** One missed visit (blackOrderList): an order with tickets never checked on its visit date. */
export const missedVisit = z.strictObject({
  orderId: id,
  orderNumber: z.string(),
  visitDate: z.string(),
  hallName: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  /** Tickets of that order that expired unchecked. */
  ticketNum: z.number().int(),
  /** Counts toward the blacklist (within the window). */
  counted: z.boolean(),
});
/** GET /order/OrderInfo/missedVisits */
export const missedVisitList = page(missedVisit).extend({
  /** A visitor's blacklist status; null for a team (its freezing is its account state). */
  status: blockStatus.nullable(),
});

// Invoices

/** 1 personal, 2 company */
export const invoiceTitleType = z.union([z.literal(1), z.literal(2)]);
export const invoiceState = z.enum(['requested', 'issued']);
export const invoiceSummary = z.strictObject({
  invoiceId: id,
  orderId: id,
  orderNumber: z.string(),
  titleType: invoiceTitleType,
  title: z.string(),
  /** fen */
  amount: z.number().int(),
  state: invoiceState,
  /** 'YYYY-MM-DD HH:mm:ss' */
  createTime: z.string(),
  /** The museum's number, once issued. */
  invoiceNumber: z.string().nullable(),
  /** Issued, then the order was refunded (in part): the invoice no longer matches it. */
  flagged: z.boolean(),
});
export const invoiceDetail = invoiceSummary.extend({
  taxNumber: z.string().nullable(),
  addressPhone: z.string().nullable(),
  bankAccount: z.string().nullable(),
  content: z.string(),
  email: z.string(),
  issueTime: z.string().nullable(),
  /** fen refunded on the order since the invoice was issued, and when the last of it was. */
  refundedAfterIssue: z.number().int(),
  refundedAfterIssueTime: z.string().nullable(),
});
/** An invoice as finance sees it: the order's money beside it, who issued it. */
export const staffInvoice = invoiceDetail.extend({
  orderStatus,
  /** fen: what was paid, and refunded so far. */
  orderAmount: z.number().int(),
  orderRefunded: z.number().int(),
  issuedBy: z.string().nullable(),
});
export const staffInvoicePage = page(invoiceSummary);
/** A link the page opens to fetch an issued invoice's PDF without a token header (the chat
 * app's browser does not download a blob): signed, for a few minutes. */
export const invoicePdfLink = z.strictObject({
  url: z.string(),
  /** ms since the epoch */
  expiresAt: z.number().int(),
});
export const invoicePage = page(invoiceSummary);

// Group accounts and the staff console

export const teamRegistered = z.strictObject({ teamId: id, message: z.string() });
export const teamExists = z.strictObject({ exists: z.boolean() });
export const uploaded = z.strictObject({ uploadId: z.string(), mime: z.string(), size: z.number().int(), width: z.number().int(), height: z.number().int() });
/** A refused team login: whether the slider check must come first next time. */
export const teamLoginRefusal = z.strictObject({ captchaRequired: z.boolean() });
/** docs/product.md §3 Team: what a team and the museum's staff both see of it (the team sees its phone masked). */
export const teamSummary = z.strictObject({
  teamId: id,
  teamName: z.string(),
  teamType,
  /** The unified social credit code: the team's login name. */
  creditCode: z.string(),
  contactName: z.string(),
  /** Masked for the team itself; in full for the staff (they may need to call). */
  contactPhone: z.string(),
  address: z.string(),
  email: z.string().nullable(),
});
/** docs/product.md §3 teamRunTimeStatus: 1 valid, 0 expired; the flags say "expires within 7 days". A
 * missing date (no agreement: not a travel agency) never expires. */
export const teamRunTimeStatus = z.strictObject({
  creditStatus: z.union([z.literal(0), z.literal(1)]),
  protocolStatus: z.union([z.literal(0), z.literal(1)]),
  creditWillExpireFlag: z.boolean(),
  protocolWillExpireFlag: z.boolean(),
});
/** getUserInfoToTeam: the team as it sees itself (docs/product.md §3, §4 team account states). */
export const teamInfo = z.strictObject({
  team: teamSummary.extend({
    /** 1 frozen, 0 normal */
    status: z.union([z.literal(0), z.literal(1)]),
    /** Why the staff froze it (when frozen). */
    frozenReason: z.string().nullable(),
    /** 1 verified (approved), 0 to be reviewed, 2 not approved */
    verifiedStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** Why staff did not approve it. */
    reviewReason: z.string().nullable(),
    /** 'YYYY-MM-DD', set by staff on approval. */
    creditExpiresOn: z.string().nullable(),
    protocolExpiresOn: z.string().nullable(),
    teamRunTimeStatus,
  }),
});
export const teamDocumentKind = z.enum(['credit', 'protocol1', 'protocol2', 'letter']);
/** A registration as the staff console shows it. */
export const teamForReview = teamSummary.extend({
  reviewState: z.enum(['pending', 'approved', 'rejected']),
  reviewReason: z.string().nullable(),
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  createTime: z.string(),
  documents: z.array(z.strictObject({ kind: teamDocumentKind, uploadId: z.string() })),
});
export const teamsForReview = page(teamForReview);
/** A team's request to the staff after registration (unfreezing, a renewed certificate or
 * agreement, a new contact mobile) and its state. */
export const teamRequest = z.strictObject({
  requestId: id,
  teamId: id,
  teamName: z.string(),
  teamType,
  /** The team's unified social credit code: whom the reviewer is deciding for. */
  creditCode: z.string(),
  kind: z.enum(['unfreeze', 'credit', 'protocol', 'phone']),
  state: z.enum(['pending', 'approved', 'rejected']),
  reviewReason: z.string().nullable(),
  createTime: z.string(),
  /** The uploaded images: one, the agreement's two parts, or none (a new contact mobile). */
  uploadIds: z.array(z.string()),
  /** The contact mobile asked for: a 'phone' request only. */
  newPhone: z.string().nullable(),
});
export const teamRequests = z.array(teamRequest);
export const requestAllowed = z.strictObject({ allowed: z.boolean(), message: z.string().nullable() });
/** checkTeamFreezeById: may the team book now, and at which prices. */
export const teamFreezeStatus = z.strictObject({
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  canBook: z.boolean(),
  /** Why not, in the request's language. */
  message: z.string().nullable(),
  /** False for an agency whose agreement expired: public prices only. */
  discounts: z.boolean(),
});

// Content for groups
/** TeamFAQs: one question of a category, in the request's language. */
export const faq = z.strictObject({ faqId: id, category: z.string(), question: z.string(), answer: z.string() });
export const faqs = z.array(faq);
/** getInformationManagement: a notice, in the request's language. */
export const notice = z.strictObject({
  noticeId: id,
  title: z.string(),
  /** Plain text; paragraphs split by new lines. */
  content: z.string(),
  publishTime: z.string(),
});
export const notices = page(notice);

/** A frequent visitor (personalCenter/topContacts): listed with the certificate and mobile
 * masked, read in full for its edit form. */
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
/** One of the visitor's coupons (personalCenter/coupon, getCoupon): its batch's name and terms
 * in the request's language, its state today, and the order that used it. */
export const coupon = z.strictObject({
  couponId: id,
  code: z.string(),
  name: z.string(),
  kind: z.enum(['amount', 'free']),
  /** fen off one ticket (kind 'amount'). */
  amount: z.number().int(),
  hallIds: z.array(id).nullable(),
  priceKinds: z.array(z.enum(['adult', 'student', 'senior', 'child'])).nullable(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(['valid', 'used', 'expired']),
  usedOrderId: id.nullable(),
});
/** getCoupon: the visitor's coupons by state, each list by its end date. */
export const couponLists = z.strictObject({ valid: z.array(coupon), used: z.array(coupon), expired: z.array(coupon) });

// Face photos and certificate recognition (src/domain/faces.ts)
/** checkFace: the upload passed the face check (docs/product.md §5), ready for bundling. */
export const faceChecked = z.strictObject({ url: z.string(), width: z.number().int(), height: z.number().int() });
/** bundling: the portrait bound; deleteFace takes this url. */
export const faceBound = z.strictObject({ faceUrl: z.string() });
/** A certificate read from a photo: the number, and the name where the document prints one. */
export const certificateRead = z.strictObject({ certificateType: z.literal('1'), certificateNumber: z.string(), name: z.string().nullable() });

// The message board (src/domain/message.ts)
export const messageReply = z.strictObject({ replyId: id, body: z.string(), createTime: z.string() });
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
/** A message as the staff see it, with its writer: a team's name, or a visitor's masked phone. */
export const messageWriter = z.strictObject({ writerKind: z.enum(['visitor', 'team']), writer: z.string() });
export const staffMessageSummary = messageSummary.extend(messageWriter.shape);
export const staffMessageDetail = messageDetail.extend(messageWriter.shape);
export const staffMessagePage = page(staffMessageSummary);

/** cancelCustomerAccount (GET): what cancelling the account now would touch, counted by the
 * server; whether it may happen is decided in src/domain/account.ts. */
export const cancelConsequences = z.strictObject({
  /** Paid tickets of today or later, not yet used: refund them first. */
  upcomingTickets: z.number().int(),
  /** Waiting-list orders standing by (paid): cancel them first, the money comes back. */
  standingBy: z.number().int(),
  /** Unpaid orders (a waiting-list order not yet paid among them): cancelled, their tickets released. */
  unpaidOrders: z.number().int(),
  /** Tickets held in the cart: released. */
  cartHeld: z.number().int(),
  /** Frequent visitors: deleted. */
  contacts: z.number().int(),
  /** Message board messages: their text and contact name blanked. */
  messages: z.number().int(),
  /** Paid orders kept for accounting, their visitors' names and certificates blanked. */
  keptOrders: z.number().int(),
  /** The day booking opens again when the account is blacklisted for missed visits, else null. */
  blockedUntil: z.string().nullable(),
});
/** cancelCustomerAccount (POST): the account is gone; what went with it. */
export const accountCancelled = z.strictObject({ cancelled: cancelConsequences });

/** A rating given to an order (src/domain/rating.ts). */
export const rating = z.strictObject({ visitStars: z.number().int(), bookingStars: z.number().int(), comment: z.string(), createTime: z.string() });
/** An order's rating card: the rating given, or whether one may be given now and why not. */
export const orderRating = z.strictObject({
  orderId: id,
  rateable: z.boolean(),
  refusal: z.string().nullable(),
  rating: rating.nullable(),
});

/** GET /ingore/getWxJsConfig: what `wx.config` needs for one of our pages (the chat app's JS-SDK). */
export const wxJsConfig = z.strictObject({
  appId: z.string(),
  /** seconds */
  timestamp: z.number().int(),
  nonceStr: z.string(),
  /** sha1 of the ticket, nonce, timestamp and the page's URL (server/providers/wechatJsapi.ts). */
  signature: z.string(),
});
/** ingore/getWechatCode: the chat app's authorize page. */
export const wechatAuthorize = z.strictObject({ url: z.string() });
/** ingore/wxLogin: a scan ticket still waiting (or refused, or expired), or the login. */
export const wxLoginAnswer = z.strictObject({
  status: z.enum(['waiting', 'refused', 'expired', 'loggedIn']),
  token: z.string().nullable(),
  bindStatus: z.union([z.literal(0), z.literal(1)]).nullable(),
});
/** ingore/wxScanTicket: the secret the scan login screen polls with, the id its QR code shows. */
export const wxScanTicket = z.strictObject({
  ticket: z.string(),
  scanId: z.string(),
  /** ms since the epoch, server time */
  expiresAt: z.number(),
});

/** wxScanAsking: the device that shows a scan-login code and when it asked (ms since the epoch),
 * and whether the phone's answer is still wanted. */
export const wxScanAsking = z.strictObject({
  device: z.string().nullable(),
  askedAt: z.number(),
  state: z.enum(['waiting', 'decided', 'expired']),
});

/** What calling off a session will do (its orders by what happens to them), and the sentence to confirm. */
export const callOffPreview = z.strictObject({
  scheduleId: id,
  paid: z.number().int(),
  unpaid: z.number().int(),
  waiting: z.number().int(),
  confirm: z.string(),
});

/** A called-off session's progress and each order's outcome (null: not settled yet). */
export const callOffProgress = z.strictObject({
  scheduleId: id,
  state: z.enum(['running', 'done']),
  reason: z.string(),
  /** epoch ms */
  createdAt: z.number(),
  total: z.number().int(),
  settled: z.number().int(),
  orders: z.array(
    z.strictObject({
      orderId: id,
      orderNumber: z.string(),
      group: z.boolean(),
      outcome: z.enum(['refunded', 'canceled', 'paidBack', 'nothing']).nullable(),
      /** fen */
      amount: z.number().int(),
      /** The refund's state at the platform, when money goes back. */
      refundStatus: z.enum(['pending', 'processing', 'done', 'failed']).nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});

/** Refunds the payment platform refused, newest first; settled ones with who settled them and the note. */
export const failedRefunds = z.array(
  z.strictObject({
    refundId: id,
    orderId: id,
    orderNumber: z.string(),
    /** fen */
    amount: z.number().int(),
    outRefundNo: z.string().nullable(),
    lastError: z.string().nullable(),
    /** epoch ms */
    failedAt: z.number().nullable(),
    settled: z.strictObject({ by: z.string(), at: z.number(), note: z.string() }).nullable(),
  }),
);

/** A visitor's place in a day's release queue (src/domain/releaseQueue.ts QueueStatus). */
export const queueStatus = z.strictObject({
  date: z.string(),
  state: z.enum(['waiting', 'admitted', 'expired', 'left', 'off']),
  place: z.number(),
  ahead: z.number(),
  /** epoch ms */
  releaseAt: z.number().nullable(),
  /** epoch ms */
  admitUntil: z.number().nullable(),
  estimateSeconds: z.number().nullable(),
  /** epoch ms, the server's */
  now: z.number(),
  ticket: z.string().nullable(),
  pollMs: z.number(),
});
/** A day's release queue as the staff's day screen shows it. */
export const queueFigures = z.strictObject({
  open: z.boolean(),
  /** Why the room is open: the day's release, or a surge of its orders (docs/product.md §2.13). */
  reason: z.enum(['release', 'surge']).nullable(),
  /** epoch ms: when a running surge closes the room; null without one. */
  surgeUntil: z.number().nullable(),
  waiting: z.number(),
  admitted: z.number(),
  inPlay: z.number(),
  perMinute: z.number(),
  batch: z.number().nullable(),
  p90Ms: z.number().nullable(),
  left: z.number(),
  /** epoch ms: the release, its waiting room's window, the server's time */
  releaseAt: z.number().nullable(),
  opensAt: z.number().nullable(),
  closesAt: z.number().nullable(),
  now: z.number(),
}) satisfies z.ZodType<QueueFigures>;
