/** A fake of the chat app's OAuth2 web authorization API (WeChat 网页授权), a real HTTP server on
 * 127.0.0.1, answering as the vendor documents it:
 * - GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&state#wechat_redirect:
 *   the browser's page; here the visitor `nextUser` consents at once (or `refuseNext` refuses:
 *   back without a code), redirected to redirect_uri?code=CODE&state=STATE;
 * - GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code:
 *   { access_token, expires_in: 7200, refresh_token, openid, scope, is_snapshotuser?, unionid? },
 *   or { errcode, errmsg }: 40013 invalid appid, 40125 invalid appsecret, 40029 invalid code,
 *   40163 code been used;
 * - GET /sns/userinfo?access_token&openid&lang=zh_CN: { openid, nickname, sex, province, city,
 *   country, headimgurl, privilege, unionid? }, or 40001 invalid credential, 48001 api
 *   unauthorized (a snsapi_base token).
 * `failNext` makes the next API call answer a system error (-1 busy), an HTTP 500, or hang. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface FakeWechatUser {
  openid: string;
  nickname: string;
  headimgurl: string;
  unionid?: string;
}

export interface WechatOAuthFake {
  url: string;
  appId: string;
  appSecret: string;
  /** Who consents on the next authorize page. */
  nextUser: FakeWechatUser;
  refuseNext: boolean;
  failNext: 'busy' | 'http500' | 'hang' | null;
  /** A code as the authorize page would hand it out. */
  issue(user: FakeWechatUser, scope: 'snsapi_base' | 'snsapi_userinfo'): string;
  /** Every API call received: path and query. */
  calls: Array<{ path: string; query: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startWechatOAuthFake(): Promise<WechatOAuthFake> {
  const codes = new Map<string, { user: FakeWechatUser; scope: string; used: boolean }>();
  const tokens = new Map<string, { user: FakeWechatUser; scope: string }>();
  const hanging: Array<() => void> = [];
  const fake: WechatOAuthFake = {
    url: '',
    appId: 'wx1234567890abcdef',
    appSecret: 'fake-secret-0123456789abcdef',
    nextUser: { openid: 'o_fake_1', nickname: '测试用户', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/fake/132' },
    refuseNext: false,
    failNext: null,
    calls: [],
    issue(user, scope) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, scope, used: false });
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging.splice(0).forEach((end) => end());
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = Object.fromEntries(url.searchParams);
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const err = (errcode: number, errmsg: string) => json({ errcode, errmsg: `${errmsg}, rid: ${randomBytes(4).toString('hex')}` });

    if (url.pathname === '/connect/oauth2/authorize') {
      if (q.appid !== fake.appId) return err(40013, 'invalid appid');
      const back = new URL(q.redirect_uri);
      if (!fake.refuseNext) back.searchParams.set('code', fake.issue(fake.nextUser, q.scope === 'snsapi_userinfo' ? 'snsapi_userinfo' : 'snsapi_base'));
      fake.refuseNext = false;
      back.searchParams.set('state', q.state ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    fake.calls.push({ path: url.pathname, query: q });
    const failure = fake.failNext;
    fake.failNext = null;
    if (failure === 'busy') return err(-1, 'system error');
    if (failure === 'http500') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>502 Bad Gateway</html>');
    }
    if (failure === 'hang') return void hanging.push(() => res.destroy());

    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.appid !== fake.appId) return err(40013, 'invalid appid');
      if (q.secret !== fake.appSecret) return err(40125, 'invalid appsecret');
      if (q.grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
      const entry = codes.get(q.code ?? '');
      if (!entry) return err(40029, 'invalid code');
      if (entry.used) return err(40163, 'code been used');
      entry.used = true;
      const token = randomBytes(24).toString('hex');
      tokens.set(token, { user: entry.user, scope: entry.scope });
      return json({
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid: entry.user.openid,
        scope: entry.scope,
        ...(entry.user.unionid ? { unionid: entry.user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const grant = tokens.get(q.access_token ?? '');
      if (!grant || grant.user.openid !== q.openid) return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (grant.scope !== 'snsapi_userinfo') return err(48001, 'api unauthorized');
      const u = grant.user;
      return json({
        openid: u.openid,
        nickname: u.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: u.headimgurl,
        privilege: [],
        ...(u.unionid ? { unionid: u.unionid } : {}),
      });
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return fake;
}
