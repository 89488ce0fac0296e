import type { InvoiceState } from '../../domain/types.ts';

/** The tag colour of an invoice state. */
export const stateTone = (state: InvoiceState): 'ok' | 'warn' => (state === 'issued' ? 'ok' : 'warn');
