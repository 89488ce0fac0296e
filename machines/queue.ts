/** The shape the release queue's reads repeat (docs/product.md §2.13): the day's check, the entry
 * and the position read each invoke their actor (the invoke id is its name) and take its answer
 * the same way first: 'off' (no queue now) leaves through the queue with nothing kept
 * (`clearQueue`), an admission leaves through it with the answer kept (`setQueue`); then what
 * is the state's own (`then`), and where a failure goes (`onError`). `also`: actions after every
 * answer (the entry's spent slider token).
 *
 *   states: {
 *     ...queueStates({
 *       reading: {
 *         description: "Reading the place's position",
 *         src: 'readQueue',
 *         input: ({ context }: { context: PurchaseContext }) => ({ ticket: context.queue?.ticket ?? '' }),
 *         then: [{ target: 'waiting', actions: { type: 'setQueue', params: output } }],
 *         onError: { target: 'waiting', actions: { type: 'setFailure', params: failure } },
 *       },
 *     }),
 *   }
 *
 * The states are checked against the machine where they are spread; the machine provides the
 * guards `queueOff`, `queueAdmitted` and the actions `clearQueue`, `setQueue`. */
import { output } from './errors.ts';

interface QueueRead {
  description: string;
  src: string;
  input: unknown;
  then: readonly unknown[];
  onError: unknown;
  also?: readonly string[];
}

type Also<R extends QueueRead> = R['also'] extends readonly string[] ? R['also'] : [];

type QueueReadState<R extends QueueRead> = {
  meta: { description: R['description'] };
  invoke: {
    id: R['src'];
    src: R['src'];
    input: R['input'];
    onDone: readonly [
      { guard: { type: 'queueOff'; params: typeof output }; target: 'through'; actions: readonly ['clearQueue', ...Also<R>] },
      {
        guard: { type: 'queueAdmitted'; params: typeof output };
        target: 'through';
        actions: readonly [{ type: 'setQueue'; params: typeof output }, ...Also<R>];
      },
      ...R['then'],
    ];
    onError: R['onError'];
  };
};

export function queueStates<const Reads extends Record<string, QueueRead>>(reads: Reads): { [K in keyof Reads]: QueueReadState<Reads[K]> } {
  const states: Record<string, unknown> = {};
  for (const [name, r] of Object.entries(reads)) {
    const also = r.also ?? [];
    states[name] = {
      meta: { description: r.description },
      invoke: {
        id: r.src,
        src: r.src,
        input: r.input,
        onDone: [
          { guard: { type: 'queueOff', params: output }, target: 'through', actions: ['clearQueue', ...also] },
          { guard: { type: 'queueAdmitted', params: output }, target: 'through', actions: [{ type: 'setQueue', params: output }, ...also] },
          ...r.then,
        ],
        onError: r.onError,
      },
    };
  }
  return states as { [K in keyof Reads]: QueueReadState<Reads[K]> };
}
