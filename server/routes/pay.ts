/** Payment: POST /pay/create (ours; SPEC: "Payment call paths: not shown") and the local
 * cashier simulator pages under /pay/sim/ (no token: the payId is the capability). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';
import { account, parse } from './kit.ts';
import { createPayment, markPaid, ORDER_TEXTS } from '../services/orders.ts';
import { langFromHeader } from '../../src/domain/text.ts';
import { museumDateTime } from '../time.ts';

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

export const payRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const createBody = z.object({ orderId: z.coerce.number().int().positive() });
  app.post('/pay/create', { config: { auth: 'individual' } }, async (req) => {
    const { orderId } = parse(createBody, req.body);
    const { payId } = await createPayment(deps, account(req).userId, orderId);
    return ok(req, { payUrl: deps.providers.payment.payUrl(payId, langOf(req)) });
  });

  const cashierQuery = z.object({ payId: z.string().min(1).max(100), lang: z.string().max(10).optional() });
  app.get('/pay/sim/cashier', async (req, reply) => {
    const { payId, lang: langParam } = parse(cashierQuery, req.query);
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
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;background:#f5f6f8;color:#222}
h1{font-size:20px;margin:0 0 16px}dl{background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 20px}
dt{color:#888;font-size:13px;margin-top:8px}dd{margin:2px 0 0;font-size:16px;word-break:break-all}.amount{font-size:28px;color:#e4393c;font-weight:600}
button{display:block;width:100%;min-height:48px;border:0;border-radius:24px;font-size:17px;margin:12px 0}
.pay{background:#07c160;color:#fff}.fail{background:#fff;color:#e4393c;border:1px solid #e4393c}.err{color:#e4393c}
small{color:#999}</style></head><body><h1>${T.title[i]}</h1>${body}<small>${T.note[i]}</small></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  const submitBody = z.object({ payId: z.string().min(1).max(100), result: z.enum(['pay', 'fail']), lang: z.string().max(10).optional() });
  app.post('/pay/sim/submit', async (req, reply) => {
    const { payId, result } = parse(submitBody, req.body);
    const [p] = await deps.db.query<{ order_id: number; amount: number }>('SELECT order_id, amount FROM payments WHERE pay_id = $1', [payId]);
    if (!p) throw fail(ORDER_TEXTS.orderNotFound);
    if (result === 'fail') {
      await deps.db.query(`UPDATE payments SET status = 'failed' WHERE pay_id = $1 AND status = 'created'`, [payId]);
      return reply.redirect(`/individualCustomers/order/payOrder/${p.order_id}?payFailed=1`, 302);
    }
    // The simulator plays the payment platform: it calls our notify handler with the amount it charged.
    const { orderId, paid } = await markPaid(deps, payId, p.amount);
    return reply.redirect(
      paid ? `/individualCustomers/order/paySuccess/${orderId}` : `/individualCustomers/order/payOrder/${orderId}?payFailed=1`,
      302,
    );
  });

  /** The notify callback as the payment platform would call it (JSON { payId, amount }). */
  const notifyBody = z.object({ payId: z.string().min(1).max(100), amount: z.coerce.number().int().min(0) });
  app.post('/pay/sim/notify', async (req) => {
    const { payId, amount } = parse(notifyBody, req.body);
    return ok(req, await markPaid(deps, payId, amount));
  });
};
