import type { SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountCancelMachine, type AccountCancelEvent } from '../../machines/accountCancel.machine.ts';
import { cancelRefusal, type CancelConsequences } from '../../src/domain/account.ts';
import { checkPhoneChange, type PhoneChange } from '../../src/domain/team.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

const FREE: CancelConsequences = {
  upcomingTickets: 0,
  standingBy: 0,
  unpaidOrders: 1,
  cartHeld: 2,
  contacts: 3,
  messages: 0,
  keptOrders: 4,
  blockedUntil: null,
};
const TICKETS_TO_COME: CancelConsequences = { ...FREE, upcomingTickets: 2 };

pathSuite('accountCancel', [
  {
    name: 'all cases',
    machine: accountCancelMachine,
    generators: ['cover'],
    // Never cancelled without a valid phone and code, nor after a refusal was read.
    outcome: (end) => {
      for (const form of callsOf(end, 'cancel') as PhoneChange[]) expect(checkPhoneChange(form)).toBeNull();
      if (callsOf(end, 'cancel').length > 0) expect(cancelRefusal(end.snapshot.context.consequences)).toBeNull();
    },
    events: ((s: SnapshotFrom<typeof accountCancelMachine>): AccountCancelEvent[] => {
      if (s.matches('failed') || s.matches('refused')) return [{ type: 'RETRY' }];
      if (s.matches('review')) return [{ type: 'CONTINUE' }];
      if (s.matches('confirming'))
        return [
          { type: 'FIELD.CHANGE', field: 'phone', value: '1380013' },
          { type: 'FIELD.CHANGE', field: 'phone', value: '13800138000' },
          { type: 'FIELD.CHANGE', field: 'code', value: '123456' },
          { type: 'SUBMIT' },
          { type: 'BACK' },
        ];
      return [];
    }) as PathModel['events'],
    outcomes: {
      load: [{ output: FREE }, { output: TICKETS_TO_COME }, { error: 'Network error' }],
      cancel: [{ output: { cancelled: FREE } }, { error: 'Verification code is incorrect or expired' }],
    },
  },
]);

describe('accountCancel: behaviour', () => {
  const machine = (load: CancelConsequences) =>
    accountCancelMachine.provide({
      actors: { load: fromPromise(async () => load), cancel: fromPromise(async () => ({ cancelled: load })) },
    });

  it('shows why not while paid tickets are to come, and offers no way on', async () => {
    const actor = createActor(machine(TICKETS_TO_COME)).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.error?.en).toBe('You have 2 paid ticket(s) not yet used: refund them before cancelling the account');
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('refused');
  });

  it('checks the number and the code before cancelling', async () => {
    const actor = createActor(machine(FREE)).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Mobile number cannot be empty');
    actor.send({ type: 'FIELD.CHANGE', field: 'phone', value: '13800138000' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Verification code cannot be empty');
    expect(actor.getSnapshot().value).toBe('confirming');
  });
});
