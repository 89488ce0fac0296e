/** The visitor list every individual order form edits (purchase, package, waiting list): up to
 * VISITORS_PER_ORDER_INDIVIDUAL visitors, at least one, and one field changed at a time. */
import { normalizeCertificate } from '../src/domain/certificates.ts';
import { VISITORS_PER_ORDER_INDIVIDUAL } from '../src/domain/limits.ts';
import type { CertificateType, VisitorDraft } from '../src/domain/types.ts';

export type VisitorChange =
  | { field: 'name' | 'certificateNumber'; value: string }
  | { field: 'certificateType'; value: CertificateType }
  | { field: 'ticketPriceId'; value: number | null }
  | { field: 'coupon'; value: string | null };

export const canAddVisitor = (visitors: readonly unknown[]) => visitors.length < VISITORS_PER_ORDER_INDIVIDUAL;

/** An index of the list. */
export const isVisitorIndex = (visitors: readonly unknown[], index: number) => index >= 0 && index < visitors.length;

/** A visitor that may go: one of the list, and not the last. */
export const canRemoveVisitor = (visitors: readonly unknown[], index: number) => visitors.length > 1 && isVisitorIndex(visitors, index);

/** A visitor with one field changed; a certificate number as the rules read it. */
export function onVisitorField(visitor: VisitorDraft, change: VisitorChange): VisitorDraft {
  switch (change.field) {
    case 'name':
      return { ...visitor, name: change.value };
    case 'certificateNumber':
      return { ...visitor, certificateNumber: normalizeCertificate(change.value) };
    case 'certificateType':
      return { ...visitor, certificateType: change.value };
    case 'ticketPriceId':
      return { ...visitor, ticketPriceId: change.value };
    case 'coupon':
      return { ...visitor, coupon: change.value };
  }
}
