import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { teamLoginMachine, type TeamLoginOutcome, type TeamLoginRequest } from '../../machines/teamLogin.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkCreditCode } from '../../src/domain/fields.ts';
import type { PathModel } from './paths.ts';

const CODE = '91110000MA0000001L';
const LOGGED_IN: TeamLoginOutcome = { refused: null };
const WRONG: TeamLoginOutcome = { refused: { message: 'Credit code or password is incorrect', captchaRequired: false } };
const SLIDER_NEXT: TeamLoginOutcome = { refused: { message: 'Credit code or password is incorrect', captchaRequired: true } };

pathSuite('teamLogin', [
  {
    name: 'all cases',
    // A login sent carries a valid credit code and a password.
    outcome: (end) => {
      for (const r of callsOf(end, 'login') as TeamLoginRequest[]) expect([checkCreditCode(r.creditCode), r.password.length > 0]).toEqual([null, true]);
    },
    machine: teamLoginMachine,
    generators: ['cover'],
    outcomes: { login: [{ output: LOGGED_IN }, { output: WRONG }, { output: SLIDER_NEXT }, { error: 'Network error' }] },
    events: () => [
      { type: 'CREDIT.CHANGE', value: CODE },
      { type: 'CREDIT.CHANGE', value: '91110000MA00000010' },
      { type: 'PASSWORD.CHANGE', value: 'School2026' },
      { type: 'SUBMIT' },
      { type: 'SLIDER.PASSED', token: 'tok' },
      { type: 'SLIDER.CANCEL' },
    ],
  } satisfies PathModel,
]);

describe('teamLogin: behaviour', () => {
  function start(answers: TeamLoginOutcome[]) {
    const sent: TeamLoginRequest[] = [];
    const machine = teamLoginMachine.provide({
      actors: {
        login: fromPromise<TeamLoginOutcome, TeamLoginRequest>(async ({ input }) => {
          sent.push(input);
          return answers.shift()!;
        }),
      },
    });
    return { actor: createActor(machine).start(), sent };
  }

  it('checks the credit code before asking the server', () => {
    const { actor, sent } = start([]);
    actor.send({ type: 'CREDIT.CHANGE', value: '91110000ma00000010' });
    actor.send({ type: 'PASSWORD.CHANGE', value: 'School2026' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Please enter a correct unified social credit code');
    expect(sent).toEqual([]);
  });

  it('after the server asks for the slider, the next submit opens it and sends its token once', async () => {
    const { actor, sent } = start([SLIDER_NEXT, LOGGED_IN]);
    actor.send({ type: 'CREDIT.CHANGE', value: CODE.toLowerCase() });
    actor.send({ type: 'PASSWORD.CHANGE', value: 'School2026' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.captchaRequired);
    expect(actor.getSnapshot().context.error?.en).toBe('Credit code or password is incorrect');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('sliding');
    actor.send({ type: 'SLIDER.PASSED', token: 'tok' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      { creditCode: CODE, password: 'School2026', captchaToken: null },
      { creditCode: CODE, password: 'School2026', captchaToken: 'tok' },
    ]);
  });
});
