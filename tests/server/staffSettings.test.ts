/** The settings staff own over HTTP: a config key changed within its range and
 * used at once (a visitor's pay time), refused outside it or for a key staff do not own, in
 * zh and en; a text sanitized when stored; only an admin; the audit keeps the old value. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE } from '../../server/seed/accounts.ts';
import type { StaffSettings } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { asAdmin } from './asAdmin.ts';

let t: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];

beforeAll(async () => {
  t = await makeApp();
  ({ token: admin, post } = await asAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

describe('the settings staff own', () => {
  it('a hold period changed is what the next order gets; out of range or not a staff key is refused', async () => {
    const settings = (await t.call<StaffSettings>('GET', '/staff/settings', { token: admin, lang: 'en' })).data;
    expect(settings.config.find((c) => c.key === 'person_pay_hold_period')).toEqual({
      key: 'person_pay_hold_period',
      label: 'Time to pay a visitor order (minutes)',
      value: '15',
    });
    expect((await post('/staff/settings/config', { key: 'person_pay_hold_period', value: '0' })).msg).toBe(
      '"Time to pay a visitor order (minutes)" must be a whole number from 1 to 120',
    );
    expect((await post('/staff/settings/config', { key: 'person_pay_hold_period', value: '1e2' }, 'zh')).msg).toBe(
      '“个人订单支付时限（分钟）”须为 1 到 120 之间的整数',
    );
    expect((await post('/staff/settings/config', { key: 'token_secret', value: '1' })).msg).toBe('This setting cannot be changed here');
    expect((await post('/staff/settings/config', { key: 'person_pay_hold_period', value: '20' })).code).toBe(200);
    const token = await t.tokenFor('13400000001');
    const hall = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
    const placed = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(
        OPEN_DAY,
        hall.hallId,
        hall.scheduleTicketPoolVOS[0].hallScheduleId,
        [{ name: '张三', birth: '1990-01-01', ticketPriceId: priceOf(hall, 'adult') }],
        await t.captchaToken(),
      ),
    });
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${placed.data.orderId}`, { token });
    expect(detail.data.payDeadline).toBe(t.now().getTime() + 20 * 60_000 + 2000);
    expect((await post('/staff/settings/config', { key: 'leader_free_per_charged', value: '' })).code).toBe(200);
    const [audit] = await t.db.query<{ detail: { from: string; to: string } }>(
      `SELECT detail FROM staff_audit WHERE subject = 'config:person_pay_hold_period' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.detail).toEqual({ from: '15', to: '20' });
  });

  it('a text is stored sanitized, and shown so to visitors; a gate account may not edit', async () => {
    const saved = await post('/staff/settings/text', {
      name: 'refund_alert',
      zh: '<p onclick="steal()">退款 <strong>7</strong> 日内到账</p><script>steal()</script><a href="javascript:steal()">x</a>',
      en: '<p>Refunds arrive within <strong>7</strong> days</p><img src=x onerror=steal()>',
    });
    expect(saved.data).toEqual({ zh: '<p>退款 <strong>7</strong> 日内到账</p><a>x</a>', en: '<p>Refunds arrive within <strong>7</strong> days</p>' });
    // Visitors' settings carry the text as stored.
    const shown = await t.call('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', { lang: 'en' });
    expect(shown.data.texts.refund_alert).toBe('<p>Refunds arrive within <strong>7</strong> days</p>');
    expect((await post('/staff/settings/text', { name: 'refund_alert', zh: '<script>x</script>', en: 'ok' })).msg).toBe(
      'Both the Chinese and the English text are needed',
    );
    expect((await post('/staff/settings/text', { name: 'no_such_text', zh: 'a', en: 'b' })).msg).toBe('No such text');
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    expect((await post('/staff/settings/text', { name: 'refund_alert', zh: 'a', en: 'b' }, 'en', gate)).code).toBe(403);
    expect((await t.call('GET', '/staff/settings', { token: gate })).code).toBe(403);
  });
});
