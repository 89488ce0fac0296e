/** The message board (docs/product.md §2 message/*, §3 Message). A visitor or a team (through the user
 * that owns its orders) leaves a message while `audience_message_function` is on; staff with
 * the `reply` ability answer in the console, and the writer gets a text message that a reply
 * is waiting. Paths are ours (docs/product.md §7 shows none). */
import type { z } from 'zod';
import type { messageBody, pageQuery, staffMessagesQuery } from '../../src/domain/contracts.ts';
import { maskPhone } from '../../src/domain/certificates.ts';
import { checkMessage, checkReply, MESSAGE_TEXTS, MESSAGES_PER_DAY, serviceCode, tooManyMessages, type MessageServiceType } from '../../src/domain/message.ts';
import { fill } from '../../src/domain/text.ts';
import type { MessageDetail, MessageSummary, Page, StaffMessageDetail, StaffMessageSummary } from '../../src/domain/types.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { museumDate, museumDateTime, museumInstant } from '../time.ts';
import { audit } from './audit.ts';
import { getConfig } from './settings.ts';

interface MessageRow {
  id: number;
  service_type: MessageServiceType;
  description: string;
  contact_name: string;
  created_at: Date;
  replied_at: Date | null;
  phone: string | null;
  team_name: string | null;
}

/** A message with what the staff see of its writer (a team's name, a visitor's phone). */
const MESSAGE_SELECT = `SELECT m.*, u.phone, t.team_name FROM messages m JOIN users u ON u.id = m.user_id LEFT JOIN teams t ON t.user_id = m.user_id`;

const summaryOf = (r: MessageRow): MessageSummary => ({
  messageId: r.id,
  serviceCode: serviceCode(museumDate(r.created_at), r.id),
  serviceType: r.service_type,
  description: r.description,
  contactName: r.contact_name,
  createTime: museumDateTime(r.created_at),
  replyTime: r.replied_at ? museumDateTime(r.replied_at) : null,
});

const writerOf = (r: MessageRow) =>
  r.team_name !== null ? { writerKind: 'team' as const, writer: r.team_name } : { writerKind: 'visitor' as const, writer: maskPhone(r.phone ?? '') };

async function repliesOf(q: Queryable, messageId: number) {
  const rows = await q.query<{ id: number; body: string; created_at: Date }>(
    'SELECT id, body, created_at FROM message_replies WHERE message_id = $1 ORDER BY id',
    [messageId],
  );
  return rows.map((r) => ({ replyId: r.id, body: r.body, createTime: museumDateTime(r.created_at) }));
}

/** Leaves a message for the staff: the board must be open, the rules kept, and an account
 * leaves at most MESSAGES_PER_DAY a museum day (counted under a lock on the writer's row, so
 * two messages sent at once cannot both be the fifth). */
export async function addMessage(deps: AppDeps, userId: number, body: z.output<typeof messageBody>): Promise<MessageDetail> {
  const config = await getConfig(deps.db);
  if (config.audience_message_function !== '1') throw fail(MESSAGE_TEXTS.closed);
  const form = { serviceType: body.serviceType as MessageServiceType, description: body.description, contactName: body.contactName };
  const violation = checkMessage(form);
  if (violation) throw fail(violation);
  const now = deps.clock();
  const id = await deps.db.tx(async (q) => {
    await lockRows(q, 'users', { id: userId }, ['id']);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND created_at >= $2', [
      userId,
      museumInstant(museumDate(now)),
    ]);
    if (n >= MESSAGES_PER_DAY) throw fail(tooManyMessages());
    const [row] = await q.query<{ id: number }>(
      'INSERT INTO messages (user_id, service_type, description, contact_name, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [userId, form.serviceType, form.description.trim(), form.contactName.trim(), now],
    );
    return row.id;
  });
  return getMessage(deps, userId, id);
}

/** The writer's messages, newest first. */
export async function listMessages(deps: AppDeps, userId: number, query: z.output<typeof pageQuery>): Promise<Page<MessageSummary>> {
  const { pageNum, pageSize } = query;
  const rows = await deps.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`, [
    userId,
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  const [{ n }] = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE user_id = $1', [userId]);
  return { rows: rows.map(summaryOf), total: n };
}

/** One of the writer's messages with its replies; another account's is "does not exist". */
export async function getMessage(deps: AppDeps, userId: number, id: number): Promise<MessageDetail> {
  const [r] = await deps.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1 AND m.user_id = $2`, [id, userId]);
  if (!r) throw fail(MESSAGE_TEXTS.notFound);
  return { ...summaryOf(r), replies: await repliesOf(deps.db, r.id) };
}

/** The staff's queue: messages waiting for a reply (oldest first, the next to answer on top),
 * or replied ones (latest reply first). */
export async function staffMessages(deps: AppDeps, query: z.output<typeof staffMessagesQuery>): Promise<Page<StaffMessageSummary>> {
  const { pageNum, pageSize, state } = query;
  const where = state === 'waiting' ? 'm.replied_at IS NULL' : 'm.replied_at IS NOT NULL';
  const order = state === 'waiting' ? 'm.created_at, m.id' : 'm.replied_at DESC, m.id DESC';
  const rows = await deps.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`, [pageSize, (pageNum - 1) * pageSize]);
  const [{ n }] = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${where}`);
  return { rows: rows.map((r) => ({ ...summaryOf(r), ...writerOf(r) })), total: n };
}

export async function staffMessage(deps: AppDeps, id: number): Promise<StaffMessageDetail> {
  const [r] = await deps.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [id]);
  if (!r) throw fail(MESSAGE_TEXTS.notFound);
  return { ...summaryOf(r), ...writerOf(r), replies: await repliesOf(deps.db, r.id) };
}

/** A staff reply, with its audit entry, and a text to the writer (a visitor's phone, a team's
 * contact mobile) sent after the commit (sms_notices). A thread may take more replies. */
export async function replyToMessage(deps: AppDeps, staffId: number, id: number, body: string): Promise<StaffMessageDetail> {
  const violation = checkReply(body);
  if (violation) throw fail(violation);
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const [m] = await q.query<{ id: number; created_at: Date; phone: string | null; contact_phone: string | null }>(
      `SELECT m.id, m.created_at, u.phone, t.contact_phone FROM messages m JOIN users u ON u.id = m.user_id
         LEFT JOIN teams t ON t.user_id = m.user_id WHERE m.id = $1 FOR UPDATE OF m`, // not lockRows: read with its writer's contact (a join)
      [id],
    );
    if (!m) throw fail(MESSAGE_TEXTS.notFound);
    const [reply] = await q.query<{ id: number }>('INSERT INTO message_replies (message_id, staff_id, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [
      id,
      staffId,
      body.trim(),
      now,
    ]);
    await q.query('UPDATE messages SET replied_at = coalesce(replied_at, $2) WHERE id = $1', [id, now]);
    const phone = m.contact_phone ?? m.phone;
    if (phone) {
      const code = serviceCode(museumDate(m.created_at), m.id);
      await q.query('INSERT INTO sms_notices (phone, text, created_at) VALUES ($1, $2, $3)', [phone, fill(MESSAGE_TEXTS.replySms, { code }).zh, now]);
    }
    await audit(q, staffId, 'message.reply', `message:${id}`, { replyId: reply.id }, now);
  });
  return staffMessage(deps, id);
}
