/** A gate: the attendant picks the gate's hall among today's, then every ticket QR
 * the camera reads, or an order number typed in (a group at once), is checked in; the answer
 * shows big and green or red for a few seconds, then the gate scans again. The code just sent
 * is not sent again while the camera keeps reading it (the visitor still holds it up); a
 * failed call forgets it, so it can be scanned again.
 *
 * A short outage does not stop the gate: opening the hall loads the day's list of its tickets
 * (digests, masked names: src/domain/gateOffline.ts), reloaded every few minutes. When a
 * check-in finds no network, the gate answers from that list and keeps the check-in in a local
 * queue; it stays offline (answering from the list at once, without waiting on the network)
 * until a sync or a reload gets through. The ticker syncs the queue while it waits (SYNC too:
 * the button, the browser's "online"); each item leaves the queue only when the server has
 * answered it, and the duplicates and refusals the server found are shown for the staff to read.
 *
 * In collect mode (docs/product.md §4.1) a scan or an order number records a paper ticket or a
 * wristband handed out instead of a check-in. A collection is recorded on the server only:
 * offline, or when the call finds no network, it is refused with what to do, never answered
 * from the list nor queued.
 *
 * The app provides the actors `loadHalls` (today's halls), `loadDay` (the list: from the server,
 * stored on the device, or the stored one when unreachable), `checkIn`, `collect`, `offlineScan` (the
 * scan's digest, a new item id and the time), `sync`, `ticker`, and the action `storeQueue`
 * (the queue kept on the device). Its input is the gate's id and the queue left on the device. */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CollectionForm } from '../src/domain/collection.ts';
import { checkOrderNumber } from '../src/domain/fields.ts';
import {
  afterSync,
  gateChore,
  GATE_OFFLINE_REFUSALS,
  isUnreachable,
  offlineVerdict,
  queueItem,
  type GateDay,
  type GateQueueItem,
  type GateSyncAnswer,
  type GateSyncReport,
  type GateVerdict,
  type ScanCode,
  type Unreachable,
} from '../src/domain/gateOffline.ts';
import type { Text } from '../src/domain/text.ts';
import type { GateAnswer, HallPool } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';
import { ticker, type TickEvent } from './ticker.ts';

/** How long an answer stays on the screen before the gate scans again. */
export const ANSWER_MS = 3000;
/** How often the gate looks whether to sync or reload its list. */
export const GATE_TICK_MS = 30_000;

export type CheckInInput = { hallId: number; qr: string } | { hallId: number; orderNumber: string };
/** A collection: the scan, and what is handed out. */
export type CollectInput = CheckInInput & { form: CollectionForm };
/** What a scan does: let the ticket in, or record a paper ticket or wristband handed out for it. */
export type GateMode = 'checkIn' | 'collect';

/** The day's list as loaded: from the server (online), or the one stored on the device. */
export interface DayLoad {
  day: GateDay | null;
  offline: boolean;
  /** The device's clock when loaded, epoch ms. */
  at: number;
}

/** An offline scan's digest, its queue item id and when it was made (the device's). */
export interface OfflineScan {
  digest: string;
  id: string;
  scannedAt: number;
}

export interface GateInput {
  gateId: string;
  queue: GateQueueItem[];
}

export interface GateContext {
  gateId: string;
  mode: GateMode;
  /** What collect mode records as handed out. */
  form: CollectionForm;
  halls: HallPool[];
  hallId: number | null;
  orderNumber: string;
  /** The last code sent: a camera reading it again (the visitor still holds it up) sends nothing. */
  lastQr: string | null;
  /** What is being checked in now. */
  request: CheckInInput | null;
  answer: GateVerdict | null;
  error: Text | null;
  /** The hall's list of today, and when it was loaded (the device's clock). */
  day: GateDay | null;
  dayLoadedAt: number | null;
  /** Check-ins made offline, waiting for the server's answer. */
  queue: GateQueueItem[];
  /** The network failed the last call: scans are answered from the list. */
  offline: boolean;
  /** The last sync's figures, its duplicates and refusals, until the staff close it. */
  report: GateSyncReport | null;
  /** A sync was asked for (the network back) while the gate was busy: it runs after the answer. */
  syncAsked: boolean;
}

export type GateEvent =
  | { type: 'RETRY' }
  | { type: 'PICK_HALL'; hallId: number }
  | { type: 'CHANGE_HALL' }
  | { type: 'MODE'; mode: GateMode }
  | { type: 'FORM'; form: CollectionForm }
  | { type: 'SCANNED'; text: string }
  | { type: 'ORDER_NUMBER.CHANGE'; value: string }
  | { type: 'CHECK_ORDER' }
  | { type: 'NEXT' }
  | { type: 'SYNC' }
  | { type: 'CLOSE_REPORT' }
  | TickEvent;

const scanCode = (request: CheckInInput): ScanCode => ('qr' in request ? { qr: request.qr } : { orderNumber: request.orderNumber });

/** An online answer as the gate shows it. */
const verdictOf = (answer: GateAnswer): GateVerdict => ({ ...answer, reason: answer.reason === null ? null : sameText(answer.reason), offline: false });

/** A code read, or an order number sent: a collection goes to the server (offline: refused at
 * once); a check-in offline with a list is answered from it at once. */
const SCANNED_ONLINE_COLLECT = [
  { guard: and(['newCode', 'collectMode']), target: 'collecting', actions: 'sendQr' },
  { guard: and(['newCode', 'fromList']), target: 'offlineChecking', actions: 'sendQr' },
  { guard: 'newCode', target: 'checking', actions: 'sendQr' },
] as const;
const SCANNED = [{ guard: and(['newCode', 'collectMode', 'offline']), actions: 'refuseCollectOffline' }, ...SCANNED_ONLINE_COLLECT] as const;
/** The answer shown long enough: a sync asked for meanwhile runs now (a reload when nothing waits,
 * to find the network back), else the gate scans again. */
const AFTER_ANSWER = [
  { guard: and(['syncAsked', 'hasQueue']), target: 'syncing', actions: 'clearAnswer' },
  { guard: 'syncAsked', target: 'refreshing', actions: 'clearAnswer' },
  { target: 'scanning', actions: 'clearAnswer' },
] as const;
/** The hall's list loaded (on opening, and again on the ticker); a refusal is shown, the gate scans on. */
const LOAD_DAY = {
  src: 'loadDay',
  input: ({ context }: { context: GateContext }) => ({ hallId: context.hallId ?? 0 }),
  onDone: { target: 'scanning', actions: { type: 'setDay', params: output } },
  onError: { target: 'scanning', actions: { type: 'setFailure', params: failure } },
} as const;
/** The mode and the form change between scans; while the server answers one (the screen busy) they wait. */
const MODE_CHANGE = { MODE: { actions: 'setMode' }, FORM: { actions: 'setForm' } } as const;
/** Another hall, whenever the screen is not busy with a scan (a reload or a sync is left: the
 * list is loaded again for the hall picked, the sync sent again later, answered the same). */
const CHANGE_HALL = { CHANGE_HALL: '#gate.choosing' } as const;
/** Just synced, so online: the server answers the number typed. */
const CHECK_ORDER_ONLINE = [
  { guard: and(['numberValid', 'collectMode']), target: 'collecting', actions: 'sendNumber' },
  { guard: 'numberValid', target: 'checking', actions: 'sendNumber' },
  { actions: 'refuseNumber' },
] as const;
const CHECK_ORDER_ONLINE_COLLECT = [
  CHECK_ORDER_ONLINE[0],
  { guard: and(['numberValid', 'fromList']), target: 'offlineChecking', actions: 'sendNumber' },
  ...CHECK_ORDER_ONLINE.slice(1),
] as const;
const CHECK_ORDER = [{ guard: and(['numberValid', 'collectMode', 'offline']), actions: 'refuseCollectOffline' }, ...CHECK_ORDER_ONLINE_COLLECT] as const;

export const gateMachine = setup({
  types: { context: {} as GateContext, events: {} as GateEvent, input: {} as GateInput },
  actors: {
    loadHalls: fromPromise<HallPool[], void>(async () => notProvided('loadHalls')),
    loadDay: fromPromise<DayLoad, { hallId: number }>(async () => notProvided('loadDay')),
    checkIn: fromPromise<GateAnswer | Unreachable, CheckInInput>(async () => notProvided('checkIn')),
    /** Records the collection on the server (`passed`: handed out by this call). */
    collect: fromPromise<GateAnswer | Unreachable, CollectInput>(async () => notProvided('collect')),
    offlineScan: fromPromise<OfflineScan, ScanCode>(async () => notProvided('offlineScan')),
    sync: fromPromise<GateSyncAnswer | Unreachable, GateQueueItem[]>(async () => notProvided('sync')),
    ticker,
  },
  guards: {
    knownHall: ({ context, event }) => {
      assertEvent(event, 'PICK_HALL');
      return context.halls.some((h) => h.hallId === event.hallId);
    },
    newCode: ({ context, event }) => {
      assertEvent(event, 'SCANNED');
      return event.text.trim() !== '' && event.text !== context.lastQr;
    },
    numberValid: ({ context }) => checkOrderNumber(context.orderNumber) === null,
    /** Offline with a list: answer at once from it rather than wait on the network again. */
    fromList: ({ context }) => context.offline && context.day !== null,
    collectMode: ({ context }) => context.mode === 'collect',
    offline: ({ context }) => context.offline,
    hasQueue: ({ context }) => context.queue.length > 0,
    syncAsked: ({ context }) => context.syncAsked,
    syncDue: ({ context, event }) => {
      assertEvent(event, 'TICK');
      return gateChore({ queued: context.queue.length, offline: context.offline, loadedAt: context.dayLoadedAt, now: event.now }) === 'sync';
    },
    refreshDue: ({ context, event }) => {
      assertEvent(event, 'TICK');
      return gateChore({ queued: context.queue.length, offline: context.offline, loadedAt: context.dayLoadedAt, now: event.now }) === 'refresh';
    },
    unreachable: (_, { output: answer }: { output: unknown }) => isUnreachable(answer),
    unreachableWithList: ({ context }, { output: answer }: { output: unknown }) => isUnreachable(answer) && context.day !== null,
    syncFoundProblems: ({ context }, { output: answer }: { output: GateSyncAnswer | Unreachable }) =>
      !isUnreachable(answer) && afterSync(context.queue, answer).report.problems.length > 0,
  },
  actions: {
    setHalls: assign((_, { output: halls }: { output: HallPool[] }) => ({ halls, error: null })),
    pickHall: assign(({ event }) => {
      assertEvent(event, 'PICK_HALL');
      return { hallId: event.hallId, answer: null, lastQr: null, day: null, dayLoadedAt: null };
    }),
    setDay: assign(({ context }, { output: load }: { output: DayLoad }) => ({
      // Unreachable without a stored list: the one in memory still serves.
      day: load.day ?? context.day,
      dayLoadedAt: load.offline ? context.dayLoadedAt : load.at,
      offline: load.offline,
      error: null,
    })),
    sendQr: assign(({ context, event }) => {
      assertEvent(event, 'SCANNED');
      return { lastQr: event.text, request: { hallId: context.hallId ?? 0, qr: event.text }, error: null };
    }),
    sendNumber: assign(({ context }) => ({ request: { hallId: context.hallId ?? 0, orderNumber: context.orderNumber }, error: null })),
    setNumber: assign(({ event }) => {
      assertEvent(event, 'ORDER_NUMBER.CHANGE');
      return { orderNumber: event.value.trim().toUpperCase(), error: null };
    }),
    refuseNumber: assign(({ context }) => ({ error: checkOrderNumber(context.orderNumber) })),
    setAnswer: assign((_, { output: answer }: { output: GateAnswer | Unreachable }) =>
      isUnreachable(answer) ? {} : { answer: verdictOf(answer), orderNumber: '', offline: false },
    ),
    goOffline: assign({ offline: true }),
    /** A collection the server did not record: the same ticket may be scanned again once online. */
    refuseCollectOffline: assign({ offline: true, lastQr: null, answer: null, error: GATE_OFFLINE_REFUSALS.collect }),
    setMode: assign(({ event }) => {
      assertEvent(event, 'MODE');
      // The code held up may now be scanned for the other purpose.
      return { mode: event.mode, lastQr: null, error: null };
    }),
    setForm: assign(({ event }) => {
      assertEvent(event, 'FORM');
      return { form: event.form };
    }),
    refuseWithoutList: assign({ offline: true, lastQr: null, error: GATE_OFFLINE_REFUSALS.noList }),
    answerFromList: assign(({ context }, { output: scan }: { output: OfflineScan }) => {
      if (!context.day || !context.request) return {};
      const code = scanCode(context.request);
      const answer = offlineVerdict(context.day, context.queue, code, scan.digest);
      const item = queueItem(answer, { id: scan.id, hallId: context.request.hallId, gateId: context.gateId, scannedAt: scan.scannedAt, code });
      return { answer, orderNumber: '', queue: answer.passed ? [...context.queue, item] : context.queue };
    }),
    /** Keeps the queue on the device (the app provides it): nothing of it is lost to a reload. */
    storeQueue: () => undefined,
    applySync: assign(({ context }, { output: answer }: { output: GateSyncAnswer | Unreachable }) => {
      if (isUnreachable(answer)) return {};
      const { queue, report } = afterSync(context.queue, answer);
      return { queue, report, offline: false, error: null };
    }),
    closeReport: assign({ report: null }),
    askSync: assign({ syncAsked: true }),
    startSync: assign({ syncAsked: false }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), lastQr: null })),
    clearAnswer: assign({ answer: null }),
  },
}).createMachine({
  id: 'gate',
  context: ({ input }) => ({
    gateId: input.gateId,
    mode: 'checkIn',
    form: 'paper',
    halls: [],
    hallId: null,
    orderNumber: '',
    lastQr: null,
    request: null,
    answer: null,
    error: null,
    day: null,
    dayLoadedAt: null,
    queue: input.queue,
    offline: false,
    report: null,
    syncAsked: false,
  }),
  initial: 'loading',
  meta: { description: 'A gate checks tickets in at its hall, online or from its list during an outage' },
  states: {
    ...loadingStates(
      { src: 'loadHalls', onDone: { target: 'choosing', actions: { type: 'setHalls', params: output } } },
      { loading: "Loading today's halls", failed: 'The halls could not be loaded: retry' },
    ),
    choosing: {
      meta: { description: "Pick the gate's hall among today's" },
      on: { PICK_HALL: { guard: 'knownHall', target: 'open', actions: 'pickHall' } },
    },
    open: {
      meta: { description: 'The gate of a hall is open' },
      invoke: { id: 'ticker', src: 'ticker', input: { everyMs: GATE_TICK_MS } },
      initial: 'opening',
      // The network back while a scan is answered: the sync waits for the answer, never cuts it.
      // A number typed is kept whatever the gate is doing (its list reloading, a sync, a call).
      // The sync's report is closed whenever the staff tap it, what the gate is doing meanwhile.
      on: { SYNC: { actions: 'askSync' }, 'ORDER_NUMBER.CHANGE': { actions: 'setNumber' }, CLOSE_REPORT: { actions: 'closeReport' } },
      states: {
        opening: {
          meta: { description: "Loading the hall's list of today for a short outage" },
          invoke: LOAD_DAY,
        },
        scanning: {
          meta: { description: 'The camera looks for a ticket QR; an order number can be typed in' },
          on: {
            SCANNED: SCANNED,
            CHECK_ORDER: CHECK_ORDER,
            ...CHANGE_HALL,
            ...MODE_CHANGE,
            TICK: [
              { guard: 'syncDue', target: 'syncing' },
              { guard: 'refreshDue', target: 'refreshing' },
            ],
            SYNC: [{ guard: 'hasQueue', target: 'syncing' }, { target: 'refreshing' }],
          },
        },
        refreshing: {
          meta: { description: 'Reloading the list (or finding the network back); a scan or an order number goes first' },
          entry: 'startSync',
          invoke: LOAD_DAY,
          on: {
            SCANNED: SCANNED,
            CHECK_ORDER: CHECK_ORDER,
            ...CHANGE_HALL,
            ...MODE_CHANGE,
          },
        },
        checking: {
          meta: { description: 'Asking the server: in, or why not' },
          invoke: {
            src: 'checkIn',
            input: ({ context }) => context.request!,
            onDone: [
              { guard: { type: 'unreachableWithList', params: output }, target: 'offlineChecking', actions: 'goOffline' },
              { guard: { type: 'unreachable', params: output }, target: 'scanning', actions: 'refuseWithoutList' },
              { target: 'answered', actions: { type: 'setAnswer', params: output } },
            ],
            onError: { target: 'scanning', actions: { type: 'setFailure', params: failure } },
          },
        },
        collecting: {
          meta: { description: 'Asking the server to record a paper ticket or wristband handed out; no network: refused, never queued' },
          invoke: {
            src: 'collect',
            input: ({ context }) => ({ ...context.request!, form: context.form }),
            onDone: [
              { guard: { type: 'unreachable', params: output }, target: 'scanning', actions: 'refuseCollectOffline' },
              { target: 'answered', actions: { type: 'setAnswer', params: output } },
            ],
            onError: { target: 'scanning', actions: { type: 'setFailure', params: failure } },
          },
        },
        offlineChecking: {
          meta: { description: "No network: the scan is answered from the day's list and queued when it lets tickets in" },
          invoke: {
            src: 'offlineScan',
            input: ({ context }) => scanCode(context.request!),
            onDone: { target: 'answered', actions: [{ type: 'answerFromList', params: output }, 'storeQueue'] },
            onError: { target: 'scanning', actions: { type: 'setFailure', params: failure } },
          },
        },
        answered: {
          meta: { description: 'The answer in big letters, green or red (offline: from the list, to be synced); the gate scans again by itself' },
          after: { [ANSWER_MS]: AFTER_ANSWER },
          on: {
            NEXT: AFTER_ANSWER,
            // The answer belongs to the mode and form it was given in.
            MODE: { target: 'scanning', actions: ['setMode', 'clearAnswer'] },
            FORM: { target: 'scanning', actions: ['setForm', 'clearAnswer'] },
            // Another code, or an order number, while the answer shows: the next visitor is already
            // there. An answer in collect mode came from the server: the gate is online.
            SCANNED: SCANNED_ONLINE_COLLECT,
            CHECK_ORDER: CHECK_ORDER_ONLINE_COLLECT,
            ...CHANGE_HALL,
          },
        },
        syncing: {
          meta: {
            description:
              'Sending the check-ins made offline; each leaves the device once the server has answered it; a scan or an order number goes first (the sync is sent again later, answered the same)',
          },
          entry: 'startSync',
          on: { SCANNED: SCANNED, CHECK_ORDER: CHECK_ORDER, ...CHANGE_HALL, ...MODE_CHANGE },
          invoke: {
            src: 'sync',
            input: ({ context }) => context.queue,
            onDone: [
              { guard: { type: 'unreachable', params: output }, target: 'scanning', actions: 'goOffline' },
              { guard: { type: 'syncFoundProblems', params: output }, target: 'reported', actions: [{ type: 'applySync', params: output }, 'storeQueue'] },
              { target: 'scanning', actions: [{ type: 'applySync', params: output }, 'storeQueue'] },
            ],
            onError: { target: 'scanning', actions: { type: 'setFailure', params: failure } },
          },
        },
        reported: {
          meta: { description: 'The sync found duplicates or refusals: listed for the staff until they close the list' },
          on: {
            CLOSE_REPORT: { target: 'scanning', actions: 'closeReport' },
            ...CHANGE_HALL,
            ...MODE_CHANGE,
            // Just synced: online, so the server answers the next visitor, scanned or typed.
            SCANNED: [
              { guard: and(['newCode', 'collectMode']), target: 'collecting', actions: 'sendQr' },
              { guard: 'newCode', target: 'checking', actions: 'sendQr' },
            ],
            CHECK_ORDER: CHECK_ORDER_ONLINE,
          },
        },
      },
    },
  },
});
