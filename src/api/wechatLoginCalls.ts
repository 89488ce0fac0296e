/** The chat app's login: its OAuth, the one-time ticket, the phone binding, the
 * scan login, unbinding. Off the first screen: only the login screens load it. */
import type { z } from 'zod';
import type { phoneCodeBody, wechatCodeQuery, wxLoginQuery, wxScanAskingQuery, wxScanDecideBody } from '../domain/contracts.ts';
import type { WxLoginAnswer, WxScanAsking, WxScanTicket } from '../domain/types.ts';
import { call } from './client.ts';

/** The chat app's authorize page for a visitor going to `redirectUrl` (an app path). */
export const getWechatCode = (oauthType: 'base' | 'userinfo', redirectUrl: string) =>
  call<{ url: string }>('/ingore/getWechatCode', {
    searchParams: { oauthType, redirectUrl } satisfies z.input<typeof wechatCodeQuery>,
    anonymous: true,
    silent: true,
  });

/** A login ticket's answer: the token once (an OAuth ticket, or an approved scan), or still waiting. */
export const wxLogin = (ticket: string) =>
  call<WxLoginAnswer>('/ingore/wxLogin', { searchParams: { ticket } satisfies z.input<typeof wxLoginQuery>, anonymous: true, silent: true });

export const bindWxUserMobile = (phone: string, code: string) =>
  call<{ token: string }>('/bindWxUserMobile', {
    method: 'post',
    json: { phone, code } satisfies z.input<typeof phoneCodeBody>,
    as: 'individual',
    silent: true,
  });

export const createScanTicket = () => call<WxScanTicket>('/ingore/wxScanTicket', { method: 'post', anonymous: true, silent: true });

export const scanAsking = (scanId: string) =>
  call<WxScanAsking>('/wxScanAsking', { searchParams: { scanId } satisfies z.input<typeof wxScanAskingQuery>, as: 'individual', silent: true });

export const decideScan = (scanId: string, approve: boolean) =>
  call<null>('/wxScanDecide', { method: 'post', json: { scanId, approve } satisfies z.input<typeof wxScanDecideBody>, as: 'individual', silent: true });

export const unbindWechat = () => call<null>('/system/user/unBindUserWechat', { method: 'post', as: 'individual', silent: true });
