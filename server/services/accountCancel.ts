/** Account cancellation (docs/product.md §1 "cancel the personal account (immediate, deletes data)", §7
 * cancelCustomerAccount): first what it would do, counted here; then, confirmed by a code sent
 * to the account's own phone, in ONE transaction: unpaid orders cancelled and their stock
 * released, cart holds released (both through stock.ts), frequent visitors and face photos deleted, message
 * board texts and contact names blanked, every visitor's name and certificate on the account's
 * tickets and cart lines blanked, the phone and e-mail removed, the account marked cancelled
 * (every token of it refused from then on, server/app.ts), and the cancellation audited.
 * Kept for accounting: the orders, tickets (hall, session, price, status), payments, refunds
 * and invoices (an invoice is the museum's fiscal record, issued ones never change).
 * Refused while the account still holds the visitor's money in a paid ticket to come or a
 * waiting-list order standing by (src/domain/account.ts cancelRefusal). */
import type { z } from 'zod';
import { ACCOUNT_TEXTS, cancelRefusal, type CancelConsequences } from '../../src/domain/account.ts';
import type { phoneCodeBody } from '../../src/domain/contracts.ts';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import type { AccountCancelled } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { accountAudit } from './accountAudit.ts';
import { blockFacts } from './blacklist.ts';
import { cancelUnpaidIn } from './cancel.ts';
import { emptyCartIn } from './cart.ts';
import { checkedCode } from './login.ts';
import { deleteFacesOf } from './faces.ts';

/** What cancelling now would touch (read only). */
export async function cancelConsequences(q: Queryable, userId: number, now: Date): Promise<CancelConsequences> {
  const [c] = await q.query<Omit<CancelConsequences, 'blockedUntil'>>(
    `SELECT
       (SELECT count(*)::int FROM tickets t JOIN orders o ON o.id = t.order_id JOIN hall_schedule s ON s.id = COALESCE(t.schedule_id, o.schedule_id)
         WHERE o.user_id = $1 AND t.status IN ('toBeChecked', 'reserved') AND s.visit_date >= $2) AS "upcomingTickets",
       (SELECT count(*)::int FROM orders WHERE user_id = $1 AND status = 'standingBy') AS "standingBy",
       (SELECT count(*)::int FROM orders WHERE user_id = $1 AND status = 'toBePaid') AS "unpaidOrders",
       (SELECT count(*)::int FROM cart_lines WHERE user_id = $1 AND status = 'held') AS "cartHeld",
       (SELECT count(*)::int FROM contacts WHERE user_id = $1) AS "contacts",
       (SELECT count(*)::int FROM messages WHERE user_id = $1) AS "messages",
       (SELECT count(*)::int FROM orders WHERE user_id = $1 AND pay_time IS NOT NULL) AS "keptOrders"`,
    [userId, museumDate(now)],
  );
  const block = await blockFacts(q, userId, now);
  return { ...c, blockedUntil: block.blacklisted ? block.until : null };
}

/** cancelCustomerAccount (GET): the consequences for the visitor to read first. */
export async function accountConsequences(deps: AppDeps, userId: number): Promise<CancelConsequences> {
  return cancelConsequences(deps.db, userId, deps.clock());
}

/** cancelCustomerAccount (POST): the visitor's own phone and the code sent to it. */
export async function cancelAccount(deps: AppDeps, userId: number, input: z.output<typeof phoneCodeBody>, ip: string): Promise<AccountCancelled> {
  const phone = input.phone.trim();
  const bad = checkPhone(phone) ?? checkCode(input.code);
  if (bad) throw fail(bad);
  const [me] = await deps.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1 AND cancelled_at IS NULL', [userId]);
  if (!me) throw fail(ACCOUNT_TEXTS.gone, 401);
  if (me.phone !== phone) throw fail(ACCOUNT_TEXTS.notYourPhone);
  // Refused before the code is spent; checked again in the transaction.
  const early = cancelRefusal(await cancelConsequences(deps.db, userId, deps.clock()));
  if (early) throw fail(early);
  return checkedCode(deps, phone, input.code, ip, async (q, now) => {
    const [locked] = await lockRows(q, 'users', { id: userId, cancelled_at: null }, ['id']);
    if (!locked) throw fail(ACCOUNT_TEXTS.gone, 401);
    const counts = await cancelConsequences(q, userId, now);
    const refused = cancelRefusal(counts);
    if (refused) throw fail(refused);

    const unpaid = await lockRows(q, 'orders', { user_id: userId, status: 'toBePaid' }, ['id']);
    // Her cart before her orders' tickets and sessions (docs/architecture.md §9): emptyCartIn below
    // gives it back after the orders', as a call-off locks a session's holds before its row.
    await lockRows(q, 'cart_lines', { user_id: userId, status: ['held', 'expired'] }, ['id']);
    for (const o of unpaid) await cancelUnpaidIn(q, o.id, now);
    await emptyCartIn(q, userId, now);

    // Personal data: names and certificates on what accounting keeps, the rest deleted.
    await q.query(`UPDATE cart_lines SET user_name = '', certificate_info = '' WHERE user_id = $1`, [userId]);
    await q.query(`UPDATE tickets SET user_name = '', certificate_info = '' WHERE order_id IN (SELECT id FROM orders WHERE user_id = $1)`, [userId]);
    await q.query('DELETE FROM contacts WHERE user_id = $1', [userId]);
    // The chat app's identity: it would log the cancelled account in again.
    await q.query('DELETE FROM wechat_identities WHERE user_id = $1', [userId]);
    await deleteFacesOf(q, userId);
    await q.query(`UPDATE messages SET contact_name = '', description = '' WHERE user_id = $1`, [userId]);
    // A rating's stars stay in the museum's averages; its comment is her own words.
    await q.query(`UPDATE ratings SET comment = '' WHERE user_id = $1`, [userId]);
    await q.query('DELETE FROM sms_notices WHERE phone = $1', [phone]);
    await q.query('UPDATE account_audit SET detail = NULL WHERE user_id = $1', [userId]);
    await q.query(`UPDATE users SET phone = NULL, email = NULL, user_name = '', cancelled_at = $2 WHERE id = $1`, [userId, now]);
    await accountAudit(q, userId, 'cancel', { ...counts }, now);
    return { cancelled: counts };
  });
}
