/** Why an order was refused, as a metric's label: a bounded set of names, never the message's
 * words (a filled message carries a hall's name or a count). A broken rule's refusal says its
 * rule (BizError.reason); any other refusal of the order paths is one of their messages, named by
 * its key; busy and error are the database's and the server's faults. Anything else is `other`. */
import { BizError, MSG } from '../http.ts';
import { TransientDbError } from '../db/db.ts';
import type { Text } from '../../src/domain/text.ts';
import { ORDER_MESSAGES } from '../../src/domain/orderRules.ts';
import { GROUP_MESSAGES } from '../../src/domain/groupRules.ts';
import { SEAT_MESSAGES } from '../../src/domain/seats.ts';
import { COUPON_MESSAGES } from '../../src/domain/coupons.ts';
import { PACKAGE_MESSAGES } from '../../src/domain/packages.ts';
import { WAITING_LIST_MESSAGES } from '../../src/domain/waitingList.ts';
import { TEAM_BOOKING_BLOCKS } from '../../src/domain/team.ts';
import { ORDER_TEXTS } from '../services/orderTexts.ts';
import { GROUP_TEXTS } from '../services/groupOrders.ts';
import { GROUP_CART_TEXTS } from '../services/groupCart.ts';
import { CART_TEXTS } from '../services/cart.ts';
import { BLACKLIST_TEXTS } from '../services/blacklist.ts';
import { RISK_TEXTS } from '../services/risk.ts';
import { POOL_MESSAGES } from '../services/pool.ts';

/** The order paths' messages, in the order a name is looked for (the first table naming a
 * message names it). */
const TABLES: ReadonlyArray<Record<string, Text>> = [
  ORDER_TEXTS,
  ORDER_MESSAGES,
  GROUP_TEXTS,
  GROUP_MESSAGES,
  CART_TEXTS,
  GROUP_CART_TEXTS,
  SEAT_MESSAGES,
  COUPON_MESSAGES,
  PACKAGE_MESSAGES,
  WAITING_LIST_MESSAGES,
  TEAM_BOOKING_BLOCKS,
  BLACKLIST_TEXTS,
  RISK_TEXTS,
  POOL_MESSAGES,
  MSG,
];

/** A message itself, or one filled from it (`{n}` and the like): its English words as a pattern. */
const byText = new Map<Text, string>();
const byPattern: Array<[RegExp, string]> = [];
for (const table of TABLES) {
  for (const [name, text] of Object.entries(table)) {
    if (!byText.has(text)) byText.set(text, name);
    if (/\{\w+\}/.test(text.en)) {
      const words = text.en.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      byPattern.push([new RegExp(`^${words.join('.*?')}$`, 's'), name]);
    }
  }
}

export function refusalReason(error: unknown): string {
  if (error instanceof TransientDbError) return 'busy';
  if (!(error instanceof BizError)) return 'error';
  if (error.reason) return error.reason;
  const named = byText.get(error.text);
  if (named) return named;
  return byPattern.find(([pattern]) => pattern.test(error.text.en))?.[1] ?? 'other';
}
