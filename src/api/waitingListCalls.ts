/** The waiting list's calls (docs/product.md §7): its calendar and halls, joining (placeOrder with
 * isCandidateOrder 1) and leaving (candidateOrderCancelPerson). */
import type { z } from 'zod';
import type { candidateCancelQuery, directOrderBody } from '../domain/contracts.ts';
import { buildOrderRequest } from '../domain/orderRequest.ts';
import type { CancelOrderResult, HallPool, OrderDraft, PlaceOrderResult, PricePool } from '../domain/types.ts';
import type { CandidateDay } from '../domain/waitingList.ts';
import { call, callRaw } from './client.ts';

type In<S extends z.ZodType> = z.input<S>;

export const getCandidateCalendar = () => call<CandidateDay[]>('/pool/ingore/getCalendarForCandidate', { anonymous: true });

export const getCandidateHalls = (queryDate: string) =>
  call<HallPool[]>('/pool/ingore/getHallForCandidate', { anonymous: true, searchParams: { openPerson: 1, queryDate, saleMode: 1 } });

/** Refusals come back as data (code and message), as for a direct order. */
export const joinWaitingList = (draft: OrderDraft, prices: PricePool[]) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: { ...buildOrderRequest(draft, prices), isCandidateOrder: 1 } satisfies In<typeof directOrderBody>,
    silent: true,
  });

export const leaveWaitingList = (orderId: number) =>
  call<CancelOrderResult>('/order/refund/candidateOrderCancelPerson', {
    method: 'post',
    searchParams: { orderId } satisfies In<typeof candidateCancelQuery>,
  });
