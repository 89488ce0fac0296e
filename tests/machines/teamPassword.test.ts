import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { teamPasswordMachine } from '../../machines/teamPassword.machine.ts';
import type { PasswordForm } from '../../src/domain/team.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkPasswordForm } from '../../src/domain/team.ts';
import type { PathModel } from './paths.ts';

const outcomes = { submit: [{ output: null }, { error: 'The current password is incorrect' }] };

pathSuite('teamPassword', [
  {
    name: 'change',
    // A password change sent obeys the password rules.
    outcome: (end) => {
      for (const f of callsOf(end, 'submit') as PasswordForm[]) expect(checkPasswordForm('change', f)).toBeNull();
    },
    machine: teamPasswordMachine,
    input: { mode: 'change' },
    generators: ['cover'],
    outcomes,
    events: () => [
      { type: 'FIELD.CHANGE', field: 'oldPassword', value: 'School2026' },
      { type: 'FIELD.CHANGE', field: 'password', value: 'School2030' },
      { type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'School2030' },
      { type: 'SUBMIT' },
    ],
  } satisfies PathModel,
]);

describe('teamPassword: behaviour', () => {
  it('recovering asks for the credit code, the contact mobile and its code before the password', async () => {
    const sent: PasswordForm[] = [];
    const machine = teamPasswordMachine.provide({ actors: { submit: fromPromise(async ({ input }) => sent.push(input)) } });
    const actor = createActor(machine, { input: { mode: 'recover' } }).start();
    const set = (field: keyof PasswordForm, value: string) => actor.send({ type: 'FIELD.CHANGE', field, value });
    set('password', 'School2030');
    set('confirmPassword', 'School2030');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Unified social credit code cannot be empty');
    set('creditCode', '91110000ma0000001l');
    set('contactPhone', '13900139000');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.zh).toBe('验证码不能为空');
    set('code', '123456');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent[0]).toMatchObject({ creditCode: '91110000MA0000001L', contactPhone: '13900139000', code: '123456' });
  });
});
