/** A visitor's own account (docs/product.md §2 personalCenter, §7 accounts): her phone, her e-mail, and
 * account cancellation (immediate, deleting her personal data). What a cancellation would do
 * is counted by the server; whether it may happen is decided here, for the screen and the
 * server alike. */
import { checkEmail, FIELD_LABELS, required } from './fields.ts';
import { fill, type Text } from './text.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

/** What cancelling the account now would touch, counted by the server (cancelCustomerAccount;
 * its schema in answers.ts). */
export type CancelConsequences = z.output<typeof answers.cancelConsequences>;

export const ACCOUNT_TEXTS = {
  phoneTaken: { zh: '该手机号已绑定其他账户', en: 'This mobile number belongs to another account' },
  samePhone: { zh: '新手机号与当前手机号相同', en: 'The new number is the one you already use' },
  notYourPhone: { zh: '请输入本账户绑定的手机号', en: 'Please enter the mobile number of this account' },
  noEmail: { zh: '当前未绑定邮箱', en: 'No e-mail is bound to this account' },
  upcoming: {
    zh: '您有{n}张未使用的已支付门票，请先退票后再注销账户',
    en: 'You have {n} paid ticket(s) not yet used: refund them before cancelling the account',
  },
  standingBy: {
    zh: '您有{n}个候补中的订单，请先取消候补后再注销账户',
    en: 'You have {n} waiting-list order(s) standing by: cancel them before cancelling the account',
  },
  cancelled: { zh: '账户已注销', en: 'This account has been cancelled' },
  gone: { zh: '用户不存在，请重新登录', en: 'The user does not exist; please log in again' },
  blocked: {
    zh: '您的账户因多次预约未到馆被限制预约至{until}，期间不能注销',
    en: 'Your account cannot book until {until} for missed visits; it cannot be cancelled before then',
  },
} as const satisfies Record<string, Text>;

/** Why the account may not be cancelled now, or null. Paid tickets still to be used and paid
 * waiting-list orders hold the visitor's money: she gets it back by a refund first, under the
 * refund rules, rather than losing it with the account. */
export function cancelRefusal(c: CancelConsequences): Text | null {
  if (c.upcomingTickets > 0) return fill(ACCOUNT_TEXTS.upcoming, { n: c.upcomingTickets });
  if (c.standingBy > 0) return fill(ACCOUNT_TEXTS.standingBy, { n: c.standingBy });
  // A number registers afresh after a cancellation: cancelling must not clear a blacklist.
  if (c.blockedUntil !== null) return fill(ACCOUNT_TEXTS.blocked, { until: c.blockedUntil });
  return null;
}

/** The e-mail to bind: required, then its format. */
export function checkBindEmail(email: string): Text | null {
  return required(FIELD_LABELS.email, email.trim()) ?? checkEmail(email);
}
