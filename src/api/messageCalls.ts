/** The message board's calls (ours): a visitor's or a team's own messages (the area's token),
 * and the staff's queue and replies (the staff token). */
import type { z } from 'zod';
import type { messageBody, replyBody, staffMessagesQuery } from '../domain/contracts.ts';
import type { MessageForm } from '../domain/message.ts';
import type { MessageDetail, MessageSummary, Page, StaffMessageDetail, StaffMessageSummary } from '../domain/types.ts';
import { call } from './client.ts';

type In<S extends z.ZodType> = z.input<S>;
const staff = { as: 'staff' as const, silent: true };

/** Sends a message; answers its id (the form's machine shows a refusal itself). */
export const addMessage = (form: MessageForm) =>
  call<MessageDetail>('/message/add', { method: 'post', json: form satisfies In<typeof messageBody>, silent: true }).then((m) => m.messageId);

export const getMessages = (pageNum = 1, pageSize = 10) => call<Page<MessageSummary>>('/message/list', { searchParams: { pageNum, pageSize } });

export const getMessage = (messageId: number) => call<MessageDetail>(`/message/${messageId}`);

/** The staff's queue: the first 50 waiting (oldest first) or replied (latest first). */
export const getStaffMessages = (state: NonNullable<In<typeof staffMessagesQuery>['state']>) =>
  call<Page<StaffMessageSummary>>('/staff/messages', { ...staff, searchParams: { state, pageNum: 1, pageSize: 50 } });

export const getStaffMessage = (messageId: number) => call<StaffMessageDetail>(`/staff/messages/${messageId}`, staff);

export const replyToMessage = (messageId: number, body: string) =>
  call<StaffMessageDetail>(`/staff/messages/${messageId}/reply`, { ...staff, method: 'post', json: { body } satisfies In<typeof replyBody> });
