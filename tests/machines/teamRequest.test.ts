import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { teamRequestMachine } from '../../machines/teamRequest.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';

const PNG = { name: 'a.png', type: 'image/png', size: 1000 };
const PDF = { name: 'a.pdf', type: 'application/pdf', size: 1000 };

pathSuite('teamRequest', [
  {
    name: 'the agreement in two parts',
    // A request is sent with every part uploaded, in order.
    outcome: (end) => {
      for (const { uploadIds } of callsOf(end, 'send') as Array<{ uploadIds: string[] }>) expect(uploadIds).toHaveLength(2);
    },
    machine: teamRequestMachine,
    input: { parts: 2 },
    generators: ['cover'],
    outcomes: {
      upload: [{ output: 'u1' }, { error: 'Too many uploads; please try again later' }],
      send: [{ output: null }, { error: 'A request of this kind is being reviewed; please wait for its result' }],
    },
    events: () => [{ type: 'UPLOAD', part: 0, file: PNG }, { type: 'UPLOAD', part: 1, file: PNG }, { type: 'UPLOAD', part: 0, file: PDF }, { type: 'SEND' }],
  },
]);

describe('teamRequest: behaviour', () => {
  it('sends only when every part is uploaded, with the ids in order', async () => {
    const sent: string[][] = [];
    const machine = teamRequestMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => `id${input.part}`),
        send: fromPromise(async ({ input }) => sent.push(input.uploadIds)),
      },
    });
    const actor = createActor(machine, { input: { parts: 2 } }).start();
    actor.send({ type: 'UPLOAD', part: 1, file: PNG });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().context.error?.en).toBe('Image cannot be empty');
    actor.send({ type: 'UPLOAD', part: 0, file: PNG });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([['id0', 'id1']]);
  });
});
