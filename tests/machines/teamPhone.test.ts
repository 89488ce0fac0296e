import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { teamPhoneMachine } from '../../machines/teamPhone.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkPhoneChange, type PhoneChange } from '../../src/domain/team.ts';

pathSuite('teamPhone', [
  {
    name: 'a new contact mobile',
    // A new mobile sent is a valid phone with a code.
    outcome: (end) => {
      for (const f of callsOf(end, 'send') as PhoneChange[]) expect(checkPhoneChange(f)).toBeNull();
    },
    machine: teamPhoneMachine,
    generators: ['cover'],
    outcomes: { send: [{ output: null }, { error: 'Verification code is incorrect or expired' }] },
    events: () => [
      { type: 'FIELD.CHANGE', field: 'phone', value: '1392' },
      { type: 'FIELD.CHANGE', field: 'phone', value: '13920001111' },
      { type: 'FIELD.CHANGE', field: 'code', value: '123456' },
      { type: 'SUBMIT' },
    ],
  },
]);

describe('teamPhone: behaviour', () => {
  it('checks the number, then the code, before sending anything', () => {
    const actor = createActor(teamPhoneMachine).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Mobile number cannot be empty');
    actor.send({ type: 'FIELD.CHANGE', field: 'phone', value: ' 13920001111 ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Verification code cannot be empty');
    expect(actor.getSnapshot().context.form.phone).toBe('13920001111');
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
