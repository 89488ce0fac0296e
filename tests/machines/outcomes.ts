/** Outcome checks of the path models: what a flow sent by the end of a path is what a person
 * may send, judged by the same rules of src/domain the guards call. A guard that let a bad
 * draft through fails every path that reaches the call. */
import { expect } from 'vitest';
import { checkOrder } from '../../src/domain/orderRules.ts';
import { checkRefund, type RefundContext } from '../../src/domain/refundRules.ts';
import type { OrderContext, OrderDraft } from '../../src/domain/types.ts';
import type { PathModel } from './paths.ts';

type End = Parameters<NonNullable<PathModel['outcome']>>[0];

export const callsOf = (end: End, src: string) => end.calls.filter((c) => c.src === src).map((c) => c.input);

/** Every order sent obeys every order rule at the submit stage: agreed, slider passed,
 * visitors and stock as checkOrder wants them. A cart add (`slider` false) needs no slider. */
export function ordersObeyRules(end: End, srcs: string[], contextOf: (end: End) => OrderContext | null, slider = true): void {
  const ctx = contextOf(end);
  for (const src of srcs) {
    for (const input of callsOf(end, src) as Array<{ draft: OrderDraft }>) {
      expect(input.draft.agreementAccepted, `${src}: agreement`).toBe(true);
      if (slider) expect(input.draft.captchaToken, `${src}: slider token`).toBeTruthy();
      if (ctx) expect(checkOrder(input.draft, ctx, slider ? 'submit' : 'visitors'), `${src}: order rules`).toEqual([]);
    }
  }
}

/** Every refund or date change asked for selects tickets the refund rules allow. */
export function ticketsObeyRules(end: End, src: string, action: 'refund' | 'change', rules: RefundContext): void {
  for (const input of callsOf(end, src) as Array<{ ticketIds: number[] }>) {
    expect(input.ticketIds.length, `${src}: tickets`).toBeGreaterThan(0);
    expect(checkRefund({ action, ticketIds: input.ticketIds }, rules), `${src}: refund rules`).toEqual([]);
  }
}
