/** Invoice request rules (docs/product.md §3 Invoice: title type, title, tax number, address and phone,
 * bank and account, amount, content, e-mail; docs/product.md §5 field formats). The same function runs
 * in the form (machines/invoice.machine.ts) and on the server before anything is stored.
 * The amount is never part of a request: it comes from the order. */
import { checkCreditCode, checkEmail, required } from './fields.ts';
import { fill, type Text } from './text.ts';
import type { InvoiceRequest, InvoiceTitleType, Violation } from './types.ts';

/** The fields of a request a violation can belong to. */
export type InvoiceField = Exclude<keyof InvoiceRequest, 'orderId'>;

/** A broken invoice rule; `field` names the form field it belongs to. (The shared `Violation`
 * type's `field` is shaped for visitor lists, so invoices name theirs directly.) */
export interface InvoiceViolation extends Omit<Violation, 'field'> {
  rule: InvoiceRule;
  field: InvoiceField;
}

export const INVOICE_TITLE_TYPES = { personal: 1, company: 2 } as const satisfies Record<string, InvoiceTitleType>;

/** Length limits, in characters (not bytes), after trimming. Not in the SPEC: the title's
 * limit is ours; the others follow the usual invoice systems. */
export const INVOICE_MAX_LENGTH = {
  title: 100,
  addressPhone: 100,
  bankAccount: 100,
  content: 50,
} as const satisfies Partial<Record<InvoiceField, number>>;

export const INVOICE_LABELS = {
  titleType: { zh: '抬头类型', en: 'Title type' },
  title: { zh: '发票抬头', en: 'Invoice title' },
  taxNumber: { zh: '税号', en: 'Tax number' },
  addressPhone: { zh: '地址电话', en: 'Address and phone' },
  bankAccount: { zh: '开户行及账号', en: 'Bank and account' },
  content: { zh: '发票内容', en: 'Invoice content' },
  email: { zh: '电子邮箱', en: 'E-mail' },
} as const satisfies Record<InvoiceField, Text>;

export const INVOICE_RULES = {
  titleType: 'titleType',
  titleRequired: 'titleRequired',
  titleTooLong: 'titleTooLong',
  taxNumberRequired: 'taxNumberRequired',
  taxNumberFormat: 'taxNumberFormat',
  taxNumberPersonal: 'taxNumberPersonal',
  emailRequired: 'emailRequired',
  emailFormat: 'emailFormat',
  addressPhoneTooLong: 'addressPhoneTooLong',
  bankAccountTooLong: 'bankAccountTooLong',
  contentTooLong: 'contentTooLong',
} as const;

export type InvoiceRule = (typeof INVOICE_RULES)[keyof typeof INVOICE_RULES];

export const INVOICE_MESSAGES = {
  titleType: { zh: '请选择个人或单位抬头', en: 'Please choose a personal or a company title' },
  taxNumberPersonal: { zh: '个人抬头无需填写税号', en: 'A personal title has no tax number' },
  tooLong: { zh: '{label}不能超过{n}个字', en: '{label} can be at most {n} characters' },
} as const satisfies Record<string, Text>;

/** What the form holds: every field as typed (the tax number is kept while the visitor
 * switches between personal and company, and only sent for a company). */
export interface InvoiceDraft {
  titleType: InvoiceTitleType;
  title: string;
  taxNumber: string;
  addressPhone: string;
  bankAccount: string;
  content: string;
  email: string;
}

export const EMPTY_INVOICE_DRAFT: InvoiceDraft = {
  titleType: INVOICE_TITLE_TYPES.personal,
  title: '',
  taxNumber: '',
  addressPhone: '',
  bankAccount: '',
  content: '',
  email: '',
};

const trimmed = (value: string | null | undefined) => (value ?? '').trim();
const length = (value: string) => [...value].length;

/** The request of a draft: trimmed, optional fields left out when empty, the tax number
 * (upper case) only for a company title. */
export function invoiceRequestOf(orderId: number, draft: InvoiceDraft): InvoiceRequest {
  const request: InvoiceRequest = {
    orderId,
    titleType: draft.titleType,
    title: trimmed(draft.title),
    email: trimmed(draft.email),
  };
  const taxNumber = trimmed(draft.taxNumber).toUpperCase();
  if (draft.titleType === INVOICE_TITLE_TYPES.company && taxNumber) request.taxNumber = taxNumber;
  for (const field of ['addressPhone', 'bankAccount', 'content'] as const) {
    const value = trimmed(draft[field]);
    if (value) request[field] = value;
  }
  return request;
}

/** Every broken rule of a request, in form order. */
export function checkInvoice(request: InvoiceRequest): InvoiceViolation[] {
  const out: InvoiceViolation[] = [];
  const add = (rule: InvoiceRule, field: InvoiceField, message: Text) => out.push({ rule, field, message });
  const tooLong = (field: keyof typeof INVOICE_MAX_LENGTH, rule: InvoiceRule) => {
    const n = INVOICE_MAX_LENGTH[field];
    if (length(trimmed(request[field])) > n) add(rule, field, fill(INVOICE_MESSAGES.tooLong, { label: INVOICE_LABELS[field], n }));
  };

  const company = request.titleType === INVOICE_TITLE_TYPES.company;
  if (request.titleType !== INVOICE_TITLE_TYPES.personal && !company) {
    add(INVOICE_RULES.titleType, 'titleType', INVOICE_MESSAGES.titleType);
  }

  const noTitle = required(INVOICE_LABELS.title, trimmed(request.title));
  if (noTitle) add(INVOICE_RULES.titleRequired, 'title', noTitle);
  else tooLong('title', INVOICE_RULES.titleTooLong);

  const taxNumber = trimmed(request.taxNumber);
  if (company) {
    const none = required(INVOICE_LABELS.taxNumber, taxNumber);
    const bad = none ? null : checkCreditCode(taxNumber);
    if (none) add(INVOICE_RULES.taxNumberRequired, 'taxNumber', none);
    else if (bad) add(INVOICE_RULES.taxNumberFormat, 'taxNumber', bad);
  } else if (taxNumber !== '') {
    add(INVOICE_RULES.taxNumberPersonal, 'taxNumber', INVOICE_MESSAGES.taxNumberPersonal);
  }

  tooLong('addressPhone', INVOICE_RULES.addressPhoneTooLong);
  tooLong('bankAccount', INVOICE_RULES.bankAccountTooLong);
  tooLong('content', INVOICE_RULES.contentTooLong);

  const email = trimmed(request.email);
  const noEmail = required(INVOICE_LABELS.email, email);
  const badEmail = noEmail ? null : checkEmail(email);
  if (noEmail) add(INVOICE_RULES.emailRequired, 'email', noEmail);
  else if (badEmail) add(INVOICE_RULES.emailFormat, 'email', badEmail);

  return out;
}

/** The first violation of each field, for showing one message beside each input. */
export function violationsByField(list: readonly InvoiceViolation[]): Partial<Record<InvoiceField, InvoiceViolation>> {
  const out: Partial<Record<InvoiceField, InvoiceViolation>> = {};
  for (const v of list) out[v.field] ??= v;
  return out;
}
