/** The payment simulator's own pages, mounted only when PAYMENT_PROVIDER=sim: a cashier that
 * plays the payment platform. "Pay" sends our notify route a signed callback, exactly as the
 * platform would (payNotify.ts); nothing here marks an order paid by itself. */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../src/domain/schemas.ts';
import { INDIVIDUAL_PATHS, pathTo, TEAM_PATHS } from '../../src/domain/paths.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { ORDER_TEXTS } from '../services/orderTexts.ts';
import { langFromHeader } from '../../src/domain/text.ts';
import { museumDateTime } from '../time.ts';
import { signNotify } from './payNotify.ts';
import type { SimPayment } from './payment.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (fen: number) => (fen / 100).toFixed(2);

const T = {
  title: ['模拟收银台', 'Payment simulator'],
  order: ['订单号', 'Order number'],
  amount: ['金额', 'Amount'],
  deadline: ['请在此时间前支付', 'Pay before'],
  pay: ['确认支付', 'Pay'],
  failBtn: ['支付失败', 'Fail'],
  note: ['这是本地支付模拟器，不会产生真实扣款。', 'This is the local payment simulator; no real money moves.'],
  closed: ['订单已关闭或已支付', 'This order is closed or already paid'],
  missing: ['支付单不存在', 'Unknown payment'],
} as const;

// WeChat's look in colours that keep 4.5:1 contrast: the e2e checks this page too (docs/product.md §2.9).
const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:0;padding:24px 16px;background:#f5f6f8;color:#222}
h1{font-size:20px;margin:0 0 16px}dl{background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 20px}
dt{color:#666;font-size:13px;margin-top:8px}dd{margin:2px 0 0;font-size:16px;overflow-wrap:anywhere}.amount{font-size:28px;color:#c62f2f;font-weight:600}
button{display:block;width:100%;min-height:48px;border:0;border-radius:24px;font-size:17px;margin:12px 0}
.pay{background:#067d3e;color:#fff}.fail{background:#fff;color:#c62f2f;border:1px solid #c62f2f}.err{color:#c62f2f}
small{color:#666}`;

export const payCashierSim: FastifyPluginAsyncZod<{ deps: AppDeps; sim: SimPayment }> = async (app, { deps, sim }) => {
  const cashierQuery = z.object({ payId: text().min(1).max(100), lang: text().max(10).optional() });
  app.get('/pay/sim/cashier', { config: { auth: 'none' }, schema: { querystring: cashierQuery } }, async (req, reply) => {
    const { payId, lang: langParam } = req.query;
    const lang = langFromHeader(langParam ?? 'zh');
    const i = lang === 'en' ? 1 : 0;
    const [row] = await deps.db.query<{ order_number: string; amount: number; status: string; pay_deadline: Date | null; pay_status: string }>(
      `SELECT o.order_number, o.amount, o.status, o.pay_deadline, p.status AS pay_status
       FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.pay_id = $1`,
      [payId],
    );
    let body: string;
    if (!row) body = `<p class="err">${T.missing[i]}</p>`;
    else if (row.status !== 'toBePaid' || row.pay_status !== 'created') {
      body = `<p class="err">${T.closed[i]}</p><p>${T.order[i]}: ${esc(row.order_number)}</p>`;
    } else {
      const form = (result: string, label: string, cls: string) =>
        `<form method="post" action="/prod-api/pay/sim/submit"><input type="hidden" name="payId" value="${esc(payId)}">` +
        `<input type="hidden" name="result" value="${result}"><input type="hidden" name="lang" value="${lang}">` +
        `<button class="${cls}" type="submit">${label}</button></form>`;
      body =
        `<dl><dt>${T.order[i]}</dt><dd>${esc(row.order_number)}</dd><dt>${T.amount[i]}</dt><dd class="amount">¥${yuan(row.amount)}</dd>` +
        (row.pay_deadline ? `<dt>${T.deadline[i]}</dt><dd>${museumDateTime(row.pay_deadline)}</dd>` : '') +
        `</dl>${form('pay', T.pay[i], 'pay')}${form('fail', T.failBtn[i], 'fail')}`;
    }
    const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${T.title[i]}</title>
<style>${STYLE}</style></head><body><h1>${T.title[i]}</h1>${body}<small>${T.note[i]}</small></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  const submitBody = z.object({ payId: text().min(1).max(100), result: z.enum(['pay', 'fail']), lang: text().max(10).optional() });
  app.post('/pay/sim/submit', { config: { auth: 'none' }, schema: { body: submitBody } }, async (req, reply) => {
    const { payId, result } = req.body;
    const [p] = await deps.db.query<{ order_id: number; amount: number; team: boolean }>(
      `SELECT p.order_id, p.amount, u.user_type = 2 AS team FROM payments p JOIN orders o ON o.id = p.order_id JOIN users u ON u.id = o.user_id WHERE p.pay_id = $1`,
      [payId],
    );
    if (!p) throw fail(ORDER_TEXTS.orderNotFound);
    // Back to the payer's own area: a team's orders live under /team.
    const area = p.team ? TEAM_PATHS : INDIVIDUAL_PATHS;
    const failed = pathTo(area.payOrder, { id: p.order_id }, { payFailed: 1 });
    if (result === 'fail') {
      await deps.db.query(`UPDATE payments SET status = 'failed' WHERE pay_id = $1 AND status = 'created'`, [payId]);
      return reply.redirect(failed, 302);
    }
    // The platform charged the payer: it tells the merchant through the signed notify callback.
    const notify = signNotify(
      sim.platform,
      {
        out_trade_no: payId,
        transaction_id: `sim${randomBytes(12).toString('hex')}`,
        trade_state: 'SUCCESS',
        amount: { total: p.amount, currency: 'CNY' },
      },
      deps.clock(),
    );
    const answer = await app.inject({ method: 'POST', url: '/prod-api/pay/notify', headers: notify.headers, payload: notify.body });
    const [after] = await deps.db.query<{ status: string }>('SELECT status FROM payments WHERE pay_id = $1', [payId]);
    const paid = answer.statusCode < 300 && after?.status === 'paid';
    return reply.redirect(paid ? pathTo(area.paySuccess, { id: p.order_id }) : failed, 302);
  });
};
