import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { refundMachine, type RefundEvent, type TicketIdsInput } from '../../machines/refund.machine.ts';
import { fill } from '../../src/domain/text.ts';
import { REFUND_MESSAGES, REFUND_RULES, type RefundContext } from '../../src/domain/refundRules.ts';
import type { RefundResult, RefundRisk } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { refundInBrowser } from '../paths/models/orderLifecycle.ts';
import { ticketsObeyRules } from './outcomes.ts';
import type { PathModel } from './paths.ts';
import { ADULT, CHECKED, CHILD, NO_RISK, ORDER, REFUNDED, RISK, RULES, STRANGER } from './refund.fixtures.ts';

type Snapshot = SnapshotFrom<typeof refundMachine>;

const input = { order: ORDER };

/** Ticks offered: the two active tickets, the checked one (refused) and a stranger (refused). */
function events(s: Snapshot): RefundEvent[] {
  if (s.matches('selecting')) {
    return [
      { type: 'TOGGLE', ticketId: ADULT },
      { type: 'TOGGLE', ticketId: CHILD },
      { type: 'TOGGLE', ticketId: CHECKED },
      { type: 'TOGGLE', ticketId: STRANGER },
      { type: 'SELECT_ALL' },
      { type: 'CONFIRM' },
    ];
  }
  if (s.matches('warning')) return [{ type: 'CONTINUE' }, { type: 'BACK' }];
  if (s.matches('confirming')) return [{ type: 'SUBMIT' }, { type: 'BACK' }];
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  return [];
}

pathSuite('refund', [
  {
    name: 'all cases',
    machine: refundMachine,
    input,
    generators: ['cover'],
    // A refund asked for selects tickets the refund rules allow.
    outcome: (end) => ticketsObeyRules(end, 'refund', 'refund', RULES),
    events: events as PathModel['events'],
    outcomes: {
      loadRules: [{ output: RULES }, { error: 'Network error' }],
      checkBlack: [{ output: NO_RISK }, { output: RISK }, { error: 'Network error' }],
      refund: [{ output: REFUNDED }, { error: '门票已检票，不可退票' }],
    },
  },
  {
    name: 'orderings',
    machine: refundMachine,
    input,
    generators: ['simple'],
    events: ((s: Snapshot): RefundEvent[] => {
      if (s.matches('selecting')) return [{ type: 'SELECT_ALL' }, { type: 'CONFIRM' }];
      if (s.matches('warning')) return [{ type: 'CONTINUE' }, { type: 'BACK' }];
      if (s.matches('confirming')) return [{ type: 'SUBMIT' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadRules: [{ output: RULES }],
      checkBlack: [{ output: NO_RISK }, { output: RISK }],
      refund: [{ output: REFUNDED }],
    },
  },
  refundInBrowser,
]);

describe('refund: loading the facts', () => {
  it('a failed load waits for a retry, then the tickets can be ticked', async () => {
    let fail = true;
    const machine = refundMachine.provide({
      actors: {
        loadRules: fromPromise<RefundContext, { orderId: number }>(async () => {
          if (fail) throw new Error('Network error');
          return RULES;
        }),
      },
    });
    const actor = createActor(machine, { input: { order: ORDER } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ zh: 'Network error', en: 'Network error' });
    actor.send({ type: 'TOGGLE', ticketId: ADULT });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('selecting'));
    actor.send({ type: 'TOGGLE', ticketId: ADULT });
    expect(actor.getSnapshot().context.selected).toEqual([ADULT]);
  });
});

describe('refund: behaviour', () => {
  async function start(f: { risk?: RefundRisk | Error; refund?: RefundResult | Error; rules?: RefundContext } = {}) {
    const calls: Array<{ src: string; input: TicketIdsInput }> = [];
    const machine = refundMachine.provide({
      actors: {
        loadRules: fromPromise<RefundContext, { orderId: number }>(async () => f.rules ?? RULES),
        checkBlack: fromPromise<RefundRisk, TicketIdsInput>(async ({ input }) => {
          calls.push({ src: 'checkBlack', input });
          const risk = f.risk ?? NO_RISK;
          if (risk instanceof Error) throw risk;
          return risk;
        }),
        refund: fromPromise<RefundResult, TicketIdsInput>(async ({ input }) => {
          calls.push({ src: 'refund', input });
          const result = f.refund ?? REFUNDED;
          if (result instanceof Error) throw result;
          return result;
        }),
      },
    });
    const actor = createActor(machine, { input: { order: ORDER } }).start();
    // The machine loads the order's refund facts first.
    await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
    return { actor, calls };
  }

  it('a refund refused by a rule shows the violation, stays and calls nothing', async () => {
    const { actor, calls } = await start();
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: REFUND_RULES.selectTicket, message: REFUND_MESSAGES.selectTicket }]);
    // The adult alone would leave the child alone.
    actor.send({ type: 'TOGGLE', ticketId: ADULT });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('selecting');
    expect(s.context.violations).toEqual([{ rule: REFUND_RULES.childrenLeftAlone, message: REFUND_MESSAGES.childrenLeftAlone }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([]);
  });

  it('used tickets and strangers cannot be ticked; SELECT_ALL ticks the refundable ones, twice clears', async () => {
    const { actor } = await start();
    actor.send({ type: 'TOGGLE', ticketId: CHECKED });
    actor.send({ type: 'TOGGLE', ticketId: STRANGER });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'TOGGLE', ticketId: CHILD });
    actor.send({ type: 'TOGGLE', ticketId: ADULT });
    // Kept in the order's ticket order whatever the ticking order.
    expect(actor.getSnapshot().context.selected).toEqual([ADULT, CHILD]);
    actor.send({ type: 'TOGGLE', ticketId: ADULT });
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual([ADULT, CHILD]);
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('the partial-refund percentage of the config is applied; the whole order may always go', async () => {
    const rules: RefundContext = {
      ...RULES,
      maxPartialRefundPercent: 40,
      tickets: RULES.tickets.map((t) => (t.ticketId === CHECKED ? { ...t, status: 'toBeChecked' } : t)),
    };
    const { actor } = await start({ rules });
    actor.send({ type: 'TOGGLE', ticketId: CHILD });
    actor.send({ type: 'TOGGLE', ticketId: CHECKED });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.violations).toEqual([{ rule: REFUND_RULES.partialRefund, message: fill(REFUND_MESSAGES.partialRefund, { n: 40 }) }]);
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('checking');
  });

  it('the blacklist warning: BACK returns to the tickets, CONTINUE goes on to the refund alert', async () => {
    const { actor, calls } = await start({ risk: RISK });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('warning'));
    expect(actor.getSnapshot().context.warning).toBe(RISK.message);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.warning).toBeNull();
    expect(actor.getSnapshot().context.selected).toEqual([ADULT, CHILD]);

    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('warning'));
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.result).toEqual(REFUNDED);
    expect(calls).toEqual([
      { src: 'checkBlack', input: { ticketIds: [ADULT, CHILD] } },
      { src: 'checkBlack', input: { ticketIds: [ADULT, CHILD] } },
      { src: 'refund', input: { ticketIds: [ADULT, CHILD] } },
    ]);
  });

  it('no warning goes straight to the refund alert; a refused refund returns with the message', async () => {
    const { actor, calls } = await start({ refund: new Error('门票已检票，不可退票') });
    actor.send({ type: 'TOGGLE', ticketId: CHILD });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.warning).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('selecting'));
    expect(actor.getSnapshot().context.error).toEqual({ zh: '门票已检票，不可退票', en: '门票已检票，不可退票' });
    expect(actor.getSnapshot().context.selected).toEqual([CHILD]);
    expect(calls.map((c) => c.src)).toEqual(['checkBlack', 'refund']);
    // The next edit clears the message.
    actor.send({ type: 'TOGGLE', ticketId: ADULT });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed blacklist check returns to the tickets with the message', async () => {
    const { actor, calls } = await start({ risk: new Error('Network error') });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(calls.map((c) => c.src)).toEqual(['checkBlack']);
  });

  it('the context is plain JSON: a persisted snapshot restores', async () => {
    const { actor } = await start();
    actor.send({ type: 'TOGGLE', ticketId: CHILD });
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    const again = createActor(refundMachine, { snapshot: stored, input: { order: ORDER } }).start();
    expect(again.getSnapshot().context.selected).toEqual([CHILD]);
    expect(again.getSnapshot().context.rules).toEqual(RULES);
  });
});
