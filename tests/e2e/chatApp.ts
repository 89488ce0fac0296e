/** The chat app's in-app browser for e2e tests: its user agent, and a fake `WeixinJSBridge`
 * injected before the page's scripts that records every call the app makes (JS-SDK config,
 * share data, hidden menu items, JSAPI pay) and answers each through a handler the test gives,
 * in Node (it may call a fake vendor), or with `<name>:ok` by default. */
import type { BrowserContext, Page } from '@playwright/test';

export const CHAT_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** `browser.newContext({ ...chatAppContext })`, or `test.use(chatAppContext)`. */
export const chatAppContext = { userAgent: CHAT_APP_UA } as const;

export interface BridgeCall {
  /** `invoke`, `call` or `on`. */
  how: 'invoke' | 'call' | 'on';
  name: string;
  args: Record<string, unknown> | null;
}

/** What the bridge answers an `invoke`: the result object the chat app would pass to the callback. */
export type BridgeHandler = (name: string, args: Record<string, unknown> | null) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null;

declare global {
  interface Window {
    __bridgeCalls: BridgeCall[];
    __bridgeAnswer?: (name: string, args: Record<string, unknown> | null) => Promise<Record<string, unknown> | null>;
  }
}

/** Installs the fake bridge in every page of the context. `answer` returns null for "the default". */
export async function fakeBridge(context: BrowserContext, answer: BridgeHandler = () => null): Promise<void> {
  await context.exposeFunction('__bridgeAnswer', async (name: string, args: Record<string, unknown> | null) => (await answer(name, args)) ?? null);
  await context.addInitScript(() => {
    window.__bridgeCalls = [];
    const record = (how: BridgeCall['how'], name: string, args: unknown) =>
      window.__bridgeCalls.push({ how, name, args: args && typeof args === 'object' ? JSON.parse(JSON.stringify(args)) : null });
    const bridge = {
      invoke(name: string, args: Record<string, unknown> | null, callback?: (res: Record<string, unknown>) => void) {
        record('invoke', name, args);
        void window.__bridgeAnswer!(name, args ?? null).then((res) => callback?.(res ?? { err_msg: `${name}:ok` }));
      },
      call(name: string) {
        record('call', name, null);
      },
      on(name: string) {
        record('on', name, null);
      },
    };
    Object.defineProperty(window, 'WeixinJSBridge', { value: bridge, configurable: true });
    // The chat app announces its bridge once the page is parsed.
    document.addEventListener('DOMContentLoaded', () => document.dispatchEvent(new Event('WeixinJSBridgeReady')));
  });
}

/** Every call the page made to the bridge so far. */
export const bridgeCalls = (page: Page): Promise<BridgeCall[]> => page.evaluate(() => window.__bridgeCalls);
