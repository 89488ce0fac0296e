/** Frequent visitors (docs/product.md §2 personalCenter/topContacts, editAudienceInformation): the people
 * an account books for again and again, a team's leaders and teachers or a visitor's family,
 * kept with the certificate rules of docs/product.md §5 so that picking one fills a valid entry. */
import { checkCertificate, normalizeCertificate } from './certificates.ts';
import { checkPhone, checkVisitorName, FIELD_LABELS, required } from './fields.ts';
import type { Text } from './text.ts';
import type { CertificateType } from './types.ts';

/** How many an account keeps: enough for a school's teachers, few enough to pick from. */
export const CONTACTS_MAX = 50;

export interface ContactForm {
  name: string;
  certificateType: CertificateType;
  certificateNumber: string;
  /** Optional: a leader's mobile for the group order. */
  phone: string;
}

export const CONTACT_MESSAGES = {
  duplicate: { zh: '该证件已在常用参观人中', en: 'This certificate is already among the frequent visitors' },
  tooMany: { zh: `常用参观人最多${CONTACTS_MAX}位，请先删除不再需要的`, en: `At most ${CONTACTS_MAX} frequent visitors: please delete one you no longer need` },
  notFound: { zh: '常用参观人不存在', en: 'This frequent visitor does not exist' },
} as const satisfies Record<string, Text>;

/** The first refused field's message, or null. */
export function checkContact(c: ContactForm, today?: string): Text | null {
  const number = normalizeCertificate(c.certificateNumber);
  const name = checkVisitorName(c.name, c.certificateType);
  if (name) return name;
  const missing = required(FIELD_LABELS.certificateNumber, number);
  if (missing) return missing;
  const cert = checkCertificate(c.certificateType, number, today);
  if (!cert.valid) return cert.message;
  return c.phone.trim() ? checkPhone(c.phone) : null;
}
