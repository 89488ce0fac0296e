/** One typed function per docs/product.md §7 call this app uses. Paths with `ingore` are anonymous. */
import type { BaseSettings, CalendarDay, CertificateOption, HallPersonSetting, HallPool, User } from '../domain/types.ts';
import type { CaptchaChallenge, DragSample } from '../domain/captcha.ts';
import type { z } from 'zod';
import type { loginBody } from '../domain/contracts.ts';
import { call } from './client.ts';

/** What a route accepts (src/domain/contracts.ts): a call that drifts from its route is a type error. */
type In<S extends z.ZodType> = z.input<S>;

// Settings and content
/** Silent: the app says itself that they failed (and "My tickets" opens without them). */
export const getBaseSettings = () =>
  call<BaseSettings>('/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', {
    anonymous: true,
    searchParams: { channel: 'h5', ticketUseType: 1, personType: 1 },
    early: 'config',
    silent: true,
  });

export const getDocument = (name: string) =>
  call<{ name: string; content: string }>('/basesetting/officeDocument/ingore/detail', {
    anonymous: true,
    searchParams: { name },
  });

export const getServerTime = () => call<{ now: number }>('/config/orderRule/getSysTime', { method: 'post', silent: true }).then((d) => d.now);

// Pool and calendar
export const getCalendar = () => call<CalendarDay[]>('/pool/ingore/getCalendar', { anonymous: true, early: 'calendar' });

export const getHalls = (queryDate: string) =>
  call<HallPool[]>('/pool/ingore/getHall', {
    anonymous: true,
    searchParams: { openPerson: 1, queryDate, saleMode: 1 },
  });

export const getHallPersonSetting = (hallId: number) => call<HallPersonSetting>('/pool/getHallPoolPersonSetting', { searchParams: { hallId } });

// Helpers
export const getCertificateTypes = () => call<CertificateOption[]>('/system/dict/data/type/certificate');

export const sendCode = (phone: string) => call<null>('/ingore/sendMessage', { method: 'post', json: { phone }, anonymous: true, silent: true });

export const getCaptcha = () => call<CaptchaChallenge>('/ingore/captchaImage', { anonymous: true });

export const checkCaptcha = (captchaId: string, x: number, trail: DragSample[]) =>
  call<{ captchaToken: string }>('/ingore/captchaCheck', {
    method: 'post',
    json: { captchaId, x, trail },
    anonymous: true,
    silent: true,
  });

// Accounts
export const login = (phone: string, code: string) =>
  call<{ token: string }>('/login', { method: 'post', json: { phone, code } satisfies In<typeof loginBody>, anonymous: true, silent: true });

export const getUserInfo = () => call<{ user: User }>('/getUserInfoToIndividual');

export const logout = () => call<null>('/logout', { method: 'post', silent: true });
