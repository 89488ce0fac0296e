/** The chat app's JS-SDK config (GET /ingore/getWxJsConfig): the vendor's documented signature,
 * only our own pages signed, the simulator's ticket, and the real adapter against a fake of the
 * vendor's API: token and ticket fetched once however many ask (one instance or two on one
 * database), refreshed when they expire, a refused token replaced once, and every vendor failure
 * a clear refusal that does not hammer the vendor. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { defaultConfig } from '../../server/context.ts';
import { simWechatOAuth } from '../../server/providers/wechatOAuth.ts';
import { simPayment } from '../../server/providers/payment.ts';
import { consoleSms } from '../../server/providers/sms.ts';
import { localFace } from '../../server/providers/face.ts';
import { noOcr } from '../../server/providers/ocr.ts';
import { jsapiSignature, SIM_APP_ID, wechatJsapi } from '../../server/providers/wechatJsapi.ts';
import { JS_CONFIGS_PER_MINUTE } from '../../server/services/wechatJsConfig.ts';
import type { WechatConfig } from '../../server/config.ts';
import { startWechatJsapiFake, VENDOR_ERRORS, type WechatJsapiFake } from '../fakes/wechatJsapiFake.ts';
import { makeApp, type Envelope, type TestApp } from './helpers.ts';

const PAGE = 'http://localhost/individualCustomers/select/selectDate';

/** The signature the chat app expects for `config` on `url`, made with `ticket`. */
const expected = (ticket: string, config: { nonceStr: string; timestamp: number }, url: string) =>
  jsapiSignature({ ticket, nonceStr: config.nonceStr, timestamp: config.timestamp, url });

const ask = (t: TestApp, url: string, opts: { lang?: 'zh' | 'en'; ip?: string; headers?: Record<string, string> } = {}) =>
  t.call('GET', `/ingore/getWxJsConfig?url=${encodeURIComponent(url)}`, opts);

describe('the JS-SDK signature', () => {
  it("matches the vendor's documented example (appendix 1)", () => {
    const example = {
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    };
    expect(jsapiSignature(example)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    // The #fragment is not part of the signed URL.
    expect(jsapiSignature({ ...example, url: `${example.url}#/page` })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('getWxJsConfig on the simulator', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it("signs one of our pages with the simulator's ticket, the same ticket for every page until it expires", async () => {
    const url = `${PAGE}?date=2026-05-01#top`;
    const r = await ask(t, url);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.appId).toBe(SIM_APP_ID);
    expect(r.data.timestamp).toBe(Math.floor(t.now().getTime() / 1000));
    expect(r.data.nonceStr).toMatch(/^[\w-]{16}$/);
    const { ticket } = (await t.call('GET', '/dev/wx/jsapiTicket')).data;
    expect(r.data.signature).toBe(expected(ticket, r.data, `${PAGE}?date=2026-05-01`));
    const again = await ask(t, 'http://localhost/repOrder/abcdefgh12345678');
    expect(again.data.nonceStr).not.toBe(r.data.nonceStr);
    expect(again.data.signature).toBe(expected(ticket, again.data, 'http://localhost/repOrder/abcdefgh12345678'));

    t.advance(7200 * 1000);
    const rolled = (await t.call('GET', '/dev/wx/jsapiTicket')).data.ticket;
    expect(rolled).not.toBe(ticket);
  });

  it('refuses to sign another site, a script URL, nonsense and credentials in the URL, in zh and en', async () => {
    for (const url of ['https://evil.example/page', 'http://localhost.evil.example/', 'javascript:alert(1)', 'not a url', 'http://user:pw@localhost/']) {
      const zh = await ask(t, url);
      expect(zh, url).toMatchObject({ code: 500, msg: '只能为本站页面生成微信配置', data: null });
      const en = await ask(t, url, { lang: 'en' });
      expect(en.msg).toBe("Only this site's pages can be configured for the chat app");
    }
    expect((await t.call('GET', '/ingore/getWxJsConfig')).msg).toBe('请求参数有误：url');
  });

  it('without PUBLIC_URL, signs for a Host of ALLOWED_HOSTS only: another is refused, nothing signed for it', async () => {
    const evil = { headers: { host: 'evil.example' } };
    expect(await ask(t, 'http://evil.example/page', { ...evil, lang: 'en' })).toMatchObject({
      code: 500,
      msg: "This address is not one of this site's; please open the site at its own address",
      data: null,
    });
    expect((await ask(t, 'http://evil.example/page', evil)).msg).toBe('该访问地址不属于本站，请通过本站网址访问');
    expect((await ask(t, 'http://localhost:8080/page', { headers: { host: 'localhost:8080' } })).code).toBe(200);
    expect((await ask(t, PAGE)).code).toBe(200);
    // A name with a port allows that port only.
    const lan = await makeApp({ allowedHosts: ['tickets.lan:8080'] });
    try {
      expect((await ask(lan, 'http://tickets.lan:8080/page', { headers: { host: 'tickets.lan:8080' } })).code).toBe(200);
      expect((await ask(lan, 'http://tickets.lan:9090/page', { headers: { host: 'tickets.lan:9090' } })).code).toBe(500);
      expect((await ask(lan, PAGE)).code).toBe(500);
    } finally {
      await lan.close();
    }
  });

  it("with PUBLIC_URL signs only PUBLIC_URL's pages, whatever host the request names", async () => {
    const pub = await makeApp({ publicUrl: 'https://tickets.museum.example' });
    try {
      expect((await ask(pub, PAGE)).code).toBe(500);
      const r = await ask(pub, 'https://tickets.museum.example/individualCustomers/select/selectDate');
      expect(r.code, r.msg).toBe(200);
    } finally {
      await pub.close();
    }
  });

  it('limits one address to its signatures a minute; other addresses go on', async () => {
    for (let i = 0; i < JS_CONFIGS_PER_MINUTE; i++) expect((await ask(t, PAGE, { ip: '198.51.100.1' })).code).toBe(200);
    const refused = await ask(t, PAGE, { ip: '198.51.100.1', lang: 'en' });
    expect(refused).toMatchObject({ code: 500, msg: 'Too many requests; please try again later' });
    expect((await ask(t, PAGE, { ip: '198.51.100.2' })).code).toBe(200);
    t.advance(61_000);
    expect((await ask(t, PAGE, { ip: '198.51.100.1' })).code).toBe(200);
  });
});

describe('getWxJsConfig on the vendor (a local fake of its API)', () => {
  let fake: WechatJsapiFake;
  let t: TestApp;
  let wechat: WechatConfig;
  // Generous: an answer of the fake never loses a race with a busy machine. The vendor that does
  // not answer at all is met with a short one (its case below): it waits for nothing else.
  const timeoutMs = 10_000;
  const hangTimeoutMs = 300;
  /** What the adapter told the operator. */
  let logged: string[] = [];
  const log = (line: string) => logged.push(line);

  beforeAll(async () => {
    fake = await startWechatJsapiFake({ delayMs: 30 });
    wechat = { appId: fake.appId, appSecret: fake.appSecret, oauthUrl: fake.url, apiUrl: fake.url };
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.calls.token = 0;
    fake.calls.ticket = 0;
    fake.expiresIn.token = 7200;
    fake.expiresIn.ticket = 7200;
    logged = [];
    t = await makeApp({}, { wechat: { config: wechat, timeoutMs, log } });
  });
  afterEach(async () => {
    await t.close();
  });

  const latestTicket = () => fake.tickets[fake.tickets.length - 1];

  it("50 requests on a cold cache make one token call and one ticket call, all signed with the vendor's ticket", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(t, `${PAGE}?n=${i}`)));
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
    for (const [i, r] of answers.entries()) {
      expect(r.code, r.msg).toBe(200);
      expect(r.data.appId).toBe(fake.appId);
      expect(r.data.signature).toBe(expected(latestTicket(), r.data, `${PAGE}?n=${i}`));
    }
    // Cached: later requests ask the vendor nothing.
    await ask(t, PAGE);
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
  });

  it('two app instances on one database share the token and the ticket, cold or warm', async () => {
    const b = await secondInstance(t, wechat, timeoutMs);
    try {
      const both = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? b.ask(PAGE) : ask(t, PAGE))));
      expect(both.every((r) => r.code === 200)).toBe(true);
      expect(fake.calls).toEqual({ token: 1, ticket: 1 });
      for (const r of both) expect(r.data.signature).toBe(expected(latestTicket(), r.data, PAGE));
      // Expired for both: one refresh between them.
      t.advance(7200 * 1000);
      b.advance(7200 * 1000);
      const after = await Promise.all([b.ask(PAGE), ask(t, PAGE), b.ask(PAGE), ask(t, PAGE)]);
      expect(after.every((r) => r.code === 200 && r.data.signature === expected(latestTicket(), r.data, PAGE))).toBe(true);
      expect(fake.calls).toEqual({ token: 2, ticket: 2 });
    } finally {
      await b.close();
    }
  });

  it('refreshes both shortly before they expire, not before', async () => {
    await ask(t, PAGE);
    const first = latestTicket();
    t.advance((7200 - 301) * 1000);
    expect((await ask(t, PAGE)).data.signature).toBeDefined();
    expect(fake.calls).toEqual({ token: 1, ticket: 1 });
    t.advance(2000);
    const r = await ask(t, PAGE);
    expect(fake.calls).toEqual({ token: 2, ticket: 2 });
    expect(latestTicket()).not.toBe(first);
    expect(r.data.signature).toBe(expected(latestTicket(), r.data, PAGE));
  });

  it('a token the vendor refuses (40001, 42001, 40014) is replaced once and the ticket asked again', async () => {
    fake.expiresIn.ticket = 1200; // the ticket expires long before the token
    await ask(t, PAGE);
    fake.revokeTokens(); // another system fetched a newer token
    t.advance(1200 * 1000);
    const r = await ask(t, PAGE);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.signature).toBe(expected(latestTicket(), r.data, PAGE));
    expect(fake.calls).toEqual({ token: 2, ticket: 3 });

    // 42001 from the vendor: the same, once; a second refusal of the new token is an error, not a loop.
    t.advance(1200 * 1000);
    fake.trouble('ticket', VENDOR_ERRORS.expiredToken);
    fake.trouble('ticket', VENDOR_ERRORS.expiredToken);
    const refused = await ask(t, PAGE, { lang: 'en' });
    expect(refused).toMatchObject({ code: 502, msg: 'Sharing in the chat app is unavailable right now; please try again later' });
    expect(fake.calls).toEqual({ token: 3, ticket: 5 });
  });

  const failures: Array<[string, 'token' | 'ticket', Parameters<WechatJsapiFake['trouble']>[1], number, string]> = [
    ['busy (-1)', 'token', VENDOR_ERRORS.busy, 15_000, 'errcode -1 system error (the vendor is busy'],
    ['the daily quota (45009)', 'ticket', VENDOR_ERRORS.quota, 600_000, 'daily quota for this call is used up'],
    ['an address not whitelisted (40164)', 'token', VENDOR_ERRORS.notWhitelisted, 15_000, "add it in the official account's settings"],
    ['a wrong app id (40013)', 'token', VENDOR_ERRORS.badAppId, 15_000, 'check WECHAT_APP_ID'],
    ['HTTP 503', 'ticket', { http: 503 }, 15_000, 'jsapi ticket: HTTP 503'],
    ['no answer (timeout)', 'token', 'hang', 15_000, 'access token: no answer within 300 ms'],
  ];
  for (const [what, path, how, backoff, told] of failures) {
    it(`${what}: a clear refusal in zh and en, the vendor not asked again for a while, then recovered`, async () => {
      if (how === 'hang') {
        await t.close();
        t = await makeApp({}, { wechat: { config: wechat, timeoutMs: hangTimeoutMs, log } });
      }
      fake.trouble(path, how);
      const zh = await Promise.all(Array.from({ length: 10 }, () => ask(t, PAGE)));
      for (const r of zh) expect(r).toMatchObject({ code: 502, msg: '微信分享暂不可用，请稍后再试', data: null });
      const asked = { ...fake.calls };
      expect(asked[path]).toBe(1);
      const en = await ask(t, PAGE, { lang: 'en' });
      expect(en.msg).toBe('Sharing in the chat app is unavailable right now; please try again later');
      expect(fake.calls).toEqual(asked);
      // One line for the operator, saying what to do.
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(told);

      t.advance(backoff - 2000);
      expect((await ask(t, PAGE)).code).toBe(502);
      expect(fake.calls).toEqual(asked);
      t.advance(3000);
      const r = await ask(t, PAGE);
      expect(r.code, r.msg).toBe(200);
      expect(r.data.signature).toBe(expected(latestTicket(), r.data, PAGE));
    });
  }

  it('a wrong secret is refused by the vendor and nothing is cached', async () => {
    const wrong = await makeApp({}, { wechat: { config: { ...wechat, appSecret: 'not-the-secret' }, timeoutMs, log } });
    try {
      expect((await ask(wrong, PAGE)).code).toBe(502);
      const rows = await wrong.db.query<{ name: string }>(`SELECT name FROM wechat_tokens WHERE name NOT LIKE 'failed:%'`);
      expect(rows).toEqual([]);
    } finally {
      await wrong.close();
    }
  });

  it('a second instance waiting on the refresh gives up with the same refusal, without asking the vendor itself', async () => {
    // Whichever instance wins the refresh tells the operator: one line between the two.
    const b = await secondInstance(t, wechat, timeoutMs, log);
    try {
      fake.trouble('token', VENDOR_ERRORS.busy);
      const answers = await Promise.all([ask(t, PAGE), b.ask(PAGE), ask(t, PAGE), b.ask(PAGE)]);
      expect(answers.map((r) => r.code)).toEqual([502, 502, 502, 502]);
      expect(fake.calls).toEqual({ token: 1, ticket: 0 });
      expect(logged).toHaveLength(1);
    } finally {
      await b.close();
    }
  });
});

/** A second app instance on `first`'s database with the vendor adapter of its own (its own
 * memory and lease holder): on PostgreSQL its own pool and clock; on PGlite (one process owns
 * the database) a second app in this process on the same database and clock. */
async function secondInstance(first: TestApp, wechat: WechatConfig, timeoutMs: number, log: (line: string) => void = () => undefined) {
  if (first.databaseUrl) {
    const b = await makeApp({}, { databaseUrl: first.databaseUrl, wechat: { config: wechat, timeoutMs, log } });
    return { ask: (url: string) => ask(b, url), advance: b.advance, close: b.close };
  }
  const app: FastifyInstance = await buildApp({
    db: first.db,
    clock: first.now,
    work: first.deps.work,
    providers: {
      sms: consoleSms(() => undefined),
      payment: await simPayment(first.db),
      face: localFace(),
      ocr: noOcr(),
      wechatJsapi: wechatJsapi(first.db, first.now, wechat, { timeoutMs, log }),
      wechatOAuth: simWechatOAuth(first.db, first.now),
    },
    config: defaultConfig(),
  });
  return {
    ask: async (url: string) =>
      (
        await app.inject({ method: 'GET', url: `/prod-api/ingore/getWxJsConfig?url=${encodeURIComponent(url)}`, headers: { language: 'zh_cn' } })
      ).json() as Envelope,
    // The clock is the first instance's.
    advance: () => undefined,
    close: () => app.close(),
  };
}
