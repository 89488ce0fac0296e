/** One typed function per SPEC §7 call this app uses. Paths with `ingore` are anonymous. */
import type {
  BaseSettings,
  CalendarDay,
  CertificateOption,
  HallPersonSetting,
  HallPool,
  OrderDetail,
  OrderStatus,
  OrderSummary,
  Page,
  PlaceOrderRequest,
  PlaceOrderResult,
  PriceQuote,
  User,
} from '../domain/types.ts';
import { call, callRaw } from './client.ts';

// Settings and content
export const getBaseSettings = () =>
  call<BaseSettings>('/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', {
    anonymous: true,
    searchParams: { channel: 'h5', ticketUseType: 1, personType: 1 },
  });

export const getDocument = (name: string) =>
  call<{ name: string; content: string }>('/basesetting/officeDocument/ingore/detail', {
    anonymous: true,
    searchParams: { name },
  });

export const getServerTime = () =>
  call<{ now: number }>('/config/orderRule/getSysTime', { method: 'post', silent: true }).then((d) => d.now);

// Pool and calendar
export const getCalendar = () => call<CalendarDay[]>('/pool/ingore/getCalendar', { anonymous: true });

export const getHalls = (queryDate: string) =>
  call<HallPool[]>('/pool/ingore/getHall', {
    anonymous: true,
    searchParams: { openPerson: 1, queryDate, saleMode: 1 },
  });

export const getHallPersonSetting = (hallId: number) =>
  call<HallPersonSetting>('/pool/getHallPoolPersonSetting', { searchParams: { hallId } });

// Helpers
export const getCertificateTypes = () => call<CertificateOption[]>('/system/dict/data/type/certificate');

export const sendCode = (phone: string) =>
  call<null>('/ingore/sendMessage', { method: 'post', json: { phone }, anonymous: true, silent: true });

export interface CaptchaChallenge {
  captchaId: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  background: string;
  piece: string;
}

export const getCaptcha = () => call<CaptchaChallenge>('/ingore/captchaImage', { anonymous: true });

export const checkCaptcha = (captchaId: string, x: number) =>
  call<{ captchaToken: string }>('/ingore/captchaCheck', {
    method: 'post',
    json: { captchaId, x },
    anonymous: true,
    silent: true,
  });

// Accounts
export const login = (phone: string, code: string) =>
  call<{ token: string }>('/login', { method: 'post', json: { phone, code }, anonymous: true, silent: true });

export const getUserInfo = () => call<{ user: User }>('/getUserInfoToIndividual');

export const logout = () => call<null>('/logout', { method: 'post', silent: true });

// Orders
export const calculatePrice = (hallScheduleId: number, ticketPriceIds: number[]) =>
  call<PriceQuote>('/config/orderRule/calculatePrice', {
    method: 'post',
    json: { hallScheduleId, ticketInfoList: ticketPriceIds.map((ticketPriceId) => ({ ticketPriceId })) },
    silent: true,
  });

/** 502 comes back as data: it means no order was created (SPEC §4). */
export const placeOrder = (request: PlaceOrderRequest) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', { method: 'post', json: request, silent: true });

export const getUnpaidOrder = () =>
  call<{ orderId: number | null; orderNumber: string | null }>('/config/orderRule/selectNotPayOrderByUserId');

export const getOrder = (orderId: number) => call<OrderDetail>(`/order/OrderInfo/searchPersonOrder/${orderId}`);

export const getOrderStatus = (orderId: number) =>
  call<{ status: OrderStatus; payDeadline: number | null }>('/order/OrderInfo/getOrderStatusForTimeOut', {
    searchParams: { orderId },
  });

export const getOrders = (status: OrderStatus | '', pageNum: number, pageSize = 10) =>
  call<Page<OrderSummary>>('/order/OrderInfo/getOrderInfoByStatus', {
    searchParams: { status, pageNum, pageSize },
  });

// Payment (SPEC: "Payment call paths: not shown"; ours, served by the payment provider)
export const createPayment = (orderId: number) =>
  call<{ payUrl: string }>('/pay/create', { method: 'post', json: { orderId }, silent: true });
