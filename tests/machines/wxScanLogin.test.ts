import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { wxScanLoginMachine, type ScanStatus } from '../../machines/wxScanLogin.machine.ts';
import { wxScanConfirmMachine } from '../../machines/wxScanConfirm.machine.ts';
import { SCAN_POLL_MS } from '../../src/domain/wechatLogin.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';

const TICKET = { ticket: 'secret-1', scanId: 'scan-1', expiresAt: 120_000 };

pathSuite('wxScanLogin', [
  {
    name: 'the QR code screen',
    // Every poll is for the ticket the server gave, never for the QR's public id.
    outcome: (end) => {
      for (const { ticket } of callsOf(end, 'poll') as Array<{ ticket: string }>) expect(ticket).toBe(TICKET.ticket);
    },
    machine: wxScanLoginMachine,
    generators: ['cover'],
    outcomes: {
      createTicket: [{ output: TICKET }, { error: 'The system is busy; please try again later' }],
      poll: [
        { output: { status: 'waiting' } },
        { output: { status: 'loggedIn' } },
        { output: { status: 'expired' } },
        { output: { status: 'refused' } },
        { error: 'This login ticket is not valid or was already used; please log in again' },
      ],
    },
    events: () => [{ type: 'REFRESH' }],
    say: { REFRESH: 'taps the QR code to refresh it' },
  },
]);

pathSuite('wxScanConfirm', [
  {
    name: 'the phone confirms or cancels',
    machine: wxScanConfirmMachine,
    generators: ['cover'],
    outcomes: {
      lookup: [
        { output: { device: 'Chrome · Windows 10', askedAt: 0, state: 'waiting' } },
        { output: { device: null, askedAt: 0, state: 'decided' } },
        { output: { device: 'Chrome · Windows 10', askedAt: 0, state: 'expired' } },
        { error: 'This QR code is not valid; refresh it on the other screen' },
      ],
      decide: [{ output: null }, { error: 'This QR code has expired; refresh it on the other screen' }],
    },
    events: () => [{ type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' }],
    say: { CONFIRM: 'confirms the login on the other screen', CANCEL: 'cancels', RETRY: 'retries reading the code' },
  },
]);

describe('wxScanLogin: behaviour', () => {
  it('asks every 2 s while the QR code waits, and stops once logged in', async () => {
    const clock = new SimulatedClock();
    const answers: ScanStatus[] = ['waiting', 'waiting', 'loggedIn'];
    const polled: string[] = [];
    const machine = wxScanLoginMachine.provide({
      actors: {
        createTicket: fromPromise(async () => TICKET),
        poll: fromPromise(async ({ input }) => {
          polled.push(input.ticket);
          return { status: answers.shift()! };
        }),
      },
    });
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches('showing'));
    expect(actor.getSnapshot().context.scanId).toBe('scan-1');
    clock.increment(SCAN_POLL_MS - 1);
    expect(polled).toEqual([]);
    for (let i = 0; i < 3; i++) {
      clock.increment(i === 0 ? 1 : SCAN_POLL_MS);
      await waitFor(actor, (s) => !s.matches('polling'));
    }
    expect(polled).toEqual(['secret-1', 'secret-1', 'secret-1']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('an expired QR code is forgotten; REFRESH asks for a new one', async () => {
    let n = 0;
    const machine = wxScanLoginMachine.provide({
      actors: {
        createTicket: fromPromise(async () => ({ ...TICKET, scanId: `scan-${++n}` })),
        poll: fromPromise<{ status: ScanStatus }, { ticket: string }>(async () => ({ status: 'expired' })),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches('showing'));
    clock.increment(SCAN_POLL_MS);
    await waitFor(actor, (s) => s.matches('expired'));
    expect(actor.getSnapshot().context.scanId).toBeNull();
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(actor.getSnapshot().context.scanId).toBe('scan-2');
  });
});
