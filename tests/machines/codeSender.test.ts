import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { codeSenderMachine } from '../../machines/codeSender.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkPhone } from '../../src/domain/fields.ts';

pathSuite('codeSender', [
  {
    name: 'all cases',
    // A code goes to a valid phone only.
    outcome: (end) => {
      for (const { phone } of callsOf(end, 'sendCode') as Array<{ phone: string }>) expect(checkPhone(phone)).toBeNull();
    },
    machine: codeSenderMachine,
    input: { countdownSeconds: 2 },
    generators: ['cover'],
    outcomes: { sendCode: [{ output: true }, { error: '短信发送过于频繁' }] },
    events: () => [
      { type: 'SEND', phone: '13900139000' },
      { type: 'SEND', phone: '12345' },
    ],
  },
]);

describe('codeSender: behaviour', () => {
  it('counts 60 s after a code is sent, and sends the number it was given', async () => {
    const clock = new SimulatedClock();
    const sent: string[] = [];
    const machine = codeSenderMachine.provide({ actors: { sendCode: fromPromise(async ({ input }) => sent.push(input.phone)) } });
    const actor = createActor(machine, { clock, input: {} }).start();
    actor.send({ type: 'SEND', phone: ' 13900139000 ' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.countdown).toBe(60);
    actor.send({ type: 'SEND', phone: '13900139000' });
    for (let s = 0; s < 59; s++) clock.increment(1_000);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(1_000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(sent).toEqual(['13900139000']);
  });

  it('an invalid phone is refused with the rule message and no code is sent', () => {
    const sent: string[] = [];
    const machine = codeSenderMachine.provide({ actors: { sendCode: fromPromise(async ({ input }) => sent.push(input.phone)) } });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'SEND', phone: '12345' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual(checkPhone('12345'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    expect(sent).toEqual([]);
  });

  it('a refused send returns to ready with the server message, and may be tried again', async () => {
    const machine = codeSenderMachine.provide({
      actors: {
        sendCode: fromPromise<unknown, { phone: string }>(async () => {
          throw new Error('Too many requests');
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'SEND', phone: '13900139000' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual({ zh: 'Too many requests', en: 'Too many requests' });
  });
});
