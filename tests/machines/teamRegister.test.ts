import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { teamRegisterMachine, type UploadRequest } from '../../machines/teamRegister.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkTeamRegistration, type TeamRegistration } from '../../src/domain/team.ts';
import type { PathModel } from './paths.ts';

/** A school form complete but for its two uploads. */
const FILLED: Partial<TeamRegistration> = {
  teamName: '科技实验小学',
  contactName: '王老师',
  contactPhone: '13900139000',
  code: '123456',
  creditCode: '91110000MA0000001L',
  address: '科技路1号',
  password: 'School2026',
  confirmPassword: 'School2026',
};
const PNG = { name: 'scan.png', type: 'image/png', size: 300_000 };
const PDF = { name: 'scan.pdf', type: 'application/pdf', size: 300_000 };

const model: PathModel = {
  name: 'uploads and submit',
  // A registration sent has every field right.
  outcome: (end) => {
    for (const registration of callsOf(end, 'register') as TeamRegistration[]) expect(checkTeamRegistration(registration)).toEqual([]);
  },
  machine: teamRegisterMachine,
  input: { form: FILLED },
  generators: ['cover'],
  outcomes: {
    upload: [{ output: 'up1' }, { error: 'Too many uploads; please try again later' }],
    checkExists: [{ output: { exists: false } }, { output: { exists: true } }, { error: 'Network error' }],
    register: [{ output: { message: 'Registration submitted' } }, { error: 'Verification code is incorrect or expired' }],
  },
  events: () => [
    { type: 'UPLOAD', slot: 'creditUpload', file: PNG },
    { type: 'UPLOAD', slot: 'letterUpload', file: PNG },
    { type: 'UPLOAD', slot: 'letterUpload', file: PDF },
    { type: 'TYPE.CHANGE', teamType: 4 },
    { type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'School2027' },
    { type: 'SUBMIT' },
  ],
};

pathSuite('teamRegister', [model]);

describe('teamRegister: behaviour', () => {
  function start() {
    const uploads: UploadRequest[] = [];
    const registered: TeamRegistration[] = [];
    const machine = teamRegisterMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          uploads.push(input);
          return `id-${input.slot}`;
        }),
        checkExists: fromPromise(async () => ({ exists: false as boolean })),
        register: fromPromise(async ({ input }) => {
          registered.push(input);
          return { message: 'ok' };
        }),
      },
    });
    return { actor: createActor(machine, { input: { form: FILLED } }).start(), uploads, registered };
  }

  it('shows every refused field on submit, and follows the corrections', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.map((e) => e.field)).toEqual(['creditUpload', 'letterUpload']);
    actor.send({ type: 'TYPE.CHANGE', teamType: 4 });
    expect(actor.getSnapshot().context.errors.map((e) => e.field)).toEqual(['creditUpload', 'agreementUploads', 'letterUpload']);
  });

  it('refuses a file that is not an image before uploading it; sends the form with the upload ids', async () => {
    const { actor, uploads, registered } = start();
    actor.send({ type: 'UPLOAD', slot: 'creditUpload', file: PDF });
    expect(actor.getSnapshot().context.error?.en).toBe('Only jpg, jpeg or png images are allowed');
    actor.send({ type: 'UPLOAD', slot: 'creditUpload', file: PNG });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'UPLOAD', slot: 'letterUpload', file: PNG });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(uploads.map((u) => u.slot)).toEqual(['creditUpload', 'letterUpload']);
    expect(registered[0]).toMatchObject({ creditUpload: 'id-creditUpload', letterUpload: 'id-letterUpload', creditCode: '91110000MA0000001L' });
    expect(actor.getSnapshot().context.message).toBe('ok');
  });
});
