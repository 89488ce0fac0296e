/** The chat app's JSAPI pay call (src/wechat/pay.ts): it waits for the bridge when the page's
 * scripts ran first, sends exactly the server's parameters, and reads the chat app's answer. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsapiPay, payResultOf } from '../../../src/wechat/pay.ts';

const PARAMS = { appId: 'wx1', timeStamp: '1767225600', nonceStr: 'N1', package: 'prepay_id=wx42', signType: 'RSA' as const, paySign: 'c2ln' };

/** A page without a DOM: a window that may get a bridge later, and a document that can announce it. */
function page() {
  const doc = new EventTarget();
  const win: { WeixinJSBridge?: unknown } = {};
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  const calls: Array<[string, unknown]> = [];
  const bridge = (answer: string) => ({
    invoke: (name: string, args: unknown, cb: (res: { err_msg: string }) => void) => {
      calls.push([name, args]);
      setTimeout(() => cb({ err_msg: answer }), 0);
    },
  });
  return { win, doc, calls, bridge };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('JSAPI pay through the chat app bridge', () => {
  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    ['getBrandWCPayRequest:ok', 'ok'],
    [undefined, 'fail'],
  ] as const)('the answer %s reads %s', (errMsg, result) => {
    expect(payResultOf(errMsg)).toBe(result);
  });

  it("invokes getBrandWCPayRequest with the server's parameters when the bridge is there", async () => {
    const p = page();
    p.win.WeixinJSBridge = p.bridge('get_brand_wcpay_request:ok');
    await expect(jsapiPay(PARAMS)).resolves.toBe('ok');
    expect(p.calls).toEqual([['getBrandWCPayRequest', PARAMS]]);
  });

  it('waits for WeixinJSBridgeReady when the bridge comes after the page', async () => {
    const p = page();
    const paying = jsapiPay(PARAMS);
    p.win.WeixinJSBridge = p.bridge('get_brand_wcpay_request:cancel');
    p.doc.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(paying).resolves.toBe('cancel');
    expect(p.calls).toHaveLength(1);
  });

  it('no bridge at all (not really the chat app): the payment fails instead of hanging', async () => {
    vi.useFakeTimers();
    const p = page();
    const paying = jsapiPay(PARAMS);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(paying).resolves.toBe('fail');
    expect(p.calls).toEqual([]);
  });
});
