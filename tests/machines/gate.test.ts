import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { gateMachine, type CheckInInput, type CollectInput, type DayLoad, type GateEvent, type OfflineScan } from '../../machines/gate.machine.ts';
import { UNREACHABLE, type GateDay, type GateQueueItem, type GateSyncAnswer, type ScanCode } from '../../src/domain/gateOffline.ts';
import type { GateAnswer } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { Outcome, PathModel } from './paths.ts';
import { HALLS } from './purchase.fixtures.ts';

type Snapshot = SnapshotFrom<typeof gateMachine>;
const HALL = HALLS[0].hallId;
const NUMBER = 'P20301105100000ABCDEFGH';
const QR = 'T1.41.nonce-nonce.signature';
const IN: GateAnswer = { passed: true, count: 1, reason: null, tickets: [] };
const OUT: GateAnswer = { passed: false, count: 0, reason: 'Already checked in (10:00)', tickets: [] };
const LOADED_AT = 1_000_000;
const LEFT: GateQueueItem = { id: 'left', hallId: HALL, gateId: 'gate-1', scannedAt: LOADED_AT, code: { qr: QR }, ticketIds: [41], label: '林*' };
const ticket = (ticketId: number, qrDigest: string) => ({
  ticketId,
  qrDigest,
  orderDigest: 'order',
  userName: '林*',
  certificateInfo: '1101**********1234',
  grade: null,
  ticketName: 'Adult',
  beginTime: '09:00',
  endTime: '12:00',
  status: 'toBeChecked' as const,
  checkedAt: null,
});
const DAY: GateDay = { hallId: HALL, hallName: 'Main hall', date: '2030-03-06', fetchedAt: LOADED_AT, tickets: [ticket(41, 'known'), ticket(42, 'other')] };
const ONLINE: DayLoad = { day: DAY, offline: false, at: LOADED_AT };
const STORED: DayLoad = { day: DAY, offline: true, at: LOADED_AT + 60_000 };
const NONE: DayLoad = { day: null, offline: true, at: LOADED_AT };
/** The offline scan of a known ticket, and of a code not on the list; item ids by queue length. */
const scans = (s: Snapshot): Outcome[] => [
  { output: { digest: 'known', id: `item-${s.context.queue.length}`, scannedAt: LOADED_AT + 5_000 } satisfies OfflineScan },
  { output: { digest: 'forged', id: `item-${s.context.queue.length}`, scannedAt: LOADED_AT + 5_000 } satisfies OfflineScan },
  { error: 'WebCrypto is missing' },
];
/** The server's answers to a sync of the queue: all in, or the first a duplicate; unreachable; refused. */
const syncs = (s: Snapshot): Outcome[] => {
  const answer = (first: 'checkedIn' | 'duplicate'): GateSyncAnswer => ({
    items: s.context.queue.map((item, i) => ({
      id: item.id,
      outcome: i === 0 ? first : 'checkedIn',
      count: i === 0 && first === 'duplicate' ? 0 : 1,
      reason: i === 0 && first === 'duplicate' ? OUT.reason : null,
    })),
  });
  return [{ output: answer('checkedIn') }, { output: answer('duplicate') }, { output: UNREACHABLE }, { error: 'Your staff role may not do this' }];
};

/** Online: the hall opens with its list, and the server answers every scan (the gate of before). */
function online(s: Snapshot): GateEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('choosing'))
    return [
      { type: 'PICK_HALL', hallId: HALL },
      { type: 'PICK_HALL', hallId: 999 },
    ];
  if (s.matches({ open: 'scanning' })) {
    return [
      { type: 'SCANNED', text: QR },
      { type: 'ORDER_NUMBER.CHANGE', value: s.context.orderNumber ? 'P123' : NUMBER.toLowerCase() },
      { type: 'CHECK_ORDER' },
      { type: 'CHANGE_HALL' },
    ];
  }
  if (s.matches({ open: 'answered' })) {
    return [
      { type: 'NEXT' },
      { type: 'SCANNED', text: `${QR}2` },
      { type: 'ORDER_NUMBER.CHANGE', value: s.context.orderNumber ? 'P123' : NUMBER },
      { type: 'CHECK_ORDER' },
    ];
  }
  return [];
}

/** During an outage and after: the list stored or none, scans answered from it, the queue, the
 * ticker's sync and reload, the sync's report. Codes alternate, so a new one is always at hand. */
function outage(s: Snapshot): GateEvent[] {
  const scan: GateEvent = { type: 'SCANNED', text: s.context.lastQr === QR ? `${QR}2` : QR };
  const number: GateEvent[] = s.context.orderNumber ? [{ type: 'CHECK_ORDER' }] : [{ type: 'ORDER_NUMBER.CHANGE', value: NUMBER }];
  if (s.matches('choosing')) return [{ type: 'PICK_HALL', hallId: HALL }];
  if (s.matches({ open: 'scanning' })) {
    // Ten minutes on: a queue to sync, or a list to reload.
    const more: GateEvent[] = [{ type: 'TICK', now: LOADED_AT + 600_000 }, { type: 'SYNC' }, { type: 'CHANGE_HALL' }];
    return [scan, ...number, ...more, ...(s.context.report ? [{ type: 'CLOSE_REPORT' } as const] : [])];
  }
  // A scan or an order number (a valid one, or one too short) goes before the list's reload and the sync.
  const typed: GateEvent[] = [...number, ...(s.context.orderNumber === 'P123' ? [] : [{ type: 'ORDER_NUMBER.CHANGE', value: 'P123' } as const])];
  // Another hall whenever no scan is being answered.
  const hall: GateEvent = { type: 'CHANGE_HALL' };
  if (s.matches({ open: 'refreshing' })) return [scan, ...typed, hall];
  if (s.matches({ open: 'syncing' })) return [scan, ...typed, hall];
  // The network back while a scan is under way or answered.
  if (s.matches({ open: 'checking' })) return [{ type: 'SYNC' }];
  if (s.matches({ open: 'answered' })) return [{ type: 'NEXT' }, scan, ...number, { type: 'SYNC' }, hall];
  if (s.matches({ open: 'reported' })) return [{ type: 'CLOSE_REPORT' }, scan, ...typed, hall];
  return [];
}

/** Collect mode, on and off, with either form, through an outage and after: wherever the gate
 * waits for the next scan, the staff may switch. */
function collecting(s: Snapshot): GateEvent[] {
  // The outage's events but the ticker's and another hall (the SYNC button reaches the same).
  const base = outage(s).filter((e) => e.type !== 'TICK' && e.type !== 'CHANGE_HALL');
  const idle = (['scanning', 'refreshing', 'syncing', 'reported', 'answered'] as const).some((v) => s.matches({ open: v }));
  if (!idle) return base;
  const mode: GateEvent = { type: 'MODE', mode: s.context.mode === 'collect' ? 'checkIn' : 'collect' };
  const form: GateEvent = { type: 'FORM', form: s.context.form === 'paper' ? 'wristband' : 'paper' };
  return [...base, mode, ...(s.context.mode === 'collect' ? [form] : [])];
}

/** Coarser than gateKey: what collect mode and the replay depend on (the state, the mode and
 * form, online or not, the queue's length, the list's check-ins, the request's kind, whether a
 * report, an answer or an error shows). With gateKey this model took six minutes to traverse. */
const collectKey = (s: Snapshot) => {
  const { mode, form, offline, orderNumber, lastQr, syncAsked } = s.context;
  return JSON.stringify({
    value: s.value,
    context: { mode, form, offline, orderNumber, lastQr, syncAsked, queue: Math.min(s.context.queue.length, 2), report: s.context.report !== null },
    checked: s.context.day?.tickets.map((t) => t.status),
    request: s.context.request && Object.keys(s.context.request).sort().join(),
    answer: s.context.answer?.passed ?? null,
    error: s.context.error !== null,
    day: s.context.day !== null,
  });
};

const checkInsOfTheHall: PathModel['outcome'] = (end) => {
  for (const input of callsOf(end, 'checkIn') as CheckInInput[]) {
    expect(input.hallId).toBe(HALL);
    if ('orderNumber' in input) expect(input.orderNumber).toBe(NUMBER);
  }
};

/** A vertex per state value and what the next steps depend on, not every detail the screen
 * shows: the queue by its length (at most 2), the list by which tickets are checked in, the
 * answer, the error and the report by whether there is one, the request by its kind. With the
 * whole context the outage model had 8,500 vertices and took 80 s to traverse. */
const gateKey = (s: Snapshot) => {
  const { queue, day, report, answer, error, request, ...rest } = s.context;
  return JSON.stringify({
    value: s.value,
    context: {
      ...rest,
      queue: Math.min(queue.length, 2),
      checked: day?.tickets.map((t) => t.status),
      report: report !== null,
      answer: answer?.passed ?? null,
      error: error !== null,
      request: request && Object.keys(request).sort().join(),
    },
  });
};

pathSuite('gate', [
  {
    name: 'online',
    machine: gateMachine,
    input: { gateId: 'gate-1', queue: [] },
    generators: ['cover'],
    key: gateKey as PathModel['key'],
    events: online as PathModel['events'],
    // Every check-in is for the gate's own hall, and an order number is a valid one.
    outcome: checkInsOfTheHall,
    outcomes: {
      loadHalls: [{ output: HALLS }, { error: 'Network error' }],
      loadDay: [{ output: ONLINE }],
      checkIn: [{ output: IN }, { output: OUT }, { error: 'Network error' }],
      offlineScan: [],
      sync: [],
      collect: [],
      ticker: [],
    },
  },
  {
    name: 'outage',
    machine: gateMachine,
    input: { gateId: 'gate-1', queue: [] },
    generators: ['cover'],
    key: gateKey as PathModel['key'],
    events: outage as PathModel['events'],
    // A sync sends only queued items of this gate, each once; the queue never holds a ticket twice.
    outcome: (end) => {
      checkInsOfTheHall(end);
      for (const queue of callsOf(end, 'sync') as GateQueueItem[][]) {
        expect(queue.length).toBeGreaterThan(0);
        expect(new Set(queue.map((item) => item.id)).size).toBe(queue.length);
        for (const item of queue) expect(item).toMatchObject({ hallId: HALL, gateId: 'gate-1' });
      }
      const queued = (end.snapshot.context.queue as GateQueueItem[]).flatMap((item) => item.ticketIds);
      expect(new Set(queued).size).toBe(queued.length);
    },
    outcomes: {
      loadHalls: [{ output: HALLS }],
      loadDay: [{ output: ONLINE }, { output: STORED }, { output: NONE }, { error: 'No such hall' }],
      checkIn: [{ output: UNREACHABLE }, { output: IN }],
      offlineScan: scans as PathModel['outcomes'][string],
      sync: syncs as PathModel['outcomes'][string],
      collect: [],
      ticker: [],
    },
  },
  {
    name: 'collect',
    machine: gateMachine,
    // A check-in left on the device: the gate syncs it online, and collects meanwhile.
    input: { gateId: 'gate-1', queue: [LEFT] },
    generators: ['cover'],
    events: collecting as PathModel['events'],
    key: collectKey as PathModel['key'],
    // A collection is asked of the server for the gate's hall, with what is handed out, and
    // never queued on the device: the queue holds check-ins only, one per scan.
    outcome: (end) => {
      checkInsOfTheHall(end);
      for (const input of callsOf(end, 'collect') as CollectInput[]) {
        expect(input.hallId).toBe(HALL);
        expect(['paper', 'wristband']).toContain(input.form);
      }
      // The check-in left on the device, and those made offline.
      const queued = callsOf(end, 'offlineScan').length;
      expect((end.snapshot.context.queue as GateQueueItem[]).length).toBeLessThanOrEqual(queued + 1);
    },
    outcomes: {
      loadHalls: [{ output: HALLS }],
      loadDay: [{ output: ONLINE }, { output: STORED }],
      checkIn: [{ output: UNREACHABLE }, { output: IN }],
      offlineScan: scans as PathModel['outcomes'][string],
      sync: syncs as PathModel['outcomes'][string],
      collect: [{ output: IN }, { output: OUT }, { output: UNREACHABLE }, { error: 'Your staff role may not do this' }],
      ticker: [],
    },
  },
]);

/** A gate on fakes: the list (its reload may hang), a server that can be cut off, and what reached it. */
function gateOn(server: { up: boolean; checked: Set<string>; reloadHangs?: boolean }, queue: GateQueueItem[] = []) {
  const sent: Array<CheckInInput | CollectInput | GateQueueItem[]> = [];
  const stored: GateQueueItem[][] = [];
  let n = 0;
  const actor = createActor(
    gateMachine.provide({
      actors: {
        loadHalls: fromPromise(async () => HALLS),
        loadDay: fromPromise(() => (server.reloadHangs ? new Promise<DayLoad>(() => undefined) : Promise.resolve(server.up ? ONLINE : STORED))),
        checkIn: fromPromise(async ({ input }: { input: CheckInInput }): Promise<GateAnswer | typeof UNREACHABLE> => {
          if (!server.up) return UNREACHABLE;
          sent.push(input);
          return IN;
        }),
        collect: fromPromise(async ({ input }: { input: CollectInput }): Promise<GateAnswer | typeof UNREACHABLE> => {
          if (!server.up) return UNREACHABLE;
          sent.push(input);
          return IN;
        }),
        offlineScan: fromPromise(async ({ input }: { input: ScanCode }) => ({
          digest: 'qr' in input && input.qr === QR ? 'known' : 'forged',
          id: `item-${n++}`,
          scannedAt: LOADED_AT,
        })),
        sync: fromPromise(async ({ input }: { input: GateQueueItem[] }): Promise<GateSyncAnswer | typeof UNREACHABLE> => {
          if (!server.up) return UNREACHABLE;
          sent.push(input);
          return {
            items: input.map((item) => ({
              id: item.id,
              outcome: server.checked.has(item.id) ? ('duplicate' as const) : ('checkedIn' as const),
              count: 1,
              reason: null,
            })),
          };
        }),
        ticker: fromCallback(() => undefined),
      },
      actions: { storeQueue: ({ context }) => void stored.push(context.queue) },
    }),
    { input: { gateId: 'gate-1', queue } },
  ).start();
  return { actor, sent, stored };
}

/** A gate on fakes, its hall open and scanning. */
async function openGate(server: { up: boolean; checked: Set<string>; reloadHangs?: boolean }) {
  const gate = gateOn(server);
  await waitFor(gate.actor, (s) => s.matches('choosing'));
  gate.actor.send({ type: 'PICK_HALL', hallId: HALL });
  await waitFor(gate.actor, (s) => s.matches({ open: 'scanning' }));
  return gate;
}

describe('gate: behaviour', () => {
  it('a code still held up after its answer is not sent again; an order number typed meanwhile is', async () => {
    const { actor, sent } = gateOn({ up: true, checked: new Set() });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'PICK_HALL', hallId: HALL });
    await waitFor(actor, (s) => s.matches({ open: 'scanning' }));
    actor.send({ type: 'SCANNED', text: QR });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    actor.send({ type: 'SCANNED', text: QR });
    expect(actor.getSnapshot().value).toEqual({ open: 'answered' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SCANNED', text: QR });
    expect(actor.getSnapshot().value).toEqual({ open: 'scanning' });
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: NUMBER });
    actor.send({ type: 'CHECK_ORDER' });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(sent).toEqual([
      { hallId: HALL, qr: QR },
      { hallId: HALL, orderNumber: NUMBER },
    ]);
  });

  it('an order number typed while the list reloads is kept, and checked at once', async () => {
    const server = { up: true, checked: new Set<string>(), reloadHangs: false };
    const { actor, sent } = await openGate(server);
    server.reloadHangs = true;
    actor.send({ type: 'TICK', now: LOADED_AT + 600_000 });
    expect(actor.getSnapshot().value).toEqual({ open: 'refreshing' });
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: NUMBER.toLowerCase() });
    expect(actor.getSnapshot().context.orderNumber).toBe(NUMBER);
    actor.send({ type: 'CHECK_ORDER' });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(sent).toEqual([{ hallId: HALL, orderNumber: NUMBER }]);
  });

  it('offline, a listed ticket goes in once and waits on the device; back online, the sync sends it and it leaves the device', async () => {
    const server = { up: true, checked: new Set<string>() };
    const { actor, sent, stored } = await openGate(server);
    server.up = false;
    actor.send({ type: 'SCANNED', text: QR });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(actor.getSnapshot().context).toMatchObject({
      offline: true,
      answer: { passed: true, offline: true, count: 1 },
      queue: [{ id: 'item-0', ticketIds: [41], gateId: 'gate-1' }],
    });
    expect(stored.at(-1)).toHaveLength(1);
    // The same ticket again (the next scan of it): refused from the queue, without a call.
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SCANNED', text: 'other' });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(actor.getSnapshot().context.answer).toMatchObject({ passed: false, reason: { en: 'Not a ticket of this hall today (offline check)' } });
    actor.send({ type: 'SCANNED', text: QR });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }) && s.context.lastQr === QR);
    expect(actor.getSnapshot().context.answer).toMatchObject({ passed: false, reason: { en: expect.stringMatching(/^Already checked in offline here/) } });
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    // A sync while the network is still down keeps the queue.
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SYNC' });
    await waitFor(actor, (s) => s.matches({ open: 'scanning' }));
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    // Back: the ticker syncs, the item leaves the device.
    server.up = true;
    actor.send({ type: 'TICK', now: LOADED_AT + 30_000 });
    await waitFor(actor, (s) => s.matches({ open: 'scanning' }) && s.context.queue.length === 0);
    expect(actor.getSnapshot().context).toMatchObject({ offline: false, report: { checkedIn: 1, problems: [] } });
    expect(sent).toEqual([[expect.objectContaining({ id: 'item-0', hallId: HALL, code: { qr: QR } })]]);
    expect(stored.at(-1)).toEqual([]);
  });

  it('a queue left on the device is synced on the first tick, its duplicates listed until closed', async () => {
    const { actor, sent } = gateOn({ up: true, checked: new Set(['left']) }, [LEFT]);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'PICK_HALL', hallId: HALL });
    await waitFor(actor, (s) => s.matches({ open: 'scanning' }));
    actor.send({ type: 'TICK', now: LOADED_AT + 30_000 });
    await waitFor(actor, (s) => s.matches({ open: 'reported' }));
    expect(actor.getSnapshot().context.report).toMatchObject({ checkedIn: 0, problems: [{ id: 'left', label: '林*', outcome: 'duplicate' }] });
    // The next group's number typed and checked with the list still open; the list closes after.
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: NUMBER });
    actor.send({ type: 'CHECK_ORDER' });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(sent.at(-1)).toEqual({ hallId: HALL, orderNumber: NUMBER });
    actor.send({ type: 'CLOSE_REPORT' });
    expect(actor.getSnapshot().context.report).toBeNull();
  });

  it('collect mode records a hand-out on the server; offline it is refused at once, never answered from the list nor queued', async () => {
    const server = { up: true, checked: new Set<string>() };
    const { actor, sent, stored } = await openGate(server);
    actor.send({ type: 'MODE', mode: 'collect' });
    actor.send({ type: 'FORM', form: 'wristband' });
    actor.send({ type: 'SCANNED', text: QR });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(sent).toEqual([{ hallId: HALL, qr: QR, form: 'wristband' }]);
    // Back to check-in: the answer of the collection goes, and the same code held up checks in.
    actor.send({ type: 'MODE', mode: 'checkIn' });
    expect(actor.getSnapshot().context.answer).toBeNull();
    actor.send({ type: 'SCANNED', text: QR });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(sent.at(-1)).toEqual({ hallId: HALL, qr: QR });
    // The network gone: the call finds none, the collection is refused and nothing is queued.
    server.up = false;
    actor.send({ type: 'MODE', mode: 'collect' });
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: NUMBER });
    actor.send({ type: 'CHECK_ORDER' });
    await waitFor(actor, (s) => s.matches({ open: 'scanning' }) && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      offline: true,
      queue: [],
      answer: null,
      error: { en: 'Offline: a collection must be recorded on the server, and was not. Scan again when the network is back' },
    });
    // Offline now: the next scan is refused at once, without a call; the device keeps no queue.
    const calls = sent.length;
    actor.send({ type: 'SCANNED', text: `${QR}2` });
    expect(actor.getSnapshot().value).toEqual({ open: 'scanning' });
    expect(actor.getSnapshot().context.error?.zh).toMatch(/^网络不通：取票须在服务器登记/);
    expect(sent).toHaveLength(calls);
    expect(stored).toEqual([]);
    // Back online (a reload gets through): the same ticket is collected.
    server.up = true;
    actor.send({ type: 'SYNC' });
    await waitFor(actor, (s) => s.matches({ open: 'scanning' }) && !s.context.offline);
    actor.send({ type: 'SCANNED', text: `${QR}2` });
    await waitFor(actor, (s) => s.matches({ open: 'answered' }));
    expect(sent.at(-1)).toEqual({ hallId: HALL, qr: `${QR}2`, form: 'wristband' });
  });
});
