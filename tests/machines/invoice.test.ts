import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { INVOICE_ORDER_UNAVAILABLE, invoiceMachine, type InvoiceEvent } from '../../machines/invoice.machine.ts';
import { creditCodeCheckChar, FIELD_MESSAGES } from '../../src/domain/fields.ts';
import { INVOICE_RULES } from '../../src/domain/invoice.ts';
import type { InvoiceDetail, InvoiceRequest, OrderSummary } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkInvoice } from '../../src/domain/invoice.ts';

import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof invoiceMachine>;

const order = (orderId: number): OrderSummary => ({
  orderId,
  orderNumber: `ORD${String(orderId).padStart(20, '0')}`,
  status: 'completed',
  amount: 6000,
  ticketNum: 2,
  createTime: '2026-11-20 10:00:00',
  visitDate: '2026-12-01',
  hallName: 'Main hall',
  beginTime: '09:00',
  endTime: '12:00',
  isCandidate: false,
  candidate: null,
});

const ORDERS = [order(5), order(6)];
const OTHERS = [order(6)];
const first17 = '91110108MA01ABCDE';
const CREDIT_CODE = first17 + creditCodeCheckChar(first17);
const WRONG_CODE = first17 + (CREDIT_CODE[17] === '0' ? '1' : '0');

const INVOICE: InvoiceDetail = {
  invoiceId: 31,
  orderId: 5,
  orderNumber: order(5).orderNumber,
  titleType: 1,
  title: 'Zhang San',
  amount: 6000,
  state: 'requested',
  createTime: '2026-11-21 10:00:00',
  taxNumber: null,
  addressPhone: null,
  bankAccount: null,
  content: 'Admission tickets',
  email: 'zhang@example.com',
  issueTime: null,
  invoiceNumber: null,
  flagged: false,
  refundedAfterIssue: 0,
  refundedAfterIssueTime: null,
};

/** The form's cases: the two fields a personal title needs, a company title with a wrong
 * tax number (refused) and submit / back. */
function formEvents(): InvoiceEvent[] {
  return [
    { type: 'CHANGE', field: 'title', value: 'Zhang San' },
    { type: 'CHANGE', field: 'email', value: 'zhang@example.com' },
    { type: 'CHANGE', field: 'titleType', value: 2 },
    { type: 'CHANGE', field: 'taxNumber', value: WRONG_CODE },
    { type: 'SUBMIT' },
    { type: 'BACK' },
  ];
}

function events(s: Snapshot): InvoiceEvent[] {
  if (s.matches({ choosing: 'ready' })) {
    return [{ type: 'CHOOSE', orderId: 5 }, { type: 'CHOOSE', orderId: 99 }, { type: 'RELOAD' }];
  }
  if (s.matches({ choosing: 'failed' })) return [{ type: 'RELOAD' }];
  if (s.matches('editing')) return formEvents();
  return [];
}

pathSuite('invoice', [
  {
    name: 'from the order list',
    // An invoice asked for obeys every invoice rule.
    outcome: (end) => {
      for (const request of callsOf(end, 'apply') as InvoiceRequest[]) expect(checkInvoice(request)).toEqual([]);
    },
    machine: invoiceMachine,
    input: {},
    generators: ['cover'],
    events: events as PathModel['events'],
    outcomes: {
      loadOrders: [{ output: ORDERS }, { error: 'Network error' }],
      apply: [{ output: INVOICE }, { error: '该订单已申请过发票' }],
    },
  },
  {
    name: 'opened for an order',
    // An invoice asked for obeys every invoice rule.
    outcome: (end) => {
      for (const request of callsOf(end, 'apply') as InvoiceRequest[]) expect(checkInvoice(request)).toEqual([]);
    },
    machine: invoiceMachine,
    input: { orderId: 5 },
    generators: ['cover'],
    events: ((s: Snapshot): InvoiceEvent[] => {
      if (s.matches({ choosing: 'ready' })) return [{ type: 'CHOOSE', orderId: 6 }];
      if (s.matches('editing')) return [{ type: 'SUBMIT' }, { type: 'BACK' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadOrders: [{ output: ORDERS }, { output: OTHERS }, { error: 'Network error' }],
      apply: [{ error: 'Network error' }],
    },
  },
]);

describe('invoice: behaviour', () => {
  function start(input: { orderId?: number } = {}, f: { orders?: OrderSummary[]; apply?: Error } = {}) {
    const sent: InvoiceRequest[] = [];
    const actor = createActor(
      invoiceMachine.provide({
        actors: {
          loadOrders: fromPromise(async () => f.orders ?? ORDERS),
          apply: fromPromise(async ({ input: request }: { input: InvoiceRequest }) => {
            sent.push(request);
            if (f.apply) throw f.apply;
            return { ...INVOICE, orderId: request.orderId };
          }),
        },
      }),
      { input },
    ).start();
    return { actor, sent };
  }

  it('opened for an invoiceable order, it goes straight to the form with that order', async () => {
    const { actor } = start({ orderId: 6 });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.order?.orderId).toBe(6);
    expect(actor.getSnapshot().context.presetOrderId).toBeNull();
  });

  it('opened for another order, it shows the list and says why', async () => {
    const { actor } = start({ orderId: 5 }, { orders: OTHERS });
    await waitFor(actor, (s) => s.matches({ choosing: 'ready' }));
    expect(actor.getSnapshot().context.error).toEqual(INVOICE_ORDER_UNAVAILABLE);
    actor.send({ type: 'CHOOSE', orderId: 5 });
    expect(actor.getSnapshot().matches({ choosing: 'ready' })).toBe(true);
    actor.send({ type: 'CHOOSE', orderId: 6 });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a company title with a wrong tax number is refused beside the field, then fixed and sent', async () => {
    const { actor, sent } = start({ orderId: 5 });
    await waitFor(actor, (s) => s.matches('editing'));
    const change = (e: Omit<Extract<InvoiceEvent, { type: 'CHANGE' }>, 'type'>) => actor.send({ type: 'CHANGE', ...e } as InvoiceEvent);
    change({ field: 'titleType', value: 2 });
    change({ field: 'title', value: 'Museum Friends Ltd' });
    change({ field: 'taxNumber', value: WRONG_CODE });
    change({ field: 'email', value: 'finance@example.com' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: INVOICE_RULES.taxNumberFormat, field: 'taxNumber', message: FIELD_MESSAGES.creditCode }]);
    // Typing in the field clears its message; the next submit checks again.
    change({ field: 'taxNumber', value: CREDIT_CODE.toLowerCase() });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ orderId: 5, titleType: 2, title: 'Museum Friends Ltd', taxNumber: CREDIT_CODE, email: 'finance@example.com' }]);
    expect(actor.getSnapshot().context.invoice?.invoiceId).toBe(31);
  });

  it('a personal title never sends the tax number typed for a company', async () => {
    const { actor, sent } = start({ orderId: 5 });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'titleType', value: 2 });
    actor.send({ type: 'CHANGE', field: 'taxNumber', value: WRONG_CODE });
    actor.send({ type: 'CHANGE', field: 'titleType', value: 1 });
    actor.send({ type: 'CHANGE', field: 'title', value: 'Zhang San' });
    actor.send({ type: 'CHANGE', field: 'email', value: 'zhang@example.com' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent[0]).toEqual({ orderId: 5, titleType: 1, title: 'Zhang San', email: 'zhang@example.com' });
  });

  it('a refused request goes back to the form with the server message and keeps what was typed', async () => {
    const { actor } = start({ orderId: 5 }, { apply: new Error('该订单已申请过发票') });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'title', value: 'Zhang San' });
    actor.send({ type: 'CHANGE', field: 'email', value: 'zhang@example.com' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ zh: '该订单已申请过发票', en: '该订单已申请过发票' });
    expect(actor.getSnapshot().context.draft.title).toBe('Zhang San');
  });

  it('BACK returns to the list, clearing the messages', async () => {
    const { actor } = start({ orderId: 5 });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations.map((v) => v.field)).toEqual(['title', 'email']);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ choosing: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([]);
  });
});
