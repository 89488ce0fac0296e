/** What a payment platform's refusal means to us: the vendor's error code, whether a later try
 * may succeed, and what a visitor reads (zh/en). Never an HTTP 500 for a visitor: the routes
 * turn a PaymentError into the envelope's refusal with `text`. */
import type { Text } from '../../src/domain/text.ts';

export const PAY_TEXTS = {
  busy: { zh: '支付通道繁忙，请稍后再试', en: 'The payment service is busy; please try again in a moment' },
  unavailable: { zh: '支付服务暂时不可用，请稍后再试', en: 'The payment service is unavailable right now; please try again later' },
  timeout: { zh: '支付服务响应超时，请稍后再试', en: 'The payment service did not answer in time; please try again' },
  refused: { zh: '支付平台拒绝了本次请求，请联系博物馆', en: 'The payment platform refused this request; please contact the museum' },
  alreadyPaid: { zh: '该订单已支付，请刷新订单状态', en: 'This order is already paid; please refresh the order' },
  closed: { zh: '该支付单已关闭，请重新下单', en: 'This payment is closed; please place the order again' },
  notEnough: { zh: '商户账户余额不足，退款将稍后自动重试', en: "The museum's payment account is short of funds; the refund will be retried automatically" },
  inChatAppOnly: {
    zh: '请在微信中打开本页面完成支付',
    en: 'Payment is made in the WeChat app: please open this page in WeChat to pay',
  },
  noOpenid: {
    zh: '当前账号尚未关联微信，请在微信中重新登录后支付',
    en: 'This account is not linked to WeChat yet; please log in again inside WeChat to pay',
  },
} satisfies Record<string, Text>;

export class PaymentError extends Error {
  constructor(
    /** The vendor's code (SIGN_ERROR, FREQUENCY_LIMITED, SYSTEM_ERROR, ORDERPAID, NOT_ENOUGH ...) or ours (TIMEOUT, NETWORK, BAD_SIGNATURE). */
    readonly code: string,
    readonly text: Text,
    /** A later try of the same call may succeed (rate limit, the vendor's 5xx, a timeout). */
    readonly retryable: boolean,
    readonly status = 0,
  ) {
    super(`${code}${status ? ` (HTTP ${status})` : ''}`);
  }
}

/** The vendor's documented error answers, by code (HTTP status as a fallback). */
export function vendorError(status: number, code: string | undefined): PaymentError {
  const c = code ?? `HTTP_${status}`;
  if (c === 'ORDERPAID') return new PaymentError(c, PAY_TEXTS.alreadyPaid, false, status);
  if (c === 'ORDER_CLOSED') return new PaymentError(c, PAY_TEXTS.closed, false, status);
  if (c === 'NOT_ENOUGH' || c === 'NOTENOUGH') return new PaymentError('NOT_ENOUGH', PAY_TEXTS.notEnough, true, status);
  if (c === 'FREQUENCY_LIMITED' || status === 429) return new PaymentError(c, PAY_TEXTS.busy, true, status);
  if (status >= 500 || c === 'SYSTEM_ERROR' || c === 'BANKERROR') return new PaymentError(c, PAY_TEXTS.unavailable, true, status);
  // SIGN_ERROR (401), PARAM_ERROR, INVALID_REQUEST, NOAUTH ...: our configuration or request is wrong; a retry will not help.
  return new PaymentError(c, PAY_TEXTS.refused, false, status);
}
