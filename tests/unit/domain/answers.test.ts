/** The answer schemas (src/domain/answers.ts) and the types the client reads answers with
 * (src/domain/types.ts) are the same shapes: checked by the type checker (npm run
 * typecheck), so neither can drift alone. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as answers from '../../../src/domain/answers.ts';
import type { CancelConsequences } from '../../../src/domain/account.ts';
import type { CaptchaChallenge } from '../../../src/domain/captcha.ts';
import type { GateDay, GateSyncAnswer } from '../../../src/domain/gateOffline.ts';
import type { RefundContext } from '../../../src/domain/refundRules.ts';
import type * as T from '../../../src/domain/types.ts';
import type { CertificateRead } from '../../../src/domain/faces.ts';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
type Out<S extends z.ZodType> = z.output<S>;

const same = {
  baseSettings: true as Equal<Out<typeof answers.baseSettings>, T.BaseSettings>,
  user: true as Equal<Out<typeof answers.user>, T.User>,
  certificateOptions: true as Equal<Out<typeof answers.certificateOptions>, T.CertificateOption[]>,
  captchaChallenge: true as Equal<Out<typeof answers.captchaChallenge>, CaptchaChallenge>,
  calendarDay: true as Equal<Out<typeof answers.calendarDay>, T.CalendarDay>,
  hallPool: true as Equal<Out<typeof answers.hallPool>, T.HallPool>,
  hallPersonSetting: true as Equal<Out<typeof answers.hallPersonSetting>, T.HallPersonSetting>,
  priceQuote: true as Equal<Out<typeof answers.priceQuote>, T.PriceQuote>,
  cartAddResult: true as Equal<Out<typeof answers.cartAddResult>, T.CartAddResult>,
  cartConflict: true as Equal<Out<typeof answers.cartConflict>, T.CartConflict>,
  placeOrderAnswer: true as Equal<Out<typeof answers.placeOrderAnswer>, T.CartAddResult | T.PlaceOrderResult | T.CartConflict | T.SeatTaken>,
  seatTaken: true as Equal<Out<typeof answers.seatTaken>, T.SeatTaken>,
  orderSummary: true as Equal<Out<typeof answers.orderSummary>, T.OrderSummary>,
  ticketView: true as Equal<Out<typeof answers.ticketView>, T.TicketView>,
  orderDetail: true as Equal<Out<typeof answers.orderDetail>, T.OrderDetail>,
  orderPage: true as Equal<Out<typeof answers.orderPage>, T.Page<T.OrderSummary>>,
  popWindow: true as Equal<Out<typeof answers.popWindow>, T.PopWindow>,
  cancelOrderResult: true as Equal<Out<typeof answers.cancelOrderResult>, T.CancelOrderResult>,
  cartLine: true as Equal<Out<typeof answers.cartLine>, T.CartLine>,
  shoppingCart: true as Equal<Out<typeof answers.shoppingCart>, T.ShoppingCart>,
  refundRisk: true as Equal<Out<typeof answers.refundRisk>, T.RefundRisk>,
  refundFacts: true as Equal<Out<typeof answers.refundFacts>, RefundContext>,
  refundResult: true as Equal<Out<typeof answers.refundResult>, T.RefundResult>,
  payStart: true as Equal<Out<typeof answers.payStart>, T.PayStart>,
  rebookResult: true as Equal<Out<typeof answers.rebookResult>, T.RebookResult>,
  blockStatus: true as Equal<Out<typeof answers.blockStatus>, T.BlockStatus>,
  missedVisitList: true as Equal<Out<typeof answers.missedVisitList>, T.MissedVisitList>,
  invoiceSummary: true as Equal<Out<typeof answers.invoiceSummary>, T.InvoiceSummary>,
  invoiceDetail: true as Equal<Out<typeof answers.invoiceDetail>, T.InvoiceDetail>,
  invoicePage: true as Equal<Out<typeof answers.invoicePage>, T.Page<T.InvoiceSummary>>,
  messageSummary: true as Equal<Out<typeof answers.messageSummary>, T.MessageSummary>,
  messageDetail: true as Equal<Out<typeof answers.messageDetail>, T.MessageDetail>,
  messagePage: true as Equal<Out<typeof answers.messagePage>, T.Page<T.MessageSummary>>,
  staffMessageDetail: true as Equal<Out<typeof answers.staffMessageDetail>, T.StaffMessageDetail>,
  staffMessagePage: true as Equal<Out<typeof answers.staffMessagePage>, T.Page<T.StaffMessageSummary>>,
  staffInvoice: true as Equal<Out<typeof answers.staffInvoice>, T.StaffInvoice>,
  staffInvoicePage: true as Equal<Out<typeof answers.staffInvoicePage>, T.Page<T.InvoiceSummary>>,
  invoicePdfLink: true as Equal<Out<typeof answers.invoicePdfLink>, T.InvoicePdfLink>,
  teamInfo: true as Equal<Out<typeof answers.teamInfo>, { team: T.TeamInfo }>,
  teamForReview: true as Equal<Out<typeof answers.teamForReview>, T.TeamForReview>,
  teamRequest: true as Equal<Out<typeof answers.teamRequest>, T.TeamRequest>,
  teamFreezeStatus: true as Equal<Out<typeof answers.teamFreezeStatus>, T.TeamFreezeStatus>,
  faqs: true as Equal<Out<typeof answers.faqs>, T.Faq[]>,
  notices: true as Equal<Out<typeof answers.notices>, T.Page<T.Notice>>,
  contact: true as Equal<Out<typeof answers.contact>, T.Contact>,
  coupon: true as Equal<Out<typeof answers.coupon>, T.CouponView>,
  couponLists: true as Equal<Out<typeof answers.couponLists>, T.CouponLists>,
  faceChecked: true as Equal<Out<typeof answers.faceChecked>, T.FaceChecked>,
  faceBound: true as Equal<Out<typeof answers.faceBound>, T.FaceBound>,
  certificateRead: true as Equal<Out<typeof answers.certificateRead>, CertificateRead>,
  cancelConsequences: true as Equal<Out<typeof answers.cancelConsequences>, CancelConsequences>,
  accountCancelled: true as Equal<Out<typeof answers.accountCancelled>, T.AccountCancelled>,
  cinemaSessions: true as Equal<Out<typeof answers.cinemaSessions>, T.CinemaSession[]>,
  seatMap: true as Equal<Out<typeof answers.seatMap>, T.SeatMap>,
  packages: true as Equal<Out<typeof answers.packages>, T.TicketPackage[]>,
  blockedSeats: true as Equal<Out<typeof answers.blockedSeats>, T.BlockedSeat[]>,
  groupSetting: true as Equal<Out<typeof answers.groupSetting>, T.GroupSetting>,
  groupOrderDetail: true as Equal<Out<typeof answers.groupOrderDetail>, T.GroupOrderDetail>,
  windowOrder: true as Equal<Out<typeof answers.windowOrder>, T.WindowOrder>,
  sessionTemplates: true as Equal<Out<typeof answers.sessionTemplates>, T.SessionTemplates>,
  applyReport: true as Equal<Out<typeof answers.applyReport>, T.ApplyReport>,
  gateDay: true as Equal<Out<typeof answers.gateDay>, GateDay>,
  gateSyncAnswer: true as Equal<Out<typeof answers.gateSyncAnswer>, GateSyncAnswer>,
  orderRating: true as Equal<Out<typeof answers.orderRating>, T.OrderRating>,
  hallSetting: true as Equal<Out<typeof answers.hallSetting>, T.HallSetting>,
  hallNames: true as Equal<Out<typeof answers.hallNames>, Array<{ hallId: number; hallName: string }>>,
  parameter: true as Equal<Out<typeof answers.parameter>, { parameterName: string; value: string }>,
  wxJsConfig: true as Equal<Out<typeof answers.wxJsConfig>, T.WxJsConfig>,
  wxLoginAnswer: true as Equal<Out<typeof answers.wxLoginAnswer>, T.WxLoginAnswer>,
  wxScanTicket: true as Equal<Out<typeof answers.wxScanTicket>, T.WxScanTicket>,
} satisfies Record<string, true>;

describe('answer schemas', () => {
  it('match the client types (the type checker decides; this lists what it compared)', () => {
    expect(Object.values(same).every(Boolean)).toBe(true);
  });

  it('refuse a field the schema does not name, instead of dropping it', () => {
    const sent = { date: '2026-12-01', state: 'available', remaining: 3, reason: null, secret: 'x' };
    expect(answers.calendarDay.safeParse(sent).success).toBe(false);
  });
});
