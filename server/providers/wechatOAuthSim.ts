/** The chat app's OAuth pages, played locally; mounted only when WECHAT_PROVIDER=sim. Like the
 * chat app, the silent scope (snsapi_base) redirects at once for the user this browser last
 * was (the chat app always knows its user; here a cookie of this page remembers the choice),
 * and the consent scope (snsapi_userinfo) asks first: Allow, or Refuse (then back without a
 * code, as the vendor does). Codes are single-use and live 5 minutes (wechatOAuth.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../src/domain/schemas.ts';
import { langFromHeader, type Lang } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import { OAUTH_CALLBACK_PATH } from '../services/wechatLogin.ts';
import { SIM_APP_ID, SIM_IDENTITIES, type OAuthScope, type SimWechatOAuth } from './wechatOAuth.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const COOKIE = 'wxsim_openid';

const T = {
  title: ['微信授权（模拟）', 'WeChat authorisation (simulator)'],
  asks: ['科技馆票务 申请获取以下权限', 'Museum tickets asks for'],
  profile: ['获得你的公开信息（昵称、头像）', 'Your public profile (nickname and avatar)'],
  who: ['以哪个微信用户身份继续？', 'Continue as which WeChat user?'],
  newOne: ['一个新身份', 'A new identity'],
  newHint: ['第一次使用本馆的微信用户', 'A WeChat user new to the museum'],
  allow: ['允许', 'Allow'],
  refuse: ['拒绝', 'Refuse'],
  next: ['继续', 'Continue'],
  note: ['这是本地的微信模拟器：没有真实的微信账号参与。', 'This is the local WeChat simulator: no real WeChat account is involved.'],
  badApp: ['appid 无效（40013）', 'Invalid appid (40013)'],
  badRedirect: ['redirect_uri 域名与后台配置不一致（10003）', 'redirect_uri does not match the configured domain (10003)'],
  badScope: ['scope 参数错误（10005）', 'Invalid scope (10005)'],
} as const;

// WeChat's look in colours that keep 4.5:1 contrast: the e2e checks this page too (docs/product.md §2.9).
const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:0;padding:20px 16px;background:#ededed;color:#222}
h1{font-size:17px;margin:0 0 16px;text-align:center;font-weight:600}.card{background:#fff;border-radius:10px;padding:16px;margin:0 0 16px}
.asks{font-size:16px;margin:0 0 8px}.scope{color:#666;font-size:14px;margin:0}.who{font-size:14px;color:#666;margin:0 0 8px}
label.id{display:flex;align-items:center;gap:12px;min-height:56px;padding:6px 4px;border-bottom:1px solid #f0f0f0;cursor:pointer}
label.id:last-child{border-bottom:0}label.id input{width:22px;height:22px;margin:0;accent-color:#067d3e;flex:none}
.avatar{width:40px;height:40px;border-radius:50%;flex:none}.avatar--new{background:#d9d9d9;color:#fff;display:flex;align-items:center;justify-content:center;font-size:24px}
.name{font-size:16px}.openid{display:block;color:#666;font-size:12px;overflow-wrap:anywhere}
button{display:block;width:100%;min-height:48px;border:0;border-radius:8px;font-size:17px;margin:12px 0}
.allow{background:#067d3e;color:#fff}.refuse{background:#fff;color:#067d3e;border:1px solid #d9d9d9}.err{color:#c62f2f}small{color:#5f5f5f;display:block;text-align:center}`;

function page(lang: Lang, body: string): string {
  const i = lang === 'en' ? 1 : 0;
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${T.title[i]}</title>
<style>${STYLE}</style></head><body><h1>${T.title[i]}</h1>${body}<small>${T.note[i]}</small></body></html>`;
}

function cookieOf(req: FastifyRequest): string | null {
  const match = (req.headers.cookie ?? '').match(new RegExp(`(?:^|; )${COOKIE}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : null;
}

export const wechatOAuthSim: FastifyPluginAsyncZod<{ deps: AppDeps; sim: SimWechatOAuth }> = async (app, { deps, sim }) => {
  /** The vendor only sends codes back to the official account's configured domain, to our callback. */
  const redirectFits = (req: FastifyRequest, value: string) => {
    try {
      const url = new URL(value);
      const host = deps.config.publicUrl ? new URL(deps.config.publicUrl).host : req.host;
      return url.host === host && url.pathname === OAUTH_CALLBACK_PATH && (url.protocol === 'http:' || url.protocol === 'https:');
    } catch {
      return false;
    }
  };
  const backTo = async (reply: FastifyReply, redirectUri: string, state: string, openid: string | null, scope: OAuthScope) => {
    const url = new URL(redirectUri);
    if (openid) url.searchParams.set('code', await sim.issueCode(openid, scope));
    url.searchParams.set('state', state);
    if (openid) reply.header('set-cookie', `${COOKIE}=${encodeURIComponent(openid)}; Path=/prod-api/wx/sim; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  };
  const known = async (openid: string | null) =>
    openid ? (await deps.db.query('SELECT 1 FROM wechat_sim_users WHERE openid = $1', [openid])).length > 0 : false;

  const authorizeQuery = z.object({
    appid: text().max(64),
    redirect_uri: text().max(1000),
    response_type: text().max(20).optional(),
    scope: text().max(40),
    state: text().max(128).optional(),
    lang: text().max(10).optional(),
  });
  app.get('/wx/sim/authorize', { config: { auth: 'none' }, schema: { querystring: authorizeQuery, hide: true } }, async (req, reply) => {
    const q = req.query;
    const lang = langFromHeader(q.lang ?? 'zh');
    const i = lang === 'en' ? 1 : 0;
    const html = (body: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(lang, body));
    if (q.appid !== SIM_APP_ID) return html(`<p class="err">${T.badApp[i]}</p>`);
    if (!redirectFits(req, q.redirect_uri)) return html(`<p class="err">${T.badRedirect[i]}</p>`);
    if (q.scope !== 'snsapi_base' && q.scope !== 'snsapi_userinfo') return html(`<p class="err">${T.badScope[i]}</p>`);
    const scope: OAuthScope = q.scope;
    const state = q.state ?? '';
    const last = cookieOf(req);
    // Silent: the chat app knows who is using it.
    if (scope === 'snsapi_base' && (await known(last))) return backTo(reply, q.redirect_uri, state, last, scope);

    await sim.ensureUsers();
    const users = await deps.db.query<{ openid: string; nickname: string; avatar: string }>(
      `SELECT openid, nickname, avatar FROM wechat_sim_users WHERE openid = ANY($1::text[]) OR openid = $2 ORDER BY created_at, openid`,
      [SIM_IDENTITIES.map((s) => s.openid), last ?? ''],
    );
    const chosen = users.some((u) => u.openid === last) ? last : users[0]?.openid;
    const choice = (value: string, inner: string) =>
      `<label class="id"><input type="radio" name="openid" value="${esc(value)}"${value === chosen ? ' checked' : ''}>${inner}</label>`;
    const list =
      users
        .map((u) =>
          choice(
            u.openid,
            `<img class="avatar" src="${esc(u.avatar)}" alt=""><span><span class="name">${esc(u.nickname)}</span><span class="openid">${esc(u.openid)}</span></span>`,
          ),
        )
        .join('') +
      choice(
        'new',
        `<span class="avatar avatar--new">+</span><span><span class="name">${T.newOne[i]}</span><span class="openid">${T.newHint[i]}</span></span>`,
      );
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
    const fields = hidden('redirect_uri', q.redirect_uri) + hidden('scope', scope) + hidden('state', state) + hidden('lang', lang);
    const consent = scope === 'snsapi_userinfo';
    const body =
      `<form method="post" action="/prod-api/wx/sim/decide">${fields}` +
      (consent ? `<div class="card"><p class="asks">${T.asks[i]}</p><p class="scope">· ${T.profile[i]}</p></div>` : '') +
      `<div class="card"><p class="who">${T.who[i]}</p>${list}</div>` +
      `<button class="allow" type="submit" name="decision" value="allow">${consent ? T.allow[i] : T.next[i]}</button>` +
      (consent ? `<button class="refuse" type="submit" name="decision" value="refuse">${T.refuse[i]}</button>` : '') +
      `</form>`;
    return html(body);
  });

  const decideBody = z.object({
    redirect_uri: text().max(1000),
    scope: z.enum(['snsapi_base', 'snsapi_userinfo']),
    state: text().max(128).default(''),
    lang: text().max(10).optional(),
    openid: text().max(64).optional(),
    decision: z.enum(['allow', 'refuse']),
  });
  app.post('/wx/sim/decide', { config: { auth: 'none' }, schema: { body: decideBody, hide: true } }, async (req, reply) => {
    const b = req.body;
    if (!redirectFits(req, b.redirect_uri)) return reply.code(400).type('text/plain; charset=utf-8').send(T.badRedirect[1]);
    if (b.decision === 'refuse') return backTo(reply, b.redirect_uri, b.state, null, b.scope);
    const openid = !b.openid || b.openid === 'new' || !(await known(b.openid)) ? await sim.newUser() : b.openid;
    return backTo(reply, b.redirect_uri, b.state, openid, b.scope);
  });
};
