/** The message board (docs/product.md §2 message/fillIn, list, detail; §3 Message: service type,
 * description, contact name, service code, submission time, replies). A visitor or a team
 * leaves a message, the museum's staff reply in the console, the writer reads the thread.
 * The same rules run in the form (machines/message.machine.ts) and on the server. */
import { checkForeignName, required } from './fields.ts';
import { fill, type Text } from './text.ts';

/** What a message is about. Not in the SPEC's words: the kinds a museum's visitor desk sorts by. */
export const MESSAGE_SERVICE_TYPES = ['consult', 'suggestion', 'complaint', 'lostProperty', 'other'] as const;
export type MessageServiceType = (typeof MESSAGE_SERVICE_TYPES)[number];

export const MESSAGE_SERVICE_TYPE_TEXTS = {
  consult: { zh: '咨询', en: 'Question' },
  suggestion: { zh: '建议', en: 'Suggestion' },
  complaint: { zh: '投诉', en: 'Complaint' },
  lostProperty: { zh: '失物招领', en: 'Lost property' },
  other: { zh: '其他', en: 'Other' },
} as const satisfies Record<MessageServiceType, Text>;

/** Lengths in characters after trimming. A description under 5 characters says nothing staff
 * can answer; 500 is a long letter on a phone. */
export const MESSAGE_LIMITS = { descriptionMin: 5, descriptionMax: 500, replyMax: 500 } as const;

/** Messages one account may leave in a museum day: the board is for people, not for scripts. */
export const MESSAGES_PER_DAY = 5;

export const MESSAGE_LABELS = {
  serviceType: { zh: '服务类型', en: 'Service type' },
  description: { zh: '留言内容', en: 'Message' },
  contactName: { zh: '联系人', en: 'Contact name' },
  reply: { zh: '回复内容', en: 'Reply' },
} as const satisfies Record<string, Text>;

export const MESSAGE_TEXTS = {
  serviceType: { zh: '请选择服务类型', en: 'Please choose a service type' },
  descriptionLength: {
    zh: `留言内容须为${MESSAGE_LIMITS.descriptionMin}-${MESSAGE_LIMITS.descriptionMax}个字`,
    en: `The message must be ${MESSAGE_LIMITS.descriptionMin}-${MESSAGE_LIMITS.descriptionMax} characters`,
  },
  replyLength: { zh: `回复内容不能超过${MESSAGE_LIMITS.replyMax}个字`, en: `A reply can be at most ${MESSAGE_LIMITS.replyMax} characters` },
  closed: { zh: '留言板暂未开放', en: 'The message board is closed' },
  tooMany: { zh: '今日留言已达{n}条，请明天再来', en: 'You have left {n} messages today; please come back tomorrow' },
  notFound: { zh: '留言不存在', en: 'The message does not exist' },
  replySms: {
    zh: '【科技馆】您的留言（服务编号{code}）已有回复，请在“我的留言”中查看。',
    en: 'Science museum: your message {code} has a reply; see "My messages".',
  },
} as const satisfies Record<string, Text>;

export interface MessageForm {
  serviceType: MessageServiceType | '';
  description: string;
  contactName: string;
}

/** The first broken rule of a message, or null. */
export function checkMessage(form: MessageForm): Text | null {
  if (!MESSAGE_SERVICE_TYPES.includes(form.serviceType as MessageServiceType)) return MESSAGE_TEXTS.serviceType;
  const description = form.description.trim();
  const length = [...description].length;
  if (length === 0) return required(MESSAGE_LABELS.description, description);
  if (length < MESSAGE_LIMITS.descriptionMin || length > MESSAGE_LIMITS.descriptionMax) return MESSAGE_TEXTS.descriptionLength;
  // A contact may be named in any script (a foreign visitor writes in English).
  return required(MESSAGE_LABELS.contactName, form.contactName) ?? checkForeignName(form.contactName);
}

/** A staff reply: something to say, and not a book. */
export function checkReply(body: string): Text | null {
  const v = body.trim();
  return required(MESSAGE_LABELS.reply, v) ?? ([...v].length > MESSAGE_LIMITS.replyMax ? MESSAGE_TEXTS.replyLength : null);
}

export const tooManyMessages = (): Text => fill(MESSAGE_TEXTS.tooMany, { n: MESSAGES_PER_DAY });

/** The service code a writer quotes when calling the museum: the day and the message's number. */
export function serviceCode(date: string, id: number): string {
  return `LY${date.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}
