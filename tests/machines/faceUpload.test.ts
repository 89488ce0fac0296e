import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { faceUploadMachine, pickRefusal } from '../../machines/faceUpload.machine.ts';
import { checkCertificate, gb11643CheckChar } from '../../src/domain/certificates.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';

const number = '11010119850302001' + gb11643CheckChar('11010119850302001');
const photo = { name: 'me.jpg', type: 'image/jpeg', size: 900_000 };
const pick = (file = photo, certificateNumber = number) => ({ type: 'PICK', file, certificateType: '1', certificateNumber }) as const;
const FAILED = 'Face recognition failed: upload again as required';

const events = () => [
  pick(),
  pick({ name: 'me.gif', type: 'image/gif', size: 1000 }),
  pick({ name: 'huge.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 }),
  pick(photo, ''),
  { type: 'AGREE' },
  { type: 'DECLINE' },
  { type: 'DELETE' },
];

/** Every portrait bound went to a valid certificate, after an accepted agreement. */
const outcome = ({ calls }: { calls: ReadonlyArray<{ src: string; input: unknown }> }) => {
  for (const input of callsOf({ calls } as never, 'bind') as Array<{ certificateType: string; certificateNumber: string; url: string }>) {
    expect(checkCertificate(input.certificateType, input.certificateNumber).valid).toBe(true);
    expect(input.url).toBe('up1');
  }
};

const outcomes = {
  upload: [{ output: 'up1' }, { error: 'Only jpg, jpeg or png images are allowed' }],
  check: [{ output: { url: 'up1', width: 400, height: 500 } }, { error: FAILED }],
  bind: [{ output: { faceUrl: 'f1' } }, { error: 'Portrait already bound: unbind at the ticket window' }],
  remove: [{ output: null }, { error: 'Network error' }],
};
const say = {
  PICK: 'pick a photo (camera or album)',
  AGREE: 'accept the portrait agreement',
  DECLINE: 'decline the agreement',
  DELETE: 'delete the face photo',
};

pathSuite('faceUpload', [
  { name: 'no face photo yet', machine: faceUploadMachine, input: { faceUrl: null }, generators: ['cover'], outcomes, events, say, outcome },
  { name: 'a face photo bound', machine: faceUploadMachine, input: { faceUrl: 'f0' }, generators: ['cover'], outcomes, events, say, outcome },
]);

describe('faceUpload: behaviour', () => {
  it('refuses a wrong file or a visitor without a valid certificate before anything goes up', () => {
    expect(pickRefusal(pick({ name: 'me.gif', type: 'image/gif', size: 10 }))?.en).toBe('Only jpg, jpeg or png images are allowed');
    expect(pickRefusal(pick({ name: 'me.png', type: '', size: 10 * 1024 * 1024 + 1 }))?.en).toBe('The image must not exceed 10 MB');
    expect(pickRefusal(pick(photo, '1101'))?.en).toBe("Enter the visitor's certificate first");
    expect(pickRefusal(pick())).toBeNull();
  });

  it('uploads, checks and binds only after the agreement, and keeps the refusal under the photo', async () => {
    const calls: string[] = [];
    const machine = faceUploadMachine.provide({
      actors: {
        upload: fromPromise(async () => (calls.push('upload'), 'up9')),
        check: fromPromise(async ({ input }) => (calls.push(`check ${input}`), { url: input, width: 300, height: 300 })),
        bind: fromPromise(async ({ input }) => {
          calls.push(`bind ${input.url} ${input.certificateNumber}`);
          if (calls.length > 3) throw new Error('Portrait already bound: unbind at the ticket window');
          return { faceUrl: 'face9' };
        }),
      },
    });
    const actor = createActor(machine, { input: { faceUrl: null } }).start();
    actor.send(pick());
    expect(actor.getSnapshot().matches('agreement')).toBe(true);
    actor.send({ type: 'DECLINE' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(calls).toEqual([]);
    actor.send(pick());
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.matches('bound'));
    expect(actor.getSnapshot().context.faceUrl).toBe('face9');
    expect(calls).toEqual(['upload', 'check up9', `bind up9 ${number}`]);
    // A new portrait asks again, and the server's refusal leaves the bound one as it was.
    actor.send(pick());
    expect(actor.getSnapshot().matches('agreement')).toBe(true);
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.matches('bound') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ faceUrl: 'face9', error: { en: 'Portrait already bound: unbind at the ticket window' } });
  });
});
