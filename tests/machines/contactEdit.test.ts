import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { contactEditMachine } from '../../machines/contactEdit.machine.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import type { Contact } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkContact, type ContactForm } from '../../src/domain/contacts.ts';

const number = '11010119850302001' + gb11643CheckChar('11010119850302001');
const stored: Contact = { contactId: 4, name: '张老师', certificateType: '1', certificateNumber: number, phone: null, faceUrl: null };
const DUPLICATE = 'This certificate is already among the frequent visitors';

const events = () =>
  [
    { type: 'FIELD.CHANGE', field: 'name', value: '' },
    { type: 'FIELD.CHANGE', field: 'name', value: '李老师' },
    { type: 'FIELD.CHANGE', field: 'certificateNumber', value: number },
    { type: 'SUBMIT' },
    { type: 'DELETE' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'RETRY' },
  ] as const;

pathSuite('contactEdit', [
  {
    name: 'a new frequent visitor',
    // A visitor saved obeys the certificate rules.
    outcome: (end) => {
      for (const { form } of callsOf(end, 'save') as Array<{ form: ContactForm }>) expect(checkContact(form)).toBeNull();
    },
    machine: contactEditMachine,
    input: { contactId: null },
    generators: ['cover'],
    outcomes: { save: [{ output: null }, { error: DUPLICATE }] },
    events: () => [...events()],
  },
  {
    name: 'one to change or delete',
    // A visitor saved obeys the certificate rules.
    outcome: (end) => {
      for (const { form } of callsOf(end, 'save') as Array<{ form: ContactForm }>) expect(checkContact(form)).toBeNull();
    },
    machine: contactEditMachine,
    input: { contactId: 4 },
    generators: ['cover'],
    outcomes: {
      load: [{ output: stored }, { error: 'This frequent visitor does not exist' }],
      save: [{ output: null }, { error: DUPLICATE }],
      remove: [{ output: null }, { error: 'Network error' }],
    },
    events: () => [...events()],
  },
]);

describe('contactEdit: behaviour', () => {
  it('loads the stored one into the form and saves the change under its id', async () => {
    const saved: unknown[] = [];
    const machine = contactEditMachine.provide({
      actors: {
        load: fromPromise(async () => stored),
        save: fromPromise(async ({ input }) => saved.push(input)),
      },
    });
    const actor = createActor(machine, { input: { contactId: 4 } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form).toEqual({ name: '张老师', certificateType: '1', certificateNumber: number, phone: '' });
    actor.send({ type: 'FIELD.CHANGE', field: 'phone', value: '139' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toBe('Please enter a correct mobile number');
    actor.send({ type: 'FIELD.CHANGE', field: 'phone', value: '13900001234' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toEqual([{ contactId: 4, form: { name: '张老师', certificateType: '1', certificateNumber: number, phone: '13900001234' } }]);
  });

  it('a new one cannot be deleted, and deleting waits for the confirmation', async () => {
    const removed: number[] = [];
    const fresh = createActor(contactEditMachine, { input: { contactId: null } }).start();
    fresh.send({ type: 'DELETE' });
    expect(fresh.getSnapshot().value).toBe('editing');
    const machine = contactEditMachine.provide({
      actors: { load: fromPromise(async () => stored), remove: fromPromise(async ({ input }) => removed.push(input)) },
    });
    const actor = createActor(machine, { input: { contactId: 4 } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CANCEL' });
    expect(removed).toEqual([]);
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(removed).toEqual([4]);
  });
});
