/** Shapes shared by the client, the machines and the server (docs/product.md §3). Dates are
 * 'YYYY-MM-DD' strings in the museum's time zone; money is in fen (1/100 yuan).
 *
 * The API's answers are described once, by their zod schemas in src/domain/answers.ts: the
 * types of those shapes below are derived from the schemas (`z.output<typeof ...>`), not written
 * again, and their fields' doc comments are on the schemas. Written here by hand is only what no
 * answer holds: the client's drafts and the rules' context. A request body is the server's
 * contract (src/domain/contracts.ts) read as its output, except placeOrder's: the wire format
 * carries constant flags the server does not read (docs/product.md §3), so its type is written
 * here and each call checks its body against the contract (`satisfies In<...>`, src/api). */
import type { z } from 'zod';
import type * as answers from './answers.ts';
import type * as contracts from './contracts.ts';
import type { Text } from './text.ts';

export type CertificateType = z.output<typeof answers.certificateType>;
export type TicketKind = z.output<typeof answers.ticketKind>;
export type HallRules = z.output<typeof answers.hallRules>;
export type SessionState = z.output<typeof answers.sessionState>;
export type DayState = z.output<typeof answers.dayState>;

/** A ticket type as the order rules read it: a session's price (PricePool) with its name in
 * both languages (the pool's answer names it in the request's language only). A mapped type,
 * not `Omit<...> & {...}`: one flat object type, as the interface it replaced was. */
export type TicketPrice = { [K in keyof PricePool]: K extends 'name' ? Text : PricePool[K] };

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
// The API contract's data shapes (the `data` of `{ code, msg, data }`), derived from their
// schemas in answers.ts. Texts that come from configuration or the database arrive already in
// the request's language.

export type CalendarDay = z.output<typeof answers.calendarDay>;
export type PricePool = z.output<typeof answers.pricePool>;
export type SchedulePool = z.output<typeof answers.schedulePool>;
export type HallPool = z.output<typeof answers.hallPool>;
export type Film = z.output<typeof answers.film>;
export type CinemaSession = z.output<typeof answers.cinemaSession>;
export type SeatCell = z.output<typeof answers.seatCell>;
export type SeatMap = z.output<typeof answers.seatMap>;
export type BlockedSeat = z.output<typeof answers.blockedSeat>;
export type TicketPackage = z.output<typeof answers.ticketPackage>;
/** One part of a package: its hall's rules, the part's price, and the day's sessions. No longer
 * generic in its sessions' type: the film part, the one other use, is `TicketPackage['film']`
 * (its sessions are CinemaSessions), and it passes for a PackagePart as it did before. */
export type PackagePart = TicketPackage['admission'];
export type HallPersonSetting = z.output<typeof answers.hallPersonSetting>;
export type CertificateOption = z.output<typeof answers.certificateOption>;
export type User = z.output<typeof answers.user>;
export type AccountCancelled = z.output<typeof answers.accountCancelled>;
export type BaseSettings = z.output<typeof answers.baseSettings>;
export type PriceLine = z.output<typeof answers.priceLine>;
export type PriceQuote = z.output<typeof answers.priceQuote>;

/** One ticket line of the order request (docs/product.md §3 "Ticket line"). */
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
  /** No price variants here. */
  priceSubId: null;
  /** A cinema seat, "row-col" (docs/product.md §3), or `*` when the server assigns it. */
  seatNumber?: string;
}

/** placeOrder body (docs/product.md §3 "Order request (individual)"). */
export interface PlaceOrderRequest {
  useTicketType: 1;
  ticketNum: number;
  date: string;
  childTicketNum: number;
  /** The account's phone is the order's. */
  phone: null;
  /** 0: a direct order; the cart add sends 1 (src/api/calls.ts addToCart). */
  poolFlag: 0;
  saleMode: 1;
  realNameFlag: 1;
  /** The slider's answer is captchaToken. */
  pointJson: null;
  captchaToken: string;
  isCandidateOrder: 0 | 1;
  platform: 2;
  ticketInfoList: TicketLineRequest[];
}

export type PlaceOrderResult = z.output<typeof answers.placeOrderResult>;

export type OrderStatus = z.output<typeof answers.orderStatus>;
export type TicketStatus = z.output<typeof answers.ticketStatus>;

export type TicketView = z.output<typeof answers.ticketView>;
export type OrderSummary = z.output<typeof answers.orderSummary>;
export type OrderDetail = z.output<typeof answers.orderDetail>;
export type RefundLine = z.output<typeof answers.refundLine>;

/** A page of a list (answers.ts `page`): its rows and the whole list's count. */
export type Page<T> = z.output<ReturnType<typeof answers.page<z.ZodType<T>>>>;

// ---------------------------------------------------------------------------
// Cart, order lifecycle, refunds, date changes, missed visits, invoices, short links.
// (Server: server/services/cart.ts, lifecycle.ts, invoices.ts.)

export type CartLineStatus = z.output<typeof answers.cartLineStatus>;
export type CartLine = z.output<typeof answers.cartLine>;
export type ShoppingCart = z.output<typeof answers.shoppingCart>;
export type StaffSettings = z.output<typeof answers.staffSettings>;
export type SessionTemplates = z.output<typeof answers.sessionTemplates>;
export type TemplateHall = z.output<typeof answers.templateHall>;
export type SessionTemplate = z.output<typeof answers.sessionTemplate>;
export type ApplyReport = z.output<typeof answers.applyReport>;
export type StaffDay = z.output<typeof answers.staffDay>;
export type CallOffPreview = z.output<typeof answers.callOffPreview>;
export type CallOffProgress = z.output<typeof answers.callOffProgress>;
export type FailedRefund = z.output<typeof answers.failedRefunds>[number];
export type GateAnswer = z.output<typeof answers.gateAnswer>;
export type GroupCartEntry = z.output<typeof answers.groupCartEntry>;
export type GroupCart = z.output<typeof answers.groupCart>;
export type CartAddResult = z.output<typeof answers.cartAddResult>;
export type CartConflict = z.output<typeof answers.cartConflict>;
export type SeatTaken = z.output<typeof answers.seatTaken>;

export type CancelOrderResult = z.output<typeof answers.cancelOrderResult>;
export type RefundRisk = z.output<typeof answers.refundRisk>;
export type JsapiPayParams = z.output<typeof answers.jsapiPayParams>;
export type PayStart = z.output<typeof answers.payStart>;
export type RefundResult = z.output<typeof answers.refundResult>;

/** POST /config/orderRule/rebook/person: the body as the server reads it. */
export type RebookRequest = z.output<typeof contracts.rebookBody>;

export type RebookResult = z.output<typeof answers.rebookResult>;
export type MissedVisit = z.output<typeof answers.missedVisit>;
export type BlockStatus = z.output<typeof answers.blockStatus>;
export type MissedVisitList = z.output<typeof answers.missedVisitList>;
export type PopWindow = z.output<typeof answers.popWindow>;

export type InvoiceTitleType = z.output<typeof answers.invoiceTitleType>;
export type InvoiceState = z.output<typeof answers.invoiceState>;

/** POST /invoice/apply, as the server reads it. The amount is never sent: it comes from the order. */
export type InvoiceRequest = z.output<typeof contracts.invoiceApplyBody>;

export type InvoiceSummary = z.output<typeof answers.invoiceSummary>;
export type InvoiceDetail = z.output<typeof answers.invoiceDetail>;
export type StaffInvoice = z.output<typeof answers.staffInvoice>;
export type InvoicePdfLink = z.output<typeof answers.invoicePdfLink>;

export type TeamSummary = z.output<typeof answers.teamSummary>;
export type TeamInfo = z.output<typeof answers.teamInfo>['team'];
export type TeamDocumentKind = z.output<typeof answers.teamDocumentKind>;
export type TeamForReview = z.output<typeof answers.teamForReview>;
export type TeamRequest = z.output<typeof answers.teamRequest>;
export type TeamFreezeStatus = z.output<typeof answers.teamFreezeStatus>;
export type Faq = z.output<typeof answers.faq>;
export type Notice = z.output<typeof answers.notice>;
export type Contact = z.output<typeof answers.contact>;
export type FaceChecked = z.output<typeof answers.faceChecked>;
export type FaceBound = z.output<typeof answers.faceBound>;
export type CouponView = z.output<typeof answers.coupon>;
export type CouponLists = z.output<typeof answers.couponLists>;

// ---------------------------------------------------------------------------
// Group orders (server/services/groupOrders.ts; rules in src/domain/groupRules.ts).

export type GroupSetting = z.output<typeof answers.groupSetting>;
export type GroupOrderInfo = z.output<typeof answers.groupOrderInfo>;
export type GroupOrderDetail = z.output<typeof answers.groupOrderDetail>;
export type WindowOrder = z.output<typeof answers.windowOrder>;

// The message board (src/domain/message.ts).
export type MessageReply = z.output<typeof answers.messageReply>;
export type MessageSummary = z.output<typeof answers.messageSummary>;
export type MessageDetail = z.output<typeof answers.messageDetail>;
export type MessageWriter = z.output<typeof answers.messageWriter>;
export type StaffMessageSummary = z.output<typeof answers.staffMessageSummary>;
export type StaffMessageDetail = z.output<typeof answers.staffMessageDetail>;

export type Rating = z.output<typeof answers.rating>;
export type OrderRating = z.output<typeof answers.orderRating>;
export type HallSetting = z.output<typeof answers.hallSetting>;
export type WxJsConfig = z.output<typeof answers.wxJsConfig>;
export type WxLoginAnswer = z.output<typeof answers.wxLoginAnswer>;
export type WxScanTicket = z.output<typeof answers.wxScanTicket>;
export type WxScanAsking = z.output<typeof answers.wxScanAsking>;
