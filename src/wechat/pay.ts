/** The chat app's JSAPI pay: `WeixinJSBridge.invoke('getBrandWCPayRequest', params, cb)` with the
 * parameters the server signed (/pay/create). The bridge may arrive after the page's scripts:
 * then it is awaited on `WeixinJSBridgeReady`. The answer is only the payer's gesture (ok,
 * cancel, fail); the order is paid when the server says so. */
import type { JsapiPayParams } from '../domain/types.ts';

export type JsapiPayResult = 'ok' | 'cancel' | 'fail';

interface Bridge {
  invoke(name: string, args: Record<string, unknown>, callback: (res: { err_msg?: string } | null) => void): void;
}

/** The chat app's bridge, typed as far as we use it (weixin-js-sdk declares it `any`). */
const current = () => (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;

/** How long to wait for the bridge before calling the payment failed. */
const BRIDGE_WAIT_MS = 5000;

function bridge(): Promise<Bridge | null> {
  const ready = current();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const announced = () => {
      clearTimeout(timer);
      resolve(current() ?? null);
    };
    const timer = setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', announced);
      resolve(null);
    }, BRIDGE_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', announced, { once: true });
  });
}

/** The chat app answers "get_brand_wcpay_request:ok" (or ":cancel", ":fail"). */
export function payResultOf(errMsg: string | undefined): JsapiPayResult {
  if (errMsg && /:ok$/.test(errMsg)) return 'ok';
  if (errMsg && /:cancel$/.test(errMsg)) return 'cancel';
  return 'fail';
}

export async function jsapiPay(params: JsapiPayParams): Promise<JsapiPayResult> {
  const b = await bridge();
  if (!b) return 'fail';
  return new Promise((resolve) => b.invoke('getBrandWCPayRequest', { ...params }, (res) => resolve(payResultOf(res?.err_msg))));
}
