/** The API client against a real local HTTP server answering each code of docs/product.md §8. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../../src/domain/limits.ts';

/** The browser's cookie jar as `document.cookie` shows it: each write sets or (max-age=0) deletes one. */
const jar = new Map<string, string>();
const store = new Map<string, string>();
Object.assign(globalThis, {
  document: {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(v: string) {
      const [pair, ...attributes] = v.split('; ');
      const [name, value] = pair.split('=');
      if (attributes.includes('max-age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  },
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  },
});

const { ApiError, call, callRaw, configureApi } = await import('../../../src/api/client.ts');
const { setToken } = await import('../../../src/api/session.ts');

let server: Server;
let seen: IncomingMessage | null = null;
const toasts: string[] = [];
let expired = 0;
let bindRequired = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = req;
    const path = req.url ?? '';
    const send = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const code = Number(/code\/(\d+)/.exec(path)?.[1] ?? 200);
    if (path.includes('/http/')) return send({}, code);
    // Never answered: only the client's timeout ends it, however fast or slow the machine is.
    if (path.includes('/hang')) return;
    send({ code, msg: `message ${code}`, data: { ok: code } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configure(REQUEST_TIMEOUT_MS);
});

/** The client against this server; the real timeout, so that a busy machine never times out an answer. */
function configure(timeoutMs: number) {
  configureApi({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api`,
    timeoutMs,
    language: () => 'en_us',
    text: (key) => `text:${key}`,
    toast: (m) => toasts.push(m),
    expired: () => expired++,
    bindRequired: () => bindRequired++,
  });
}

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  toasts.length = 0;
  expired = 0;
  bindRequired = 0;
});

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as InstanceType<typeof ApiError>;
};

describe('API client (docs/product.md §7-§8)', () => {
  it('resolves the data of a 200 and sends the language and the bearer token', async () => {
    setToken('individual', 'tok-123');
    await expect(call('/code/200')).resolves.toEqual({ ok: 200 });
    expect(seen?.headers.language).toBe('en_us');
    expect(seen?.headers.authorization).toBe('Bearer tok-123');
    expect(seen?.url).toBe('/prod-api/code/200');
  });

  it('sends no token on an anonymous call', async () => {
    await call('/code/200', { anonymous: true });
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it.each([502, 504, 505, 600])('passes %i through as data', async (code) => {
    await expect(callRaw(`/code/${code}`)).resolves.toMatchObject({ code, msg: `message ${code}` });
    expect(toasts).toEqual([]);
  });

  it.each([500, 550, 777])('shows the message of %i and rejects with the code', async (code) => {
    const error = await rejection(call(`/code/${code}`));
    expect(error.code).toBe(code);
    expect(toasts).toEqual([`message ${code}`]);
  });

  it('keeps quiet when the caller shows the message itself', async () => {
    await rejection(call('/code/500', { silent: true }));
    expect(toasts).toEqual([]);
  });

  it('reports 401 to the session handling, once, without a toast', async () => {
    const error = await rejection(call('/code/401'));
    expect(error.code).toBe(401);
    expect(expired).toBe(1);
    expect(toasts).toEqual([]);
  });

  it.each([
    [403, 'text:forbidden'],
    [404, 'text:notFound'],
    [418, 'text:unknown'],
  ])('turns HTTP %i into its message', async (status, text) => {
    await rejection(call(`/http/code/${status}`));
    expect(toasts).toEqual([text]);
  });

  it('shows the crowd message on a timeout', async () => {
    // A short timeout for a request that is never answered: it can only end by timing out.
    configure(300);
    try {
      await rejection(call('/hang'));
    } finally {
      configure(REQUEST_TIMEOUT_MS);
    }
    expect(toasts).toEqual(['text:timeout']);
  });

  it('sends a visitor without a bound phone to the bind screen, without a toast (the bind screen says it)', async () => {
    const error = await rejection(call('/code/428'));
    expect([error.code, error.message, bindRequired, toasts]).toEqual([428, 'message 428', 1, []]);
    expect(await rejection(call('/code/428', { as: 'staff' }))).toMatchObject({ code: 428 });
    expect(bindRequired).toBe(1);
  });
});
