import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { staffInvoicesMachine, type StaffInvoicesEvent } from '../../machines/staffInvoices.machine.ts';
import type { InvoiceSummary, Page, StaffInvoice } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffInvoicesMachine>;

const REQUESTED: StaffInvoice = {
  invoiceId: 31,
  orderId: 5,
  orderNumber: 'P20300306100000ABCDEFGH',
  titleType: 2,
  title: '北京科普之友文化有限公司',
  amount: 3000,
  state: 'requested',
  createTime: '2030-03-06 10:00:00',
  invoiceNumber: null,
  flagged: false,
  taxNumber: '91110108MA01ABCDEN',
  addressPhone: null,
  bankAccount: null,
  content: '门票',
  email: 'a@example.com',
  issueTime: null,
  refundedAfterIssue: 0,
  refundedAfterIssueTime: null,
  orderStatus: 'partlyRefunded',
  orderAmount: 6000,
  orderRefunded: 3000,
  issuedBy: null,
};
/** Its order refunded in full meanwhile: nothing to invoice. */
const REFUNDED: StaffInvoice = { ...REQUESTED, amount: 0, orderStatus: 'refunded', orderRefunded: 6000 };
const ISSUED: StaffInvoice = { ...REQUESTED, state: 'issued', invoiceNumber: 'FP20300306000031', issueTime: '2030-03-06 11:00:00', issuedBy: 'finance' };
const LIST: Page<InvoiceSummary> = {
  rows: [
    {
      invoiceId: 31,
      orderId: 5,
      orderNumber: REQUESTED.orderNumber,
      titleType: 2,
      title: REQUESTED.title,
      amount: 3000,
      state: 'requested',
      createTime: REQUESTED.createTime,
      invoiceNumber: null,
      flagged: false,
    },
  ],
  total: 1,
};

function events(s: Snapshot): StaffInvoicesEvent[] {
  if (s.matches({ list: 'failed' }) || s.matches({ invoice: 'failed' }))
    return [{ type: 'RETRY' }, ...(s.matches('invoice') ? [{ type: 'BACK' } as const] : [])];
  if (s.matches({ list: 'ready' }))
    return [
      { type: 'TAB', tab: 'flagged' },
      { type: 'OPEN', invoiceId: 31 },
    ];
  if (s.matches({ invoice: 'ready' })) return [{ type: 'ISSUE' }, { type: 'BACK' }];
  if (s.matches({ invoice: 'confirming' })) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
  return [];
}

pathSuite('staffInvoices', [
  {
    name: 'all cases',
    machine: staffInvoicesMachine,
    generators: ['cover'],
    events: events as PathModel['events'],
    // Nothing is issued without the clerk's confirmation, nor for an order with nothing left.
    outcome: (end) => {
      const issued = callsOf(end, 'issue');
      expect(issued.length).toBeLessThanOrEqual(1);
      if (issued.length) expect(issued[0]).toEqual({ invoiceId: 31 });
    },
    outcomes: {
      loadList: [{ output: LIST }, { error: 'Network error' }],
      loadInvoice: [{ output: REQUESTED }, { output: REFUNDED }, { output: ISSUED }, { error: 'Network error' }],
      issue: [{ output: ISSUED }, { error: 'This invoice has already been issued' }],
    },
    say: {
      TAB: (e) => `open the "${String(e.tab)}" tab`,
      OPEN: 'open an invoice',
      ISSUE: 'tap "Issue the invoice"',
      CONFIRM: 'confirm the issue',
      CANCEL: 'cancel the confirmation',
      BACK: 'back to the list',
      RETRY: 'retry',
    },
  },
]);

describe('staffInvoices: behaviour', () => {
  const run = (invoice: StaffInvoice, issue: () => Promise<StaffInvoice>) => {
    let loads = 0;
    const actor = createActor(
      staffInvoicesMachine.provide({
        actors: {
          loadList: fromPromise(async () => LIST),
          loadInvoice: fromPromise(async () => (loads++ === 0 ? invoice : ISSUED)),
          issue: fromPromise(issue),
        },
      }),
    ).start();
    return actor;
  };

  it('an order with nothing left is refused before anything is sent, in zh and en', async () => {
    let sent = 0;
    const actor = run(REFUNDED, async () => (sent++, ISSUED));
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'OPEN', invoiceId: 31 });
    await waitFor(actor, (s) => s.matches({ invoice: 'ready' }));
    actor.send({ type: 'ISSUE' });
    expect(actor.getSnapshot().matches({ invoice: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({
      zh: '该订单已全额退款，无可开票金额，不能开具',
      en: 'The order has been refunded in full: there is nothing left to invoice',
    });
    expect(sent).toBe(0);
  });

  it('another clerk first: the refusal stays shown and the invoice is read again, issued', async () => {
    const actor = run(REQUESTED, async () => {
      throw new Error('This invoice has already been issued');
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'OPEN', invoiceId: 31 });
    await waitFor(actor, (s) => s.matches({ invoice: 'ready' }));
    actor.send({ type: 'ISSUE' });
    expect(actor.getSnapshot().matches({ invoice: 'confirming' })).toBe(true);
    actor.send({ type: 'CONFIRM' });
    const end = await waitFor(actor, (s) => s.matches({ invoice: 'ready' }) && s.context.invoice?.state === 'issued');
    expect(end.context.error?.en).toBe('This invoice has already been issued');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context).toMatchObject({ invoice: null, error: null });
  });
});
