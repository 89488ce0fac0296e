/** The chat app's OAuth web login (WeChat "网页授权"): the authorize page the browser goes to,
 * the code exchanged for the visitor's openid, and, with the consent scope, her nickname and
 * avatar. Two implementations behind one interface, chosen by WECHAT_PROVIDER:
 * - `sim` (default): local pages that play the chat app (wechatOAuthSim.ts), its codes in the
 *   database so two instances agree;
 * - `wechat`: the vendor's documented endpoints, `${oauthUrl}/connect/oauth2/authorize` for the
 *   browser, `${apiUrl}/sns/oauth2/access_token` and `${apiUrl}/sns/userinfo` for the server.
 * Every vendor failure becomes a WechatOAuthError carrying a visitor's message (zh/en). */
import { randomBytes } from 'node:crypto';
import type { WechatConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Text } from '../../src/domain/text.ts';
import type { Clock } from '../time.ts';

export type OAuthScope = 'snsapi_base' | 'snsapi_userinfo';

/** What the code is worth: who the visitor is for this official account. */
export interface OAuthGrant {
  openid: string;
  unionid: string | null;
  accessToken: string;
  scope: string;
  /** The chat app's "snapshot page" mode: a virtual openid the visitor never consented to. */
  snapshot: boolean;
}

export interface OAuthProfile {
  nickname: string;
  avatarUrl: string | null;
  unionid: string | null;
}

export interface WechatOAuthProvider {
  name: 'sim' | 'wechat';
  appId: string;
  /** The chat app's authorize page (absolute, or a path of ours for the simulator). */
  authorizeUrl(p: { redirectUri: string; scope: OAuthScope; state: string; lang: 'zh' | 'en' }): string;
  exchange(code: string): Promise<OAuthGrant>;
  profile(grant: OAuthGrant): Promise<OAuthProfile>;
}

export const WECHAT_OAUTH_TEXTS = {
  invalidCode: { zh: '微信登录凭证无效，请重新进入', en: 'The WeChat login code is not valid; please open the page again' },
  usedCode: { zh: '微信登录凭证已使用，请重新进入', en: 'The WeChat login code was already used; please open the page again' },
  badApp: { zh: '场馆的微信公众号配置有误，请联系场馆', en: "The museum's WeChat account is misconfigured; please contact the museum" },
  busy: { zh: '微信系统繁忙，请稍后再试', en: 'WeChat is busy; please try again in a moment' },
  unreachable: { zh: '暂时无法连接微信，请稍后再试', en: 'WeChat cannot be reached right now; please try again later' },
  noConsent: { zh: '未获得微信授权，无法获取昵称和头像', en: 'WeChat did not grant access to your nickname and avatar' },
  snapshot: { zh: '请点击页面下方“使用完整服务”后再登录', en: 'Tap "Use full service" at the bottom of the page, then log in' },
  other: { zh: '微信登录失败（{code}），请稍后再试', en: 'WeChat login failed ({code}); please try again later' },
} satisfies Record<string, Text>;

export class WechatOAuthError extends Error {
  constructor(
    readonly text: Text,
    /** The vendor's errcode, or 'http 5xx' / 'timeout' / 'network'. */
    readonly vendorCode: string,
  ) {
    super(`wechat oauth: ${vendorCode}`);
  }
}

/** The vendor's documented errcodes, as the visitor should read them. */
export function vendorError(errcode: number | string, errmsg = ''): WechatOAuthError {
  const code = Number(errcode);
  const text =
    code === 40029
      ? WECHAT_OAUTH_TEXTS.invalidCode
      : code === 40163
        ? WECHAT_OAUTH_TEXTS.usedCode
        : code === 40013 || code === 40125 || code === 40164
          ? WECHAT_OAUTH_TEXTS.badApp
          : code === -1 || code === 45009
            ? WECHAT_OAUTH_TEXTS.busy
            : code === 48001 || code === 40003 || code === 42001
              ? WECHAT_OAUTH_TEXTS.noConsent
              : { zh: WECHAT_OAUTH_TEXTS.other.zh.replace('{code}', String(errcode)), en: WECHAT_OAUTH_TEXTS.other.en.replace('{code}', String(errcode)) };
  return new WechatOAuthError(text, `${errcode}${errmsg ? ` ${errmsg}` : ''}`);
}

/** The real adapter: the vendor's OAuth2 endpoints, with the app id and secret of the environment.
 * The browser waits on the callback while we call the vendor: 8 s at most, then a clear refusal. */
export function wechatOAuth(config: WechatConfig, options: { timeoutMs?: number } = {}): WechatOAuthProvider {
  const timeoutMs = options.timeoutMs ?? 8000;
  async function get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${config.apiUrl}${path}?${new URLSearchParams(params)}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new WechatOAuthError(WECHAT_OAUTH_TEXTS.unreachable, timeout ? 'timeout' : 'network');
    }
    if (response.status >= 500) throw new WechatOAuthError(WECHAT_OAUTH_TEXTS.unreachable, `http ${response.status}`);
    let body: Record<string, unknown>;
    try {
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      throw new WechatOAuthError(WECHAT_OAUTH_TEXTS.unreachable, `http ${response.status} not json`);
    }
    if (body.errcode !== undefined && Number(body.errcode) !== 0) throw vendorError(body.errcode as number, String(body.errmsg ?? ''));
    if (!response.ok) throw new WechatOAuthError(WECHAT_OAUTH_TEXTS.unreachable, `http ${response.status}`);
    return body;
  }
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

  return {
    name: 'wechat',
    appId: config.appId,
    authorizeUrl: ({ redirectUri, scope, state }) =>
      // The vendor reads the parameters in this order, and the fragment is required.
      `${config.oauthUrl}/connect/oauth2/authorize?appid=${encodeURIComponent(config.appId)}&redirect_uri=${encodeURIComponent(redirectUri)}` +
      `&response_type=code&scope=${scope}&state=${encodeURIComponent(state)}#wechat_redirect`,
    async exchange(code) {
      const body = await get('/sns/oauth2/access_token', { appid: config.appId, secret: config.appSecret, code, grant_type: 'authorization_code' });
      const openid = str(body.openid);
      const accessToken = str(body.access_token);
      if (!openid || !accessToken) throw new WechatOAuthError(WECHAT_OAUTH_TEXTS.unreachable, 'answer without openid');
      return { openid, accessToken, unionid: str(body.unionid), scope: str(body.scope) ?? '', snapshot: Number(body.is_snapshotuser) === 1 };
    },
    async profile(grant) {
      const body = await get('/sns/userinfo', { access_token: grant.accessToken, openid: grant.openid, lang: 'zh_CN' });
      return { nickname: str(body.nickname) ?? '', avatarUrl: str(body.headimgurl), unionid: str(body.unionid) ?? grant.unionid };
    },
  };
}

/** The simulator's test identities: who the local "chat app" knows from the start. */
export const SIM_IDENTITIES = [
  { openid: 'o_sim_lin', nickname: '林小满', color: '#07c160' },
  { openid: 'o_sim_chen', nickname: '陈一鸣', color: '#1677ff' },
  { openid: 'o_sim_ada', nickname: 'Ada Wong', color: '#fa8c16' },
] as const;

/** An avatar drawn as SVG (the simulator has no picture store): the nickname's first letter on a colour. */
export function simAvatar(nickname: string, color: string): string {
  const letter = [...nickname][0] ?? '?';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="48" fill="${color}"/>` +
    `<text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter.replace(/[&<>"']/g, '')}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const SIM_APP_ID = 'wxsim0000000000000';
export const SIM_CODE_TTL_MS = 5 * 60_000;
export const SIM_AUTHORIZE_PATH = '/prod-api/wx/sim/authorize';

export interface SimWechatOAuth extends WechatOAuthProvider {
  name: 'sim';
  /** The simulated chat app hands a code to `openid` (the pages call it after the choice). */
  issueCode(openid: string, scope: OAuthScope): Promise<string>;
  /** Makes sure the test identities exist; creates a new identity when asked. */
  ensureUsers(): Promise<void>;
  newUser(): Promise<string>;
}

/** The simulator: codes single-use, 5 minutes, in the database; errors with the vendor's codes. */
export function simWechatOAuth(db: Db, clock: Clock): SimWechatOAuth {
  return {
    name: 'sim',
    appId: SIM_APP_ID,
    authorizeUrl: ({ redirectUri, scope, state, lang }) =>
      `${SIM_AUTHORIZE_PATH}?${new URLSearchParams({ appid: SIM_APP_ID, redirect_uri: redirectUri, response_type: 'code', scope, state, lang })}`,
    async ensureUsers() {
      for (const s of SIM_IDENTITIES) {
        await db.query('INSERT INTO wechat_sim_users (openid, nickname, avatar, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (openid) DO NOTHING', [
          s.openid,
          s.nickname,
          simAvatar(s.nickname, s.color),
          clock(),
        ]);
      }
    },
    async newUser() {
      const suffix = randomBytes(2).toString('hex').toUpperCase();
      const openid = `o_sim_${randomBytes(9).toString('base64url')}`;
      await db.query('INSERT INTO wechat_sim_users (openid, nickname, avatar, created_at) VALUES ($1, $2, $3, $4)', [
        openid,
        `微信用户${suffix}`,
        simAvatar('新', '#8c6cf2'),
        clock(),
      ]);
      return openid;
    },
    async issueCode(openid, scope) {
      const code = randomBytes(16).toString('base64url');
      await db.query('INSERT INTO wechat_sim_codes (code, openid, scope, expires_at) VALUES ($1, $2, $3, $4)', [
        code,
        openid,
        scope,
        new Date(clock().getTime() + SIM_CODE_TTL_MS),
      ]);
      return code;
    },
    async exchange(code) {
      const now = clock();
      const token = randomBytes(24).toString('base64url');
      const [spent] = await db.query<{ openid: string; scope: string }>(
        `UPDATE wechat_sim_codes SET used_at = $2, access_token = $3 WHERE code = $1 AND used_at IS NULL AND expires_at > $2 RETURNING openid, scope`,
        [code, now, token],
      );
      if (spent) return { openid: spent.openid, accessToken: token, unionid: null, scope: spent.scope, snapshot: false };
      const [known] = await db.query<{ used_at: Date | null }>('SELECT used_at FROM wechat_sim_codes WHERE code = $1', [code]);
      throw vendorError(known?.used_at ? 40163 : 40029, known?.used_at ? 'code been used' : 'invalid code');
    },
    async profile(grant) {
      const [row] = await db.query<{ nickname: string; avatar: string; scope: string }>(
        `SELECT u.nickname, u.avatar, c.scope FROM wechat_sim_codes c JOIN wechat_sim_users u ON u.openid = c.openid WHERE c.access_token = $1 AND c.openid = $2`,
        [grant.accessToken, grant.openid],
      );
      if (!row) throw vendorError(40001, 'invalid credential, access_token is invalid');
      if (row.scope !== 'snsapi_userinfo') throw vendorError(48001, 'api unauthorized');
      return { nickname: row.nickname, avatarUrl: row.avatar, unionid: null };
    },
  };
}
