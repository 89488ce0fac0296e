/** The rating card of an order's detail: the server says whether the order may be
 * rated now; if so the visitor (or the team) chooses stars for the visit and the booking and may
 * add a comment, checked by src/domain/rating.ts before it is sent; once sent, or when it was
 * rated before, the card shows the rating read-only. An order not to be rated (yet) shows none.
 *
 * Input: { orderId }. The app provides the actors `loadRating` and `rate` (both answer the card). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkRating, type RatingForm } from '../src/domain/rating.ts';
import type { Text } from '../src/domain/text.ts';
import type { OrderRating } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface RatingContext {
  orderId: number;
  card: OrderRating | null;
  form: RatingForm;
  error: Text | null;
}

export type RatingEvent =
  { type: 'RETRY' } | { type: 'STARS'; field: 'visitStars' | 'bookingStars'; stars: number } | { type: 'COMMENT'; value: string } | { type: 'SUBMIT' };

export const ratingMachine = setup({
  types: { context: {} as RatingContext, events: {} as RatingEvent, input: {} as { orderId: number } },
  actors: {
    loadRating: fromPromise<OrderRating, { orderId: number }>(async () => notProvided('loadRating')),
    rate: fromPromise<OrderRating, RatingForm & { orderId: number }>(async () => notProvided('rate')),
  },
  guards: {
    rated: (_, { output: card }: { output: OrderRating }) => card.rating !== null,
    rateable: (_, { output: card }: { output: OrderRating }) => card.rateable,
    formInvalid: ({ context }) => checkRating(context.form) !== null,
  },
  actions: {
    setCard: assign((_, { output: card }: { output: OrderRating }) => ({ card, error: null })),
    setStars: assign(({ context, event }) => {
      assertEvent(event, 'STARS');
      return { form: { ...context.form, [event.field]: event.stars }, error: null };
    }),
    setComment: assign(({ context, event }) => {
      assertEvent(event, 'COMMENT');
      return { form: { ...context.form, comment: event.value }, error: null };
    }),
    showFormError: assign(({ context }) => ({ error: checkRating(context.form) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'rating',
  context: ({ input }) => ({ orderId: input.orderId, card: null, form: { visitStars: 0, bookingStars: 0, comment: '' }, error: null }),
  initial: 'loading',
  meta: { description: "An order's rating card" },
  states: {
    ...loadingStates(
      {
        src: 'loadRating',
        input: ({ context }: { context: RatingContext }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'rated', params: output }, target: 'rated', actions: { type: 'setCard', params: output } },
          { guard: { type: 'rateable', params: output }, target: 'editing', actions: { type: 'setCard', params: output } },
          { target: 'hidden', actions: { type: 'setCard', params: output } },
        ],
      },
      { loading: 'Asking whether the order may be rated', failed: 'The rating could not be loaded: retry' },
    ),
    hidden: { meta: { description: 'Nothing to rate (not paid, or the visit is still to come): no card' } },
    editing: {
      meta: { description: 'Stars for the visit and the booking, and a comment if she likes' },
      on: {
        STARS: { actions: 'setStars' },
        COMMENT: { actions: 'setComment' },
        SUBMIT: [{ guard: 'formInvalid', actions: 'showFormError' }, { target: 'submitting' }],
      },
    },
    submitting: {
      meta: { description: 'Sending the rating' },
      invoke: {
        id: 'rate',
        src: 'rate',
        input: ({ context }) => ({ orderId: context.orderId, ...context.form }),
        onDone: { target: 'rated', actions: { type: 'setCard', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    rated: { meta: { description: 'The rating given, read-only' } },
  },
});
