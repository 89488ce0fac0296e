/** The placeOrder payload of docs/product.md §3 built from an order draft, and read back into one on
 * the server, so the two ends agree on every field by construction. */
import { PLATFORM, SALE_MODE, TICKET_USE_TYPE } from './limits.ts';
import type { OrderDraft, PlaceOrderRequest, PricePool, TicketLineRequest } from './types.ts';

export function buildOrderRequest(draft: OrderDraft, prices: PricePool[] = []): PlaceOrderRequest {
  const isFree = (id: number | null) => prices.find((p) => p.ticketPriceId === id)?.isChildFreeTicket ?? false;
  const ticketInfoList: TicketLineRequest[] = draft.visitors.map((visitor, i) => ({
    realNameFlag: 1,
    useTicketType: TICKET_USE_TYPE,
    hallId: draft.hallId ?? 0,
    status: 1,
    saleMode: SALE_MODE,
    hallScheduleId: draft.hallScheduleId ?? 0,
    cinemaFlag: 0,
    ticketPriceId: visitor.ticketPriceId ?? 0,
    isChildFreeTicket: isFree(visitor.ticketPriceId) ? 1 : 0,
    certificate: visitor.certificateType,
    certificateInfo: visitor.certificateNumber,
    userName: visitor.name,
    useDate: `${draft.visitDate} 00:00:00`,
    platform: PLATFORM,
    coupons: visitor.coupon ? [visitor.coupon] : [],
    picUrl: null,
    priceSubId: null,
    ...(draft.seats?.[i] ? { seatNumber: draft.seats[i], cinemaFlag: 1 as const } : {}),
  }));
  return {
    useTicketType: TICKET_USE_TYPE,
    ticketNum: ticketInfoList.length,
    date: draft.visitDate,
    childTicketNum: ticketInfoList.filter((line) => line.isChildFreeTicket === 1).length,
    phone: null,
    poolFlag: 0,
    saleMode: SALE_MODE,
    realNameFlag: 1,
    pointJson: null,
    captchaToken: draft.captchaToken ?? '',
    isCandidateOrder: 0,
    platform: PLATFORM,
    ticketInfoList,
  };
}

/** The server's reading of a request: only what the visitor chose; every price, flag and
 * stock figure is looked up again from the database. */
export type OrderChoice = Pick<PlaceOrderRequest, 'date' | 'captchaToken'> & {
  ticketInfoList: Array<
    Pick<TicketLineRequest, 'hallId' | 'hallScheduleId' | 'ticketPriceId' | 'certificate' | 'certificateInfo' | 'userName'> & { coupons?: string[] }
  >;
};

export function draftFromRequest(request: OrderChoice): OrderDraft {
  const first = request.ticketInfoList[0];
  return {
    visitDate: request.date,
    hallId: first?.hallId ?? null,
    hallScheduleId: first?.hallScheduleId ?? null,
    visitors: request.ticketInfoList.map((line) => ({
      name: line.userName,
      certificateType: line.certificate,
      certificateNumber: line.certificateInfo,
      ticketPriceId: line.ticketPriceId,
      ...(line.coupons?.length ? { coupon: line.coupons[0] } : {}),
    })),
    // The client sends an order only after the agreement is ticked; the server cannot see
    // the tick, it sees the captcha token that follows it.
    agreementAccepted: true,
    captchaToken: request.captchaToken || null,
  };
}
