/** Request contracts of the API, shared by the server (routes declare them as schemas, so
 * a bad input is refused at the edge and published in /prod-api/openapi.json) and the client
 * (src/api/calls.ts sends `z.input` of them, so a call that drifts from its route is a type
 * error). Answers are typed by src/domain/types.ts. */
import { z } from 'zod';
import { dbId, pageNum, pageSize, text } from './schemas.ts';
import { collectionForm } from './collection.ts';
import { PLATFORM, SALE_MODE, TICKET_USE_TYPE } from './limits.ts';
import { TEAM_TYPES } from './team.ts';
import { STAFF_FREEZE_KIND_KEYS } from './teamFreezing.ts';

/** A page of a list. */
export const pageQuery = z.object({ pageNum: pageNum(), pageSize: pageSize() });

/** The caller's orders, by status (empty: all). */
export const orderListQuery = pageQuery.extend({
  status: z.enum(['', 'toBePaid', 'completed', 'canceled', 'refunded', 'partlyRefunded', 'changed', 'standingBy', 'full', 'returned']).optional().default(''),
});

/** calculatePrice: what these tickets of this session cost. */
export const priceRequest = z.object({
  hallScheduleId: dbId(),
  ticketInfoList: z
    .array(z.object({ ticketPriceId: dbId(), coupons: z.array(text().max(64)).max(10).optional() }))
    .min(1)
    .max(20),
});

/** bindCoupon: a redemption code as typed (src/domain/coupons.ts reads its format). */
export const bindCouponBody = z.object({ code: text().max(64) });

/** The fixed request values of docs/product.md §9 the H5 sends on an order and its lines: each
 * is checked, none is trusted for anything (the server reads the session, price and flags
 * from the database), and any other value is refused by name, never dropped. */
const fixedValues = {
  /** Every ticket is a real-name ticket. */
  realNameFlag: z.literal(1).optional(),
  useTicketType: z.literal(TICKET_USE_TYPE).optional(),
  saleMode: z.literal(SALE_MODE).optional(),
  platform: z.literal(PLATFORM).optional(),
};

/** One visitor's ticket of a placeOrder request (docs/product.md §3): what the visitor chose. The
 * server looks every price, flag and stock figure up again. A field it does not know is refused. */
const orderLine = z
  .strictObject({
    hallId: dbId(),
    hallScheduleId: dbId(),
    ticketPriceId: dbId(),
    certificate: z.enum(['1', '2', '3', '4', '5']),
    certificateInfo: text().max(40),
    userName: text().max(60),
    useDate: text().max(30).optional(),
    isChildFreeTicket: z.union([z.literal(0), z.literal(1)]).optional(),
    coupons: z.array(text().max(64)).max(10).optional(),
    picUrl: text().max(500).nullable().optional(),
    /** A cinema seat, "row-col", or `*` (the server assigns it). */
    seatNumber: text().max(10).optional(),
    /** 1: a cinema ticket, with its seatNumber. */
    cinemaFlag: z.union([z.literal(0), z.literal(1)]).optional(),
    /** A new line's status: 1. */
    status: z.literal(1).optional(),
    /** Price variants do not exist here. */
    priceSubId: z.null().optional(),
    ...fixedValues,
  })
  .refine((line) => line.cinemaFlag === undefined || (line.cinemaFlag === 1) === (line.seatNumber !== undefined), {
    path: ['cinemaFlag'],
    message: 'a cinema line (cinemaFlag 1) has a seatNumber, and only a cinema line has one',
  });

const orderChoice = {
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  captchaToken: text().max(200).optional().default(''),
  ticketNum: z.coerce.number().int().min(0).max(1000).optional(),
  /** The free child tickets among the lines (isChildFreeTicket 1). */
  childTicketNum: z.coerce.number().int().min(0).max(1000).optional(),
  isCandidateOrder: z.union([z.literal(0), z.literal(1)]).optional(),
  // An empty list is the visitorsRequired rule's to refuse, with its message.
  ticketInfoList: z.array(orderLine).max(20),
  /** The account's own phone is the order's: no other is taken. */
  phone: z.null().optional(),
  /** The slider's answer travels in captchaToken. */
  pointJson: z.null().optional(),
  ...fixedValues,
};

/** The counts an order states agree with its lines: ticketNum with the lines, childTicketNum with
 * the lines marked as free child tickets. */
function coherentCounts(body: { ticketNum?: number; childTicketNum?: number; ticketInfoList: Array<{ isChildFreeTicket?: 0 | 1 }> }, ctx: z.RefinementCtx) {
  if (body.ticketNum !== undefined && body.ticketNum !== body.ticketInfoList.length) {
    ctx.addIssue({ code: 'custom', path: ['ticketNum'], message: 'ticketNum is the number of ticketInfoList lines' });
  }
  const children = body.ticketInfoList.filter((line) => line.isChildFreeTicket === 1).length;
  if (body.childTicketNum !== undefined && body.childTicketNum !== children) {
    ctx.addIssue({ code: 'custom', path: ['childTicketNum'], message: 'childTicketNum is the number of lines with isChildFreeTicket 1' });
  }
}

/** placeOrder by a team (docs/product.md §3 "Group order"): one session, the leader (orderAdditionInfo),
 * schools' grades and teachers, the flags. The server prices it and decides every free ticket:
 * travelFreeTicketFlag and teacherNeedCharge are read back, never trusted. */
const groupPerson = z.object({
  name: text().max(60),
  certificateType: z.enum(['1', '2', '3', '4', '5']).default('1'),
  certificateInfo: text().max(40),
});
const count = () => z.coerce.number().int().min(0).max(1000);
export const groupOrderBody = z.object({
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  hallId: dbId(),
  hallScheduleId: dbId(),
  captchaToken: text().max(200).optional().default(''),
  /** 1: into the team's cart, holding its places (not for a dome's groups). */
  poolFlag: z.union([z.literal(0), z.literal(1)]).optional(),
  payMethod: z.enum(['online', 'window']).default('online'),
  orderAdditionInfo: groupPerson.extend({
    teamName: text().max(100).optional(),
    mobile: text().max(20),
    /** Everyone of the group, the leader included. */
    personNumber: count(),
  }),
  ticketUseType: z.union([z.literal(1), z.literal(2)]).default(1),
  leaderFreeFlag: z.union([z.literal(0), z.literal(1)]).default(0),
  travelFreeTicketFlag: z.union([z.literal(0), z.literal(1)]).optional(),
  teacherNeedCharge: z.union([z.literal(0), z.literal(1)]).optional(),
  gradeList: z
    .array(z.object({ name: text().max(30), boy: count(), girl: count(), all: count(), beijing: count(), orther: count() }))
    .max(20)
    .default([]),
  teacherList: z.array(groupPerson).max(60).default([]),
  /** fen: the total the team confirmed; a different one now is refused, not charged. */
  quotedAmount: z.coerce.number().int().min(0).optional(),
  /** A dome's seats the team chose ("row-col"), one per person; none: the cinema seats the group together. */
  seatNumbers: z.array(text().max(10)).max(300).optional(),
  /** Other groups: how many of the visitors are children (docs/product.md §3.3); a school sends none or 0. */
  childTicketNum: z.coerce.number().int().min(0).max(1000).optional(),
});
export type GroupOrderBody = z.output<typeof groupOrderBody>;

/** getSchoolFreeTicket: the group settings of a hall on a day. */
export const groupSettingQuery = z.object({ hallId: dbId(), useDate: text().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** rebook/group: the whole group to a session of the same hall on another day. */
export const groupRebookBody = z.object({ orderId: dbId(), hallScheduleId: dbId() });

/** A gate's check-in at its hall: a ticket's QR text as scanned, or an order number typed in. */
export const checkInBody = z.union([
  z.object({ hallId: dbId(), qr: text().min(1).max(300) }),
  z.object({ hallId: dbId(), orderNumber: text().min(1).max(40) }),
]);

/** A paper ticket or wristband handed out at a hall's window or gate: for a ticket's QR as
 * scanned, or for every ticket of an order number typed in (a group at once). */
export const collectBody = z.union([
  z.object({ hallId: dbId(), qr: text().min(1).max(300), form: collectionForm }),
  z.object({ hallId: dbId(), orderNumber: text().min(1).max(40), form: collectionForm }),
]);

/** The day's tickets of a gate's hall, for its offline list. */
export const gateDayQuery = z.object({ hallId: dbId() });
/** The check-ins a gate made offline, in the order it made them (at most a long outage's worth). */
export const gateSyncBody = z.object({
  items: z
    .array(
      z.union([
        z.object({
          id: z.string().uuid(),
          hallId: dbId(),
          gateId: text().min(1).max(64),
          scannedAt: z.number().int().min(0).max(8.64e15),
          qr: text().min(1).max(300),
        }),
        z.object({
          id: z.string().uuid(),
          hallId: dbId(),
          gateId: text().min(1).max(64),
          scannedAt: z.number().int().min(0).max(8.64e15),
          orderNumber: text().min(1).max(40),
        }),
      ]),
    )
    .min(1)
    .max(500),
});

const isoDate = () => text().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A session's sale stopped with its reason (zh and en, what visitors read), or resumed. */
export const stopSessionBody = z.object({
  scheduleId: dbId(),
  stopped: z.boolean(),
  reasonZh: text().max(100).default(''),
  reasonEn: text().max(200).default(''),
});
export const capacityBody = z.object({ scheduleId: dbId(), capacity: z.coerce.number().int().min(0).max(100_000) });
/** A day closed with its reason, or opened. */
/** `callOff`: the day's sessions to come are called off first, their visitors refunded (docs/product.md §2.7). */
export const closeDayBody = z.object({
  date: isoDate(),
  closed: z.boolean(),
  reasonZh: text().max(100).default(''),
  reasonEn: text().max(200).default(''),
  callOff: z.boolean().default(false),
});
export const staffDayQuery = z.object({ date: isoDate() });
/** A session template of a hall (templateId null: a new one); the rules are src/domain/sessionTemplates.ts. */
export const templateBody = z.object({
  templateId: dbId().nullable().default(null),
  hallId: dbId(),
  name: text().max(100),
  sessions: z
    .array(
      z.object({
        beginTime: text().max(10),
        endTime: text().max(10),
        capacity: z.coerce.number().int().min(0).max(1_000_000),
        filmId: dbId().nullable().default(null),
      }),
    )
    .max(100),
});
/** A template applied to the days from..to on the chosen weekdays (0 = Sunday), released at
 * 'YYYY-MM-DD HH:mm' museum time or 'now'. The preview takes the same body. */
export const applyTemplateBody = z.object({
  templateId: dbId(),
  from: isoDate(),
  to: isoDate(),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7),
  releaseAt: text().max(20),
});
/** A day's release time on its own (a day not on sale yet). */
export const dayReleaseBody = z.object({ date: isoDate(), releaseAt: text().max(20) });
/** A config key staff own (src/domain/staffSettings.ts) and its new value. */
export const configBody = z.object({ key: text().max(60), value: text().max(20) });
/** A configured text in both languages (HTML, sanitized when stored). */
export const textBody = z.object({ name: text().max(60), zh: text().max(20_000), en: text().max(20_000) });

/** The staff take a window payer's money (cash, bank card or cheque). */
export const windowPaymentBody = z.object({ orderNumber: text().max(40), method: z.enum(['cash', 'card', 'cheque']) });

/** placeOrder, a direct order: the visitors of one session, paid next. */
export const directOrderBody = z.strictObject({ ...orderChoice, poolFlag: z.literal(0).optional() }).superRefine(coherentCounts);

/** placeOrder with poolFlag 1: the visitors go to the cart and hold stock. */
export const cartAddBody = z.strictObject({ ...orderChoice, poolFlag: z.literal(1) }).superRefine(coherentCounts);

/** placeOrder with packageId: admission and a film at the package's price, each visitor
 * with a ticket in both sessions (the film's seats assigned together). */
export const packageOrderBody = z.object({
  packageId: dbId(),
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  admissionScheduleId: dbId(),
  filmScheduleId: dbId(),
  visitors: z.array(z.object({ userName: text().max(60), certificate: z.enum(['1', '2', '3', '4', '5']), certificateInfo: text().max(40) })).max(20),
  captchaToken: text().max(200).optional().default(''),
});

/** placeOrder with cartTicketIds: these held cart lines become one order. */
export const cartCheckoutBody = z.strictObject({
  poolFlag: z.literal(0).optional(),
  cartTicketIds: z.array(dbId()).max(40),
  captchaToken: text().max(200).optional().default(''),
});

/** One path, three uses (docs/product.md §7 placeOrder): a cart checkout when `cartTicketIds` is there,
 * a cart add with poolFlag 1, a direct order otherwise. The first option that fits wins: a direct
 * order comes before a cart add (poolFlag tells them apart), so the release rush's bodies are
 * read once, not twice. */
export const placeOrderBody = z.union([packageOrderBody, cartCheckoutBody, directOrderBody, cartAddBody]);

export type DirectOrderBody = z.output<typeof directOrderBody>;
export type CartAddBody = z.output<typeof cartAddBody>;
export type CartCheckoutBody = z.output<typeof cartCheckoutBody>;
export type PackageOrderBody = z.output<typeof packageOrderBody>;

/** login: an individual's phone and SMS code; a team's credit code (username) and password,
 * with a slider check's token once it has failed a few times (docs/product.md §7). */
export const loginBody = z.union([
  z.object({ phone: text().max(20), code: text().max(20) }),
  z.object({ username: text().max(60), password: text().max(200), captchaToken: text().max(200).optional() }),
]);

/** teamRegister: the fields of docs/product.md §3 "Group registration fields"; the rules and their
 * messages are checkTeamRegistration's (src/domain/team.ts). */
export const teamRegisterBody = z.object({
  teamName: text().max(60),
  teamType: z.literal(Object.values(TEAM_TYPES)),
  contactName: text().max(60),
  contactPhone: text().max(20),
  code: text().max(20),
  creditCode: text().max(40),
  address: text().max(200),
  email: text().max(254).optional(),
  password: text().max(100),
  confirmPassword: text().max(100),
  creditUpload: text().max(64),
  agreementUploads: z.array(text().max(64)).max(2).default([]),
  letterUpload: text().max(64),
});

/** updateTeamPassword: the old password, the new one twice. */
export const teamPasswordBody = z.object({ oldPassword: text().max(100), password: text().max(100), confirmPassword: text().max(100) });

/** getBackTeamPasswordApply: the credit code, a code sent to the registered contact mobile,
 * the new password twice. */
export const passwordRecoveryBody = z.object({
  creditCode: text().max(40),
  contactPhone: text().max(20),
  code: text().max(20),
  password: text().max(100),
  confirmPassword: text().max(100),
});

/** freeAccountApply and updateTeamCredit: one uploaded image (a stamped explanation, the new
 * certificate); updateTeamProtocol: the new agreement's two parts. */
export const oneUploadBody = z.object({ uploadId: text().min(1).max(64) });
export const agreementUploadsBody = z.object({ uploadIds: z.tuple([text().min(1).max(64), text().min(1).max(64)]) });

/** cinemaSelectSeatChange: an unpaid order's new seats, one per ticket in ticket order. */
export const changeSeatsBody = z.object({ orderId: dbId(), seats: z.array(text().max(10)).min(1).max(300) });

/** A route's `/:id`. */
export const idParam = z.object({ id: dbId() });

/** A frequent visitor as the add and edit forms send it (the rules: src/domain/contacts.ts). */
export const contactBody = z.object({
  name: text().max(60),
  certificateType: z.enum(['1', '2', '3', '4', '5']),
  certificateNumber: text().max(40),
  phone: text().max(20).optional().default(''),
});

/** checkFace, deleteFace, the OCR: an upload's id or a bound face's (docs/product.md §7 `url`). */
export const faceUrlQuery = z.object({ url: text().min(1).max(64) });
/** The OCR: the upload, and for a teacher the name entered, which the certificate must bear (docs/product.md §5 uploads). */
export const ocrBody = z.object({ url: text().min(1).max(64), teacherName: text().max(50).optional() });

/** bundling: the checked upload bound to a visitor's certificate for gate entry. */
export const bundlingBody = z.object({
  url: text().min(1).max(64),
  certificateType: z.enum(['1', '2', '3', '4', '5']),
  certificateNumber: text().max(40),
});

/** validateRenewSubmitApply: whether the team may send a request of this kind now. */
export const requestKindBody = z.object({ kind: z.enum(['unfreeze', 'credit', 'protocol', 'phone']) });

/** checkTeamFreezeById: a team asks about itself. */
export const teamIdBody = z.object({ teamId: dbId() });

/** A staff decision on a team's request: approve (a renewal with the new expiry date) or reject with a reason. */
export const requestReviewBody = z.object({
  approve: z.boolean(),
  reason: text().max(200).optional(),
  expiresOn: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** Staff freeze a team with a reason from the list (told in the team's language) and a note
 * (as typed; needed for "another reason"). */
export const freezeBody = z.object({ kind: z.enum(STAFF_FREEZE_KIND_KEYS), reason: text().max(200).optional().default('') });

/** updateTeamInfo: the address and e-mail; updateTeamContacterInfo: the contact person. */
export const teamInfoBody = z.object({ address: text().max(200), email: text().max(254).optional().default('') });
export const teamContactBody = z.object({ contactName: text().max(60) });
/** updateTeamContacterMobile: the new contact mobile and the code sent to it. */
export const teamPhoneBody = z.object({ phone: text().max(20), code: text().max(20) });

/** A visitor's new phone and its code (changePhoneNumber), or her own phone and its code to
 * confirm the account's cancellation (cancelCustomerAccount). */
export const phoneCodeBody = teamPhoneBody;

/** bindUserEmail. */
export const emailBody = z.object({ email: text().max(254) });

/** TeamFAQs: one category's questions, or all. */
export const faqQuery = z.object({ category: text().max(60).optional() });

/** getInformationManagement: the notices still applicable, newest first; or one of them. */
/** getInformationManagement: the notices still applying on `applicableEnd` (docs/product.md §7; default the museum's today). */
export const noticeQuery = pageQuery.extend({ id: dbId().optional(), applicableEnd: isoDate().optional() });

/** checkTeamIsExist */
export const creditCodeBody = z.object({ creditCode: text().max(40) });

/** The staff console's login. */
export const staffLoginBody = z.object({ username: text().max(60), password: text().max(200) });

/** Which registrations the console lists. */
export const staffTeamsQuery = pageQuery.extend({ state: z.enum(['pending', 'approved', 'rejected']).default('pending') });

/** A review: approve with the documents' expiry dates (the agreement's for travel agencies),
 * or reject with the reason the team is told. */
export const reviewBody = z.object({
  approve: z.boolean(),
  reason: text().max(200).optional(),
  creditExpiresOn: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  protocolExpiresOn: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export const cancelQuery = z.object({ orderNumber: text().max(40) });
/** candidateOrderCancelPerson: the order id in the query (docs/product.md §7). */
export const candidateCancelQuery = z.object({ orderId: dbId() });

/** refundCheckBlack and frontUserRefund: tickets of one order. */
export const ticketIdsBody = z.object({ ticketIds: z.array(dbId()).max(300) });

/** rebook/person: move these tickets of the order to that session. */
export const rebookBody = z.object({ orderId: dbId(), ticketIds: z.array(dbId()).max(50), hallScheduleId: dbId() });

export const shortLinkBody = z.object({ shortLinkFlag: text().min(8).max(100) });

// The shape only (and a cap on size); the rules and their messages are checkInvoice's.
const optionalText = text()
  .max(1000)
  .nullish()
  .transform((v) => v ?? undefined)
  .optional();

/** staff/invoices: requested ones (to issue), issued ones, and issued ones refunded since (flagged). */
export const staffInvoicesQuery = pageQuery.extend({ state: z.enum(['requested', 'issued', 'flagged']).default('requested') });

/** The signed link of an issued invoice's PDF (no token header: the page opens it). */
export const invoicePdfLinkQuery = z.object({
  id: dbId(),
  expires: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 52),
  sig: text().regex(/^[\w-]{43}$/),
});

/** invoice/apply: the title of an invoice for a paid order. */
export const invoiceApplyBody = z.object({
  orderId: dbId(),
  titleType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  title: text().max(1000),
  taxNumber: optionalText,
  addressPhone: optionalText,
  bankAccount: optionalText,
  content: optionalText,
  email: text().max(1000),
});

/** message/add: the rules are src/domain/message.ts's (a clear message, not a schema error). */
export const messageBody = z.object({ serviceType: text().max(40), description: text().max(5000), contactName: text().max(200) });

/** The staff's message queue: waiting for a reply, or replied. */
export const staffMessagesQuery = pageQuery.extend({ state: z.enum(['waiting', 'replied']).default('waiting') });

/** A staff reply to a message. */
export const replyBody = z.object({ body: text().max(5000) });

/** A visit rating (src/domain/rating.ts checks the stars and the comment's length again). */
export const ratingBody = z.object({
  orderId: dbId(),
  visitStars: z.number().int().min(0).max(5),
  bookingStars: z.number().int().min(0).max(5),
  comment: text().max(2000).optional().default(''),
});

/** HallSetting/parameterName: one configuration key. */
export const parameterQuery = z.object({ parameterName: text().min(1).max(100) });

/** system/user/ingore/getHallSettingDetail: one hall by its key ('main', 'cinema' ...). */
export const hallKeyQuery = z.object({ hallKey: text().min(1).max(50) });

/** ingore/getWxJsConfig: the page to sign, its full URL (the #fragment is ignored). */
export const wxJsConfigQuery = z.object({ url: text().min(1).max(2048) });
/** ingore/getWechatCode: the chat app's OAuth, silent (`base`) or with consent (`userinfo`), back to an app path. */
export const wechatCodeQuery = z.object({ oauthType: z.enum(['base', 'userinfo']), redirectUrl: text().min(1).max(500) });
/** getWxOauthCode: where the chat app sends the browser back (no code when the visitor refused). */
export const wechatCallbackQuery = z.object({ code: text().max(512).optional(), state: text().max(128).optional() });
/** ingore/wxLogin: a one-time login ticket (after the OAuth, or a scan login's). */
export const wxLoginQuery = z.object({ ticket: text().min(1).max(100) });
/** wxScanDecide: the phone's answer to a scan login (the id its QR code shows). */
export const wxScanDecideBody = z.object({ scanId: text().min(1).max(100), approve: z.boolean() });
export const wxScanAskingQuery = z.object({ scanId: text().min(1).max(100) });

/** A session called off with its reason (zh and en, what visitors and their texts read). */
export const callOffBody = z.object({ scheduleId: dbId(), reasonZh: text().max(100).default(''), reasonEn: text().max(200).default('') });
export const callOffQuery = z.object({ scheduleId: dbId() });
/** A refused refund settled by hand, with how the money went back. */
export const settleRefundBody = z.object({ note: text().max(500).default('') });
/** The release queue (docs/product.md §2.13): a day's check, an entry with the slider's token, a position read with the queue ticket. */
export const queueDateQuery = z.object({ date: isoDate() });
export const queueEnterBody = z.object({ date: isoDate(), captchaToken: text().max(200).optional().default('') });
export const queuePositionBody = z.object({ ticket: text().max(1000) });
/** The place's stream: EventSource sets no headers, so the ticket and the language ride in the query. */
export const queueStreamQuery = z.object({ date: isoDate(), ticket: text().max(1000), lang: z.enum(['zh', 'en']).optional() });
