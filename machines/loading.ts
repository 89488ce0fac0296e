/** The shape every read-before-show repeats (the calendar, a day's halls, an order's refund
 * facts): `loading` invokes the actor (the invoke id is its name) and goes on when it
 * answers; when it fails, the machine's `setFailure` action keeps the message and `failed`
 * waits for RETRY, which loads again.
 *
 *   states: {
 *     ...loadingStates(
 *       { src: 'loadCalendar', onDone: { target: 'ready', actions: { type: 'setCalendar', params: output } } },
 *       { loading: 'Loading the calendar', failed: 'The calendar could not be loaded: retry' },
 *     ),
 *     ready: { ... },
 *   }
 *
 * The states are checked against the machine where they are spread; an `input` mapper
 * names its context type, `({ context }: { context: PurchaseContext }) => ...`. */
import { failure } from './errors.ts';

export function loadingStates<const Invoke extends { src: string; onDone: unknown }>(invoke: Invoke, descriptions: { loading: string; failed: string }) {
  return {
    loading: {
      meta: { description: descriptions.loading },
      tags: ['busy'],
      invoke: { id: invoke.src, ...invoke, onError: { target: 'failed', actions: { type: 'setFailure', params: failure } } },
    },
    failed: {
      meta: { description: descriptions.failed },
      on: { RETRY: 'loading' },
    },
  } as const;
}
