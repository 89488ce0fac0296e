/** Shapes shared by the client, the machines and the server (SPEC §3). Dates are
 * 'YYYY-MM-DD' strings in the museum's time zone; money is in fen (1/100 yuan). */
import type { CancelConsequences } from './account.ts';
import type { MessageServiceType } from './message.ts';
import type { SeatState } from './seats.ts';
import type { TeamRequestKind, TeamRunTimeStatus, TeamType } from './team.ts';
import type { Text } from './text.ts';
import type { TemplateSession } from './sessionTemplates.ts';
import type { CandidateLevel, CandidateState, SessionStatus } from './waitingList.ts';
import type { GradeEntry, GroupHall, GroupPayMethod, GroupQuoteLine, TicketUseType } from './groupRules.ts';

/** Certificate type values as the dictionary `/system/dict/data/type/certificate` serves them. */
export type CertificateType = '1' | '2' | '3' | '4' | '5';

/** What a ticket type is for: drives the adult/child rules when no birth date is known. */
export type TicketKind = 'adult' | 'student' | 'senior' | 'child';

export interface TicketPrice {
  ticketPriceId: number;
  name: Text;
  kind: TicketKind;
  /** fen */
  price: number;
  /** Inclusive age range on the visit date; null = unbounded. */
  ageMin: number | null;
  ageMax: number | null;
  isChildFreeTicket: boolean;
}

/** Per-hall booking rules (seeded per hall, served by getHallPoolPersonSetting). */
export interface HallRules {
  hallId: number;
  hallKey: 'main' | 'children' | 'temporary' | 'cinema' | 'cinema2';
  name: Text;
  /** Visitors in one order. */
  minBuyers: number;
  maxBuyers: number;
  /** Minimum age to enter the venue, null = none. */
  minAge: number | null;
  /** Children's park: a child must be within this range, and an adult must come along. */
  childAgeMin: number | null;
  childAgeMax: number | null;
  needsAdultAndChild: boolean;
}

/** Session states of SPEC §4. */
export type SessionState = 'available' | 'soldOut' | 'stopped' | 'closed' | 'notReleased';

/** Day states on the calendar. */
export type DayState = 'available' | 'soldOut' | 'closed' | 'notReleased';

/** One visitor of an individual order as the visitor typed it. */
export interface VisitorDraft {
  name: string;
  certificateType: CertificateType;
  certificateNumber: string;
  ticketPriceId: number | null;
  /** The code of the coupon chosen for this visitor's ticket (src/domain/coupons.ts); none when absent. */
  coupon?: string | null;
}

/** An individual order before it is placed. */
export interface OrderDraft {
  visitDate: string;
  hallId: number | null;
  hallScheduleId: number | null;
  visitors: VisitorDraft[];
  agreementAccepted: boolean;
  captchaToken: string | null;
  /** The visitors' cinema seats, "row-col", in the visitors' order (none: the server assigns). */
  seats?: string[];
}

/** What the order rules need to know besides the draft. */
export interface OrderContext {
  hall: HallRules;
  prices: TicketPrice[];
  /** Remaining stock of the chosen session. */
  remaining: number;
  /** Free child tickets one adult may bring (hall_main_oneperson_totalfreechild ...; 1 when unset). */
  freeChildPerAdult: number;
}

/** One broken rule: its name (stable, for tests and logs) and its message. */
export interface Violation {
  rule: string;
  message: Text;
  /** Set when the violation belongs to one field of one visitor, so a form can show it there. */
  field?: { index: number; name: keyof VisitorDraft };
}

// ---------------------------------------------------------------------------
// The API contract's data shapes (the `data` of `{ code, msg, data }`). Texts that come
// from configuration or the database arrive already in the request's language.

export interface CalendarDay {
  date: string;
  state: DayState;
  /** Remaining tickets of the day over all open halls (0 when not available). */
  remaining: number;
  /** Why the day cannot be booked (closed for maintenance, release at 2026-11-30 20:00 ...). */
  reason: string | null;
}

export interface PricePool {
  ticketPriceId: number;
  name: string;
  kind: TicketKind;
  price: number;
  ageMin: number | null;
  ageMax: number | null;
  isChildFreeTicket: boolean;
}

export interface SchedulePool {
  hallScheduleId: number;
  /** 'HH:mm' */
  beginTime: string;
  endTime: string;
  capacity: number;
  /** Remaining stock. */
  ticketPool: number;
  state: SessionState;
  /** When the session cannot be chosen, say why (SPEC §3 disabled/disabledText). */
  disabled: boolean;
  disabledText: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' server time at which a notReleased session opens. */
  releaseTime: string | null;
  priceTicketPoolVOS: PricePool[];
  /** SPEC §3 status (1 on sale, 2 not, 3 waiting list full, 4 waiting list open) and
   * candidateLevel (1 medium, 2 many; null without a list): set by the hall lists. */
  status?: SessionStatus;
  candidateLevel?: CandidateLevel | null;
}

export interface HallPool {
  hallId: number;
  hallKey: HallRules['hallKey'];
  /** A dome cinema: its sessions are films, chosen on cinemaSelect/{hallId}. */
  cinema: boolean;
  name: string;
  intro: string;
  /** e.g. "Ages 3-8, with an adult" */
  ageNote: string | null;
  disabled: boolean;
  disabledText: string | null;
  scheduleTicketPoolVOS: SchedulePool[];
  /** getHall with openPerson=2: what groups the hall takes. */
  group?: GroupHall;
}

/** A dome cinema's film (SPEC §2 moveDetail and the film-info pop-up). */
export interface Film {
  filmId: number;
  name: string;
  synopsis: string;
  notes: string;
  durationMin: number;
  /** An image path on this site. */
  poster: string;
  ageMin: number | null;
  ageMax: number | null;
}

/** getScheduleByHallId: a cinema's sessions of a day, each with its film. */
export interface CinemaSession extends SchedulePool {
  film: Film | null;
}

/** A seat as the map shows it; `selected` is the visitor's own and never comes from the server. */
export interface SeatCell {
  /** The position in the hall's grid (an aisle is a column without seats). */
  row: number;
  col: number;
  rowLabel: string;
  seatLabel: string;
  state: Exclude<SeatState, 'selected'>;
}

/** getSeatByScheduleId: the hall as built, and each seat's state in this session now. */
export interface SeatMap {
  hallScheduleId: number;
  /** 1 the visitor picks; 2 and 3 the server assigns when the order is placed. */
  chooseMode: 1 | 2 | 3;
  rows: number;
  cols: number;
  seats: SeatCell[];
}

/** getBlock: the seats that never sell (a camera, repairs). */
export interface BlockedSeat {
  hallId: number;
  row: number;
  col: number;
  rowLabel: string;
  seatLabel: string;
}

/** One part of a package: its hall's rules, the part's price, and the day's sessions. */
export interface PackagePart<S extends SchedulePool = SchedulePool> {
  rules: HallRules;
  hallName: string;
  price: PricePool;
  sessions: S[];
}

/** getPackages: admission and a dome film at one price (SPEC §2 packageAddSure). */
export interface TicketPackage {
  packageId: number;
  name: string;
  intro: string;
  /** Per visitor, fen: the two parts' prices together. */
  price: number;
  admission: PackagePart;
  film: PackagePart<CinemaSession>;
}

/** getHallPoolPersonSetting */
export interface HallPersonSetting {
  rules: HallRules;
  freeChildPerAdult: number;
  /** A cinema's choose mode (1: the visitor picks seats; 2, 3: assigned); null without seats. */
  chooseMode: 1 | 2 | 3 | null;
}

export interface CertificateOption {
  dictValue: CertificateType;
  dictLabel: string;
}

export interface User {
  userId: number;
  userName: string;
  /** 1 individual, 2 team */
  userType: 1 | 2;
  /** 1 = phone bound */
  bindStatus: 0 | 1;
  /** masked, 138****8000; '' until a phone is bound (an account the chat app created) */
  phone: string;
  /** The bound e-mail (the owner's own), or null. */
  email: string | null;
  /** The day the account registered (museum time). */
  registeredAt: string;
  /** The bound chat-app identity's nickname, or null when none is bound. */
  wechatNickname: string | null;
}

/** cancelCustomerAccount (POST): the counts of what the cancellation did. */
export interface AccountCancelled {
  cancelled: CancelConsequences;
}

/** gainAllSystemConfigLogin */
export interface BaseSettings {
  /** The ticket-system name, the page title. */
  systemName: string;
  /** SPEC §3 system config keys (values as strings, as configured). */
  config: Record<string, string>;
  /** Named texts (buy_tips, first_order_tips, refund_alert, user_agreement, ticketing_tips,
   * refund_change_policy, ticket_checking_instructions, visit_time, notice ...), HTML. */
  texts: Record<string, string>;
}

export interface PriceLine {
  ticketPriceId: number;
  name: string;
  price: number;
  count: number;
  amount: number;
}

export interface PriceQuote {
  lines: PriceLine[];
  /** What the coupons take off the lines' amounts (fen). */
  discount: number;
  /** What the order costs: the lines' amounts less the discount. */
  total: number;
}

/** One ticket line of the order request (SPEC §3 "Ticket line"). */
export interface TicketLineRequest {
  realNameFlag: 1;
  useTicketType: 1;
  hallId: number;
  status: 1;
  saleMode: 1;
  hallScheduleId: number;
  cinemaFlag: 0 | 1;
  ticketPriceId: number;
  isChildFreeTicket: 0 | 1;
  certificate: CertificateType;
  certificateInfo: string;
  userName: string;
  /** 'YYYY-MM-DD 00:00:00' */
  useDate: string;
  platform: 2;
  coupons: string[];
  picUrl: string | null;
  priceSubId: number | null;
  /** A cinema seat, "row-col" (SPEC §3), or `*` when the server assigns it. */
  seatNumber?: string;
}

/** placeOrder body (SPEC §3 "Order request (individual)"). */
export interface PlaceOrderRequest {
  useTicketType: 1;
  ticketNum: number;
  date: string;
  childTicketNum: number;
  phone: string | null;
  /** 0: a direct order; the cart add sends 1 (src/api/calls.ts addToCart). */
  poolFlag: 0;
  saleMode: 1;
  realNameFlag: 1;
  pointJson: string | null;
  captchaToken: string;
  isCandidateOrder: 0 | 1;
  platform: 2;
  ticketInfoList: TicketLineRequest[];
}

/** placeOrder answer: code 200 with this data, or code 502 and no order (SPEC §4). */
export interface PlaceOrderResult {
  orderId: number | null;
  riskEnable: boolean;
  /** > 0 allowed; otherwise rejected with riskPrompt. */
  riskPolicy: number;
  riskPrompt: string | null;
}

/** 'standingBy', 'full' and 'returned' are a waiting-list order's own (src/domain/waitingList.ts). */
export type OrderStatus = 'toBePaid' | 'completed' | 'canceled' | 'refunded' | 'partlyRefunded' | 'changed' | 'standingBy' | 'full' | 'returned';
/** 'candidate': a waiting-list order's ticket before it is filled; it owns no stock. */
export type TicketStatus = 'toBePaid' | 'toBeChecked' | 'checked' | 'expired' | 'canceled' | 'refunded' | 'changed' | 'reserved' | 'candidate';

export interface TicketView {
  ticketId: number;
  userName: string;
  certificateType: CertificateType;
  /** masked: 1101**********1234 */
  certificateInfo: string;
  ticketName: string;
  price: number;
  status: TicketStatus;
  /** What the gate scans; null until paid. */
  qrCode: string | null;
}

export interface OrderSummary {
  orderId: number;
  /** 23 uppercase letters or digits */
  orderNumber: string;
  status: OrderStatus;
  amount: number;
  ticketNum: number;
  /** 'YYYY-MM-DD HH:mm:ss' */
  createTime: string;
  visitDate: string;
  hallName: string;
  beginTime: string;
  endTime: string;
  /** A waiting-list (candidate) order, and its state (SPEC §4): null while unpaid or when not one. */
  isCandidate: boolean;
  candidate: CandidateState | null;
}

export interface OrderDetail extends OrderSummary {
  /** epoch ms; null when not waiting for payment */
  payDeadline: number | null;
  payTime: string | null;
  tickets: TicketView[];
}

export interface Page<T> {
  rows: T[];
  total: number;
}

// ---------------------------------------------------------------------------
// Cart, order lifecycle, refunds, date changes, missed visits, invoices, short links.
// (Server: server/services/cart.ts, lifecycle.ts, invoices.ts.)

/** Extra fields of OrderDetail (interface merging: the original declaration is unchanged). */
export interface OrderDetail {
  /** Set when the order is paid: an unguessable token; the client builds `/repOrder/{shortLinkFlag}`. */
  shortLinkFlag?: string | null;
  /** An unpaid cinema order whose visitor picked the seats may change them before paying. */
  seatsChangeable?: boolean;
  /** The order's refunds and where the money is: on its way back (the payment platform has not
   * said it is done), back, or stuck (the museum settles it by hand). */
  refunds?: RefundLine[];
}

export interface RefundLine {
  amount: number;
  status: 'inProgress' | 'refunded' | 'failed';
  createTime: string;
}

/** Extra fields of TicketView: after a date change the tickets of one order may be in
 * different sessions, so each ticket says where and when it is valid. */
export interface TicketView {
  hallScheduleId?: number;
  visitDate?: string;
  hallName?: string;
  beginTime?: string;
  endTime?: string;
  /** A cinema ticket's seat: as printed on it, and its "row-col" number; null elsewhere. */
  seat?: { rowLabel: string; seatLabel: string; number: string } | null;
  /** A cinema ticket's film. */
  filmName?: string | null;
}

/** Cart line states: 'held' owns stock until `deadline`; 'expired' returned its stock. */
export type CartLineStatus = 'held' | 'expired';

/** One line of GET /query/order/getShoppingCart. */
export interface CartLine {
  cartTicketId: number;
  hallId: number;
  hallName: string;
  hallScheduleId: number;
  visitDate: string;
  /** 'HH:mm' */
  beginTime: string;
  endTime: string;
  userName: string;
  certificateType: CertificateType;
  /** masked */
  certificateInfo: string;
  ticketPriceId: number;
  ticketName: string;
  /** fen */
  price: number;
  /** epoch ms (server time): the hold ends then (config person_shoppingcart_hold_period + 2 s). */
  deadline: number;
  expired: boolean;
  status: CartLineStatus;
}

export interface ShoppingCart {
  /** The one visit date the cart holds (from its held lines); null when none is held. */
  visitDate: string | null;
  lines: CartLine[];
  /** Server time (epoch ms) when the cart was read, for the countdown offset. */
  serverTime: number;
}

/** placeOrder with poolFlag 1 ("to the cart"): code 200 and this data. */
/** The settings an admin edits: config keys with their labels, and the configured texts. */
export interface StaffSettings {
  config: Array<{ key: string; label: string; value: string }>;
  texts: Array<{ name: string; zh: string; en: string }>;
}

/** The session templates of every hall, for the staff (now: museum time 'YYYY-MM-DD HH:mm'). */
export interface SessionTemplates {
  now: string;
  halls: TemplateHall[];
}

export interface TemplateHall {
  hallId: number;
  name: string;
  cinema: boolean;
  /** A dome's seats: each of its sessions gets them (0 for other halls). */
  seats: number;
  films: Array<{ filmId: number; name: string }>;
  templates: SessionTemplate[];
}

export interface SessionTemplate {
  templateId: number;
  name: string;
  /** The demo's roll-forward applies it to the booking window (demo mode only). */
  rollForward: boolean;
  sessions: TemplateSession[];
}

/** A template applied (or previewed) day by day: sessions created, or skipped because a session
 * is there; a closed day gets none; a day on sale keeps its release (new sessions sell at once). */
export interface ApplyReport {
  templateId: number;
  hallName: string;
  templateName: string;
  applied: boolean;
  created: number;
  skipped: number;
  days: Array<{ date: string; closed: boolean; onSale: boolean; releaseAt: number | null; created: string[]; skipped: string[] }>;
}

/** A museum day as the staff see it: open or closed, and each session with its figures. */
export interface StaffDay {
  date: string;
  closed: boolean;
  reason: string | null;
  /** epoch ms; null: on sale as soon as it is in the booking window. */
  releaseAt: number | null;
  sessions: Array<{
    scheduleId: number;
    hallId: number;
    hallName: string;
    cinema: boolean;
    beginTime: string;
    endTime: string;
    capacity: number;
    sold: number;
    held: number;
    remaining: number;
    checked: number;
    missed: number;
    refunded: number;
    /** Candidate orders standing by. */
    waiting: number;
    stopped: boolean;
    stopReason: string | null;
  }>;
  /** Average stars (one decimal) of the day's rated orders, per hall. */
  ratings: Array<{ hallId: number; hallName: string; count: number; visit: number; booking: number }>;
}

/** A gate's answer to a scan or a typed order number: let in (how many) or not (why), and the
 * tickets it was about, masked. */
export interface GateAnswer {
  passed: boolean;
  count: number;
  reason: string | null;
  tickets: Array<{
    ticketId: number;
    userName: string;
    certificateInfo: string;
    ticketName: string;
    hallName: string;
    visitDate: string;
    beginTime: string;
    endTime: string;
    /** Checked in by this scan. */
    passed: boolean;
  }>;
}

/** A whole group waiting in a team's cart (GET getShoppingCart with a team's token). */
export interface GroupCartEntry {
  cartId: number;
  hallId: number;
  hallName: string;
  hallScheduleId: number;
  visitDate: string;
  beginTime: string;
  endTime: string;
  /** Everyone of the group, the leader included. */
  people: number;
  freePupils: number;
  /** fen, as quoted when it was added; checkout prices it again. */
  amount: number;
  payMethod: 'online' | 'window';
  /** Masked. */
  leaderName: string;
  /** epoch ms */
  deadline: number;
  status: 'held' | 'expired';
}

export interface GroupCart {
  entries: GroupCartEntry[];
  serverTime: number;
}

export interface CartAddResult extends PlaceOrderResult {
  /** Always null: nothing is ordered yet. */
  orderId: null;
  cartTicketIds: number[];
  /** epoch ms */
  deadline: number;
}

/** placeOrder with poolFlag 1 when the cart holds lines of another date: code 600 (passed
 * through as data) and this data; the client asks the user to empty the cart first. */
export interface CartConflict {
  cartDate: string;
}

/** placeOrder (or a cart add) when chosen seats went to someone else first: code 505
 * (SEAT_TAKEN_CODE, passed through as data) and the seats to drop. */
export interface SeatTaken {
  takenSeats: string[];
}

/** Cart checkout: placeOrder body with `cartTicketIds` instead of ticketInfoList. The
 * answer is a PlaceOrderResult, as for a direct order. */
export interface CartCheckoutRequest {
  poolFlag: 0;
  cartTicketIds: number[];
  captchaToken: string;
}

export interface CancelOrderResult {
  orderId: number;
  /** A cancel always ends in 'canceled' (otherwise the call fails with a message). */
  status: 'canceled';
}

/** POST /order/refund/refundCheckBlack */
export interface RefundRisk {
  /** true: the account is near (or on) the missed-visit blacklist; show `message` and confirm. */
  warn: boolean;
  message: string;
  /** Missed visits in the window and the blacklist threshold. */
  missedVisits: number;
  limit: number;
}

/** The chat app's getBrandWCPayRequest parameters (JSAPI pay), signed by the server. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** POST /pay/create: a cashier page to open, or (in the chat app) the JSAPI pay parameters. */
export type PayStart = { payUrl: string } | { jsapi: JsapiPayParams };

/** POST /order/refund/frontUserRefund */
export interface RefundResult {
  orderId: number;
  refundId: number;
  refundedTicketIds: number[];
  /** fen, from the tickets' prices in the database. */
  refundAmount: number;
  orderStatus: OrderStatus;
}

/** POST /config/orderRule/rebook/person */
export interface RebookRequest {
  orderId: number;
  ticketIds: number[];
  /** The new session (same hall, another date or time). */
  hallScheduleId: number;
}

export interface RebookResult {
  orderId: number;
  orderStatus: OrderStatus;
  /** The old tickets get status 'changed'; these new tickets replace them. */
  oldTicketIds: number[];
  newTicketIds: number[];
  hallScheduleId: number;
  visitDate: string;
}

/** One missed visit (blackOrderList): an order with tickets never checked on its visit date. */
export interface MissedVisit {
  orderId: number;
  orderNumber: string;
  visitDate: string;
  hallName: string;
  beginTime: string;
  endTime: string;
  /** Tickets of that order that expired unchecked. */
  ticketNum: number;
  /** Counts toward the blacklist (within the window). */
  counted: boolean;
}

export interface BlockStatus {
  blacklisted: boolean;
  /** Missed visits within the last `windowDays` days. */
  missedVisits: number;
  /** Blacklisted from this many. */
  limit: number;
  windowDays: number;
  /** 'YYYY-MM-DD': the first day booking is possible again; null when not blacklisted. */
  until: string | null;
  /** Explains the state in the request language. */
  message: string;
}

/** GET /order/OrderInfo/missedVisits */
export interface MissedVisitList extends Page<MissedVisit> {
  /** A visitor's blacklist status; null for a team (its freezing is its account state). */
  status: BlockStatus | null;
}

/** GET /order/OrderInfo/popWindows/{id}: notices to show, in order. */
export interface PopWindow {
  /** The configured text's name: refund_alert, ticket_checking_instructions ... */
  key: string;
  title: string;
  /** HTML from config */
  content: string;
}

/** 1 personal, 2 company */
export type InvoiceTitleType = 1 | 2;
export type InvoiceState = 'requested' | 'issued';

/** POST /invoice/apply. The amount is never sent: it comes from the order. */
export interface InvoiceRequest {
  orderId: number;
  titleType: InvoiceTitleType;
  title: string;
  /** Required for a company: its unified social credit code (18 characters). */
  taxNumber?: string;
  addressPhone?: string;
  bankAccount?: string;
  content?: string;
  email: string;
}

export interface InvoiceSummary {
  invoiceId: number;
  orderId: number;
  orderNumber: string;
  titleType: InvoiceTitleType;
  title: string;
  /** fen */
  amount: number;
  state: InvoiceState;
  /** 'YYYY-MM-DD HH:mm:ss' */
  createTime: string;
  /** The museum's number, once issued. */
  invoiceNumber: string | null;
  /** Issued, then the order was refunded (in part): the invoice no longer matches it. */
  flagged: boolean;
}

export interface InvoiceDetail extends InvoiceSummary {
  taxNumber: string | null;
  addressPhone: string | null;
  bankAccount: string | null;
  content: string;
  email: string;
  issueTime: string | null;
  /** fen refunded on the order since the invoice was issued, and when the last of it was. */
  refundedAfterIssue: number;
  refundedAfterIssueTime: string | null;
}

/** An invoice as finance sees it: the order's money beside it, who issued it. */
export interface StaffInvoice extends InvoiceDetail {
  orderStatus: OrderStatus;
  /** fen: what was paid, and refunded so far. */
  orderAmount: number;
  orderRefunded: number;
  issuedBy: string | null;
}

/** A link the page opens to fetch an issued invoice's PDF without a token header (the chat
 * app's browser does not download a blob): signed, for a few minutes. */
export interface InvoicePdfLink {
  url: string;
  /** ms since the epoch */
  expiresAt: number;
}

/** SPEC §3 Team: what a team and the museum's staff both see of it. */
export interface TeamSummary {
  teamId: number;
  teamName: string;
  teamType: TeamType;
  /** The unified social credit code: the team's login name. */
  creditCode: string;
  contactName: string;
  /** Masked for the team itself; in full for the staff (they may need to call). */
  contactPhone: string;
  address: string;
  email: string | null;
}

/** getUserInfoToTeam: the team as it sees itself (SPEC §3, §4 team account states). */
export interface TeamInfo extends TeamSummary {
  /** 1 frozen, 0 normal */
  status: 0 | 1;
  /** Why the staff froze it (when frozen). */
  frozenReason: string | null;
  /** 1 verified (approved), 0 to be reviewed, 2 not approved */
  verifiedStatus: 0 | 1 | 2;
  /** Why staff did not approve it. */
  reviewReason: string | null;
  /** 'YYYY-MM-DD', set by staff on approval. */
  creditExpiresOn: string | null;
  protocolExpiresOn: string | null;
  teamRunTimeStatus: TeamRunTimeStatus;
}

export type TeamDocumentKind = 'credit' | 'protocol1' | 'protocol2' | 'letter';

/** A registration as the staff console shows it. */
export interface TeamForReview extends TeamSummary {
  reviewState: 'pending' | 'approved' | 'rejected';
  reviewReason: string | null;
  frozen: boolean;
  frozenReason: string | null;
  createTime: string;
  documents: Array<{ kind: TeamDocumentKind; uploadId: string }>;
}

/** A team's request to the staff after registration (unfreezing, a renewed certificate or
 * agreement, a new contact mobile) and its state. */
export interface TeamRequest {
  requestId: number;
  teamId: number;
  teamName: string;
  teamType: TeamType;
  kind: TeamRequestKind;
  state: 'pending' | 'approved' | 'rejected';
  reviewReason: string | null;
  createTime: string;
  /** The uploaded images: one, the agreement's two parts, or none (a new contact mobile). */
  uploadIds: string[];
  /** The contact mobile asked for: a 'phone' request only. */
  newPhone: string | null;
}

/** checkTeamFreezeById: may the team book now, and at which prices. */
export interface TeamFreezeStatus {
  frozen: boolean;
  frozenReason: string | null;
  canBook: boolean;
  /** Why not, in the request's language. */
  message: string | null;
  /** False for an agency whose agreement expired: public prices only. */
  discounts: boolean;
}

/** TeamFAQs: one question of a category, in the request's language. */
export interface Faq {
  faqId: number;
  category: string;
  question: string;
  answer: string;
}

/** getInformationManagement: a notice, in the request's language. */
export interface Notice {
  noticeId: number;
  title: string;
  /** Plain text; paragraphs split by new lines. */
  content: string;
  publishTime: string;
}

/** A frequent visitor (personalCenter/topContacts): listed with the certificate and mobile
 * masked, read in full for its edit form. */
export interface Contact {
  contactId: number;
  name: string;
  certificateType: CertificateType;
  certificateNumber: string;
  phone: string | null;
  /** The face photo bound to this certificate by this account (a visitor's only), or null. */
  faceUrl: string | null;
}

/** checkFace: the upload passed the face check (SPEC §5), ready for bundling. */
export interface FaceChecked {
  url: string;
  width: number;
  height: number;
}

/** bundling: the portrait bound; deleteFace takes this url. */
export interface FaceBound {
  faceUrl: string;
}

/** One of the visitor's coupons (personalCenter/coupon, getCoupon): its batch's name and terms
 * in the request's language, its state today, and the order that used it. */
export interface CouponView {
  couponId: number;
  code: string;
  name: string;
  kind: 'amount' | 'free';
  /** fen off one ticket (kind 'amount'). */
  amount: number;
  hallIds: number[] | null;
  priceKinds: TicketKind[] | null;
  startDate: string;
  endDate: string;
  state: 'valid' | 'used' | 'expired';
  usedOrderId: number | null;
}

/** getCoupon: the visitor's coupons by state, each list by its end date. */
export interface CouponLists {
  valid: CouponView[];
  used: CouponView[];
  expired: CouponView[];
}

// ---------------------------------------------------------------------------
// Group orders (server/services/groupOrders.ts; rules in src/domain/groupRules.ts).

/** getSchoolFreeTicket: what the group draft of a hall and day prices and checks itself with. */
export interface GroupSetting {
  teamType: TeamType;
  teamName: string;
  discounts: boolean;
  hall: GroupHall;
  adultPrice: number;
  studentPrice: number;
  freeStudentQuota: number;
  studentsPerFreeTeacher: number;
  agencyDiscountPercent: number;
  chargedPerFreeLeader: number | null;
  offSeason: boolean;
  today: string;
  chooseMode: 1 | 2 | 3 | null;
  blocked: string | null;
}

export interface GroupOrderInfo {
  payMethod: GroupPayMethod;
  windowPayLastDay: string | null;
  leader: { name: string; certificateInfo: string; mobile: string };
  gradeList: GradeEntry[];
  teacherList: Array<{ name: string; certificateInfo: string }>;
  ticketUseType: TicketUseType;
  lines: GroupQuoteLine[];
}

export interface GroupOrderDetail extends OrderDetail {
  group: GroupOrderInfo;
}

/** A window payer's order as the museum's cashier looks it up (staff console). */
export interface WindowOrder extends OrderSummary {
  teamName: string;
  windowPayLastDay: string;
  payable: boolean;
}

/** The message board (src/domain/message.ts). */
export interface MessageReply {
  replyId: number;
  body: string;
  createTime: string;
}

export interface MessageSummary {
  messageId: number;
  serviceCode: string;
  serviceType: MessageServiceType;
  description: string;
  contactName: string;
  createTime: string;
  replyTime: string | null;
}

export interface MessageDetail extends MessageSummary {
  replies: MessageReply[];
}

/** A message as the staff see it, with its writer. */
export interface MessageWriter {
  writerKind: 'visitor' | 'team';
  writer: string;
}

export interface StaffMessageSummary extends MessageSummary, MessageWriter {}
export interface StaffMessageDetail extends MessageDetail, MessageWriter {}

/** A rating given to an order (src/domain/rating.ts). */
export interface Rating {
  visitStars: number;
  bookingStars: number;
  comment: string;
  createTime: string;
}

/** An order's rating card: the rating, or whether one may be given now (refusal says why not). */
export interface OrderRating {
  orderId: number;
  rateable: boolean;
  refusal: string | null;
  rating: Rating | null;
}

/** A hall's settings (HallSetting/ingore/getHallSetting, system/user/ingore/getHallSettingDetail). */
export interface HallSetting extends Omit<HallRules, 'name' | 'hallKey'> {
  hallKey: string;
  name: string;
  intro: string;
  ageNote: string | null;
  cinema: boolean;
  waitingList: boolean;
  groupMin: number;
  groupMax: number;
  schoolOnly: boolean;
  offSeasonOnly: boolean;
}

/** GET /ingore/getWxJsConfig: what `wx.config` needs for one of our pages (the chat app's JS-SDK). */
export interface WxJsConfig {
  appId: string;
  /** seconds */
  timestamp: number;
  nonceStr: string;
  /** sha1 of the ticket, nonce, timestamp and the page's URL (server/providers/wechatJsapi.ts). */
  signature: string;
}

/** ingore/wxLogin: a scan ticket still waiting (or refused, or expired), or the login. */
export interface WxLoginAnswer {
  status: 'waiting' | 'refused' | 'expired' | 'loggedIn';
  token: string | null;
  bindStatus: 0 | 1 | null;
}

/** ingore/wxScanTicket: the secret the scan login screen polls with, the id its QR code shows. */
export interface WxScanTicket {
  ticket: string;
  scanId: string;
  /** ms since the epoch, server time */
  expiresAt: number;
}
