/** The risk policy (docs/product.md §4 "Purchase", §7 risk calls): when `risk_enable` is on, an account
 * that orders or holds too much today gets riskPolicy 0 and a prompt instead of stock. Every
 * limit is a configuration row (sys_config), not a constant here. */
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import { museumDate, museumInstant } from '../time.ts';
import { minutes } from './settings.ts';

/** The configuration rows of the policy, with the value used when a row is missing. */
export const RISK_CONFIG = {
  risk_enable: '1',
  /** Orders one account may place in a museum day. */
  risk_daily_orders: '5',
  /** Tickets one account may put in the cart in a museum day. */
  risk_daily_cart_tickets: '24',
  /** Tickets one account may hold in its cart at once. */
  person_cart_max_held_tickets: '8',
} as const;

export const RISK_TEXTS = {
  orders: {
    zh: '您今日下单次数过多，系统检测到异常，请明天再试或联系客服',
    en: 'Too many orders from your account today; please try again tomorrow or contact customer service',
  },
  cart: {
    zh: '您今日加入购物车的票过多，系统检测到异常，请明天再试或联系客服',
    en: 'Too many tickets put in your cart today; please try again tomorrow or contact customer service',
  },
  held: { zh: '购物车最多保留{n}张票，请先支付或删除部分票', en: 'Your cart can hold at most {n} tickets; please pay for or remove some first' },
} satisfies Record<string, Text>;

export type RiskAction = 'placeOrder' | 'shoppingCart';

export const riskEnabled = (config: Record<string, string>) => (config.risk_enable ?? RISK_CONFIG.risk_enable) === '1';
const limit = (config: Record<string, string>, key: keyof typeof RISK_CONFIG) => minutes(config, key, Number(RISK_CONFIG[key]));

export interface RiskAnswer {
  riskEnable: boolean;
  /** > 0 allowed; 0 refused with riskPrompt. */
  riskPolicy: number;
  riskPrompt: string | null;
}

/** The policy's answer for this account and action now (the caller holds the account's row lock).
 * `counted`: today's orders or cart lines as the caller already read them under that lock. */
export async function assessRisk(
  q: Queryable,
  config: Readonly<Record<string, string>>,
  userId: number,
  action: RiskAction,
  now: Date,
  lang: Lang,
  counted?: number,
): Promise<RiskAnswer> {
  if (!riskEnabled(config)) return { riskEnable: false, riskPolicy: 1, riskPrompt: null };
  const n = counted ?? (await countToday(q, userId, action, museumInstant(museumDate(now))));
  const max = limit(config, action === 'placeOrder' ? 'risk_daily_orders' : 'risk_daily_cart_tickets');
  if (n < max) return { riskEnable: true, riskPolicy: 1, riskPrompt: null };
  return { riskEnable: true, riskPolicy: 0, riskPrompt: (action === 'placeOrder' ? RISK_TEXTS.orders : RISK_TEXTS.cart)[lang] };
}

async function countToday(q: Queryable, userId: number, action: RiskAction, dayStart: Date): Promise<number> {
  const table = action === 'placeOrder' ? 'orders' : 'cart_lines';
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1 AND created_at >= $2`, [userId, dayStart]);
  return n;
}

/** Cart hoarding: the tickets an account holds at once, whatever the risk switch says. */
export async function refuseOverHeld(q: Queryable, config: Record<string, string>, userId: number, adding: number): Promise<void> {
  const max = limit(config, 'person_cart_max_held_tickets');
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM cart_lines WHERE user_id = $1 AND status = 'held'`, [userId]);
  if (n + adding > max) throw fail({ zh: RISK_TEXTS.held.zh.replace('{n}', String(max)), en: RISK_TEXTS.held.en.replace('{n}', String(max)) });
}
