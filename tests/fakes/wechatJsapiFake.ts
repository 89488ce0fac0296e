/** A fake of the chat app's server API for the JS-SDK, on 127.0.0.1 (a real HTTP server), answering
 * as the vendor documents: `GET /cgi-bin/token?grant_type=client_credential&appid&secret` gives
 * `{ access_token, expires_in }`, `GET /cgi-bin/ticket/getticket?access_token&type=jsapi` gives
 * `{ errcode: 0, errmsg: 'ok', ticket, expires_in }`, and errors come as `{ errcode, errmsg }` with
 * HTTP 200. It counts the calls, and a test scripts what goes wrong: the next answers' errcode
 * (-1 busy, 45009 quota, 40164 address not whitelisted ...), an HTTP 5xx, or no answer at all. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTrouble = { errcode: number; errmsg: string } | { http: number } | 'hang';

export interface WechatJsapiFake {
  url: string;
  appId: string;
  appSecret: string;
  calls: { token: number; ticket: number };
  /** The tickets handed out, newest last. */
  tickets: string[];
  /** Seconds the next tokens and tickets live. */
  expiresIn: { token: number; ticket: number };
  /** The next `times` calls of `path` go wrong this way. */
  trouble(path: 'token' | 'ticket', how: FakeTrouble, times?: number): void;
  /** Every access token handed out so far is dead (another system fetched a newer one, the secret was reset). */
  revokeTokens(): void;
  close(): Promise<void>;
}

/** The vendor's own wording of the errors a test asks for. */
export const VENDOR_ERRORS = {
  busy: { errcode: -1, errmsg: 'system error' },
  quota: { errcode: 45009, errmsg: 'reach max api daily quota limit' },
  notWhitelisted: { errcode: 40164, errmsg: 'invalid ip 203.0.113.7 ipv6 ::ffff:203.0.113.7, not in whitelist' },
  badCredential: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
  badAppId: { errcode: 40013, errmsg: 'invalid appid' },
  expiredToken: { errcode: 42001, errmsg: 'access_token expired' },
} as const;

export async function startWechatJsapiFake(options: { delayMs?: number } = {}): Promise<WechatJsapiFake> {
  const appId = 'wx1234567890abcdef';
  const appSecret = randomBytes(16).toString('hex');
  const live = new Set<string>();
  const scripted: Record<'token' | 'ticket', FakeTrouble[]> = { token: [], ticket: [] };
  const hanging = new Set<import('node:http').ServerResponse>();

  const fake: WechatJsapiFake = {
    url: '',
    appId,
    appSecret,
    calls: { token: 0, ticket: 0 },
    tickets: [],
    expiresIn: { token: 7200, ticket: 7200 },
    trouble(path, how, times = 1) {
      for (let i = 0; i < times; i++) scripted[path].push(how);
    },
    revokeTokens() {
      live.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const send = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json; encoding=utf-8' });
      res.end(JSON.stringify(body));
    };
    const answer = (path: 'token' | 'ticket', good: () => unknown) => {
      fake.calls[path]++;
      const trouble = scripted[path].shift();
      setTimeout(() => {
        if (trouble === 'hang') return void hanging.add(res);
        if (trouble && 'http' in trouble) return send({ message: 'upstream error' }, trouble.http);
        send(trouble ?? good());
      }, options.delayMs ?? 0);
    };

    if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
      return answer('token', () => {
        if (q.get('grant_type') !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' };
        if (q.get('appid') !== appId) return VENDOR_ERRORS.badAppId;
        // The vendor answers a wrong secret with 40001 (or 40125).
        if (q.get('secret') !== appSecret) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
        const token = `tok-${randomBytes(24).toString('base64url')}`;
        live.add(token);
        return { access_token: token, expires_in: fake.expiresIn.token };
      });
    }
    if (req.method === 'GET' && url.pathname === '/cgi-bin/ticket/getticket') {
      return answer('ticket', () => {
        if (!live.has(q.get('access_token') ?? '')) return VENDOR_ERRORS.badCredential;
        if (q.get('type') !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' };
        const ticket = `tkt-${randomBytes(32).toString('base64url')}`;
        fake.tickets.push(ticket);
        return { errcode: 0, errmsg: 'ok', ticket, expires_in: fake.expiresIn.ticket };
      });
    }
    send({ errcode: 40066, errmsg: 'invalid url' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
