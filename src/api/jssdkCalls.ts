/** The chat app's JS-SDK config: called only inside the chat app, from src/wechat/sdk.ts (a
 * chunk of its own), so none of it is on the first screen. Silent: without a signature the page
 * simply goes on without share cards. */
import type { z } from 'zod';
import type { wxJsConfigQuery } from '../domain/contracts.ts';
import type { WxJsConfig } from '../domain/types.ts';
import { call } from './client.ts';

export const getWxJsConfig = (url: string) =>
  call<WxJsConfig>('/ingore/getWxJsConfig', { anonymous: true, silent: true, searchParams: { url } satisfies z.input<typeof wxJsConfigQuery> });
