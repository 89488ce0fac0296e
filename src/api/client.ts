/** The one HTTP client: docs/product.md §7 (base path, 20 s timeout, credentials, JSON, Bearer token,
 * language header) and docs/product.md §8 (what each response code does). */
import type { Options } from 'ky';
import { REQUEST_TIMEOUT_MS } from '../domain/limits.ts';
import { currentKind, getToken, type TokenKind } from './session.ts';
import { BIND_REQUIRED_CODE } from '../domain/wechatLogin.ts';
import { takeEarly, type EarlyKind } from './early.ts';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Codes the caller receives as data instead of an error (docs/product.md §8). */
const PASS_THROUGH = new Set([502, 504, 505, 600]);

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** What the refusal carried (a team login's `captchaRequired`), or null. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** What the app plugs in: language, messages, toasts and the 401 handling. */
export interface ApiHooks {
  language: () => 'zh_cn' | 'en_us';
  /** Texts of docs/product.md §8 in the current language. */
  text: (key: 'timeout' | 'forbidden' | 'notFound' | 'unknown' | 'expired') => string;
  toast: (message: string) => void;
  /** 401: the app decides between a silent logout and a confirm dialog (docs/product.md §4). */
  expired: () => void;
  /** The visitor's account has no bound phone (BIND_REQUIRED_CODE): the app shows the bind screen. */
  bindRequired?: () => void;
}

let hooks: ApiHooks = {
  language: () => 'zh_cn',
  text: (key) => key,
  toast: () => undefined,
  expired: () => undefined,
};

/** ky, loaded with the first request that goes over the network: the first screen's own
 * requests are the boot script's early answers (src/api/early.ts), so the client library is not
 * part of the first screen's bytes (docs/architecture.md §8). A failed load is tried again next time. */
let ky: Promise<typeof import('ky')> | null = null;
const loadKy = () =>
  (ky ??= import('ky').catch((error: unknown) => {
    ky = null;
    throw error;
  }));

let where = { prefixUrl: '/prod-api', timeout: REQUEST_TIMEOUT_MS };
const http = async (path: string, options: Options) =>
  (await loadKy()).default(path, { ...where, credentials: 'include', retry: 0, throwHttpErrors: true, ...options });

/** Where the API lives, for what is not a call (the live stock stream's EventSource). */
export const apiPrefix = () => where.prefixUrl;

/** The app plugs in its hooks at start-up. `baseUrl` and `timeoutMs` keep the values of
 * docs/product.md §7 unless the API lives elsewhere (or a test cannot wait 20 s). */
export function configureApi(next: ApiHooks & { baseUrl?: string; timeoutMs?: number }): void {
  hooks = next;
  where = { prefixUrl: next.baseUrl ?? '/prod-api', timeout: next.timeoutMs ?? REQUEST_TIMEOUT_MS };
}

export interface CallOptions {
  method?: 'get' | 'post' | 'delete';
  searchParams?: Record<string, string | number>;
  json?: unknown;
  /** A multipart body (an upload) instead of JSON. */
  body?: FormData;
  /** Whose token to send: the area's (default), or the staff console's. A staff call's 401
   * is the console's to handle, not the areas' login flow. */
  as?: TokenKind;
  /** Send no Authorization header (docs/product.md §7: "unless disabled for that call"). */
  anonymous?: boolean;
  /** The caller shows the message itself (a machine keeps it in context): no toast. */
  silent?: boolean;
  /** The answer is a file (a PDF): resolved as a Blob; a refusal still comes as the envelope. */
  file?: boolean;
  /** The page's boot script may have asked already (src/api/early.ts): take its answer. */
  early?: EarlyKind;
}

/** Sends one call and returns its envelope for 200 and the pass-through codes; every
 * other code is shown (unless silent) and rejected with an ApiError. */
export async function callRaw<T>(path: string, options: CallOptions = {}): Promise<Envelope<T>> {
  const { method = 'get', searchParams, json, body: form, as, anonymous, silent, file, early } = options;
  const headers: Record<string, string> = { language: hooks.language() };
  const token = anonymous ? null : getToken(as ?? currentKind());
  if (token) headers.Authorization = `Bearer ${token}`;
  const fail = (message: string, code: number, data: unknown = null): never => {
    if (!silent) hooks.toast(message);
    throw new ApiError(message, code, data);
  };

  let body: Envelope<T>;
  try {
    const response =
      (early ? await takeEarly(early, headers.language) : null) ?? (await http(path.replace(/^\//, ''), { method, searchParams, json, body: form, headers }));
    if (file && !response.headers.get('content-type')?.includes('json')) return { code: 200, msg: '', data: (await response.blob()) as T };
    body = (await response.json()) as Envelope<T>;
  } catch (error) {
    const { isTimeoutError, isHTTPError } = (await loadKy().catch(() => null)) ?? {};
    if (isTimeoutError?.(error)) return fail(hooks.text('timeout'), 0);
    if (isHTTPError?.(error)) {
      const status = error.response.status;
      if (status === 401) return expired();
      if (status === 403) return fail(hooks.text('forbidden'), 403);
      if (status === 404) return fail(hooks.text('notFound'), 404);
    }
    return fail(hooks.text('unknown'), -1);
  }

  if (body.code === 200 || PASS_THROUGH.has(body.code)) return body;
  if (body.code === 401) return expired();
  if (body.code === BIND_REQUIRED_CODE && as !== 'staff') {
    hooks.bindRequired?.();
    throw new ApiError(body.msg, body.code);
  }
  if (body.code === 403) return fail(body.msg || hooks.text('forbidden'), 403);
  if (body.code === 404) return fail(body.msg || hooks.text('notFound'), 404);
  // 500, 550 and any other code: the server's message, rejected with the code.
  return fail(body.msg || hooks.text('unknown'), body.code, body.data);

  function expired(): never {
    if (as !== 'staff') hooks.expired();
    throw new ApiError(hooks.text('expired'), 401);
  }
}

/** Like callRaw, for calls whose only success is 200: resolves the data. */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const body = await callRaw<T>(path, options);
  if (body.code !== 200) throw new ApiError(body.msg, body.code);
  return body.data;
}
