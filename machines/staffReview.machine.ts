/** One registration in the staff console: its fields and documents, then approve (with the
 * credit certificate's expiry date, and the agreement's for a travel agency) or reject (with
 * the reason the group is told).
 *
 * Input: { teamId, today } (today 'YYYY-MM-DD' in museum time, for the date checks).
 * The app provides the actors `loadTeam` ({ teamId }), `review` ({ teamId, review }) and
 * `freeze` ({ teamId, reason }). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkReview, REVIEW_MESSAGES, type ReviewDecision } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import type { TeamForReview } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export type Review = ReviewDecision;

export interface StaffReviewContext {
  teamId: number;
  today: string;
  team: TeamForReview | null;
  reason: string;
  creditExpiresOn: string;
  protocolExpiresOn: string;
  error: Text | null;
}

export type StaffReviewEvent =
  | { type: 'FIELD.CHANGE'; field: 'reason' | 'creditExpiresOn' | 'protocolExpiresOn'; value: string }
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'FREEZE' }
  | { type: 'RETRY' };

function decision(c: StaffReviewContext, approve: boolean): Review {
  return approve ? { approve, creditExpiresOn: c.creditExpiresOn, protocolExpiresOn: c.protocolExpiresOn || undefined } : { approve, reason: c.reason.trim() };
}

const refusalOf = (c: StaffReviewContext, approve: boolean) => (c.team ? checkReview(decision(c, approve), c.team.teamType, c.today) : null);

export const staffReviewMachine = setup({
  types: {
    context: {} as StaffReviewContext,
    events: {} as StaffReviewEvent,
    input: {} as { teamId: number; today: string },
  },
  actors: {
    loadTeam: fromPromise<TeamForReview, { teamId: number }>(async () => notProvided('loadTeam')),
    review: fromPromise<TeamForReview, { teamId: number; review: Review }>(async () => notProvided('review')),
    /** Freezes the team with the reason (it is told by text message). */
    freeze: fromPromise<unknown, { teamId: number; reason: string }>(async () => notProvided('freeze')),
  },
  guards: {
    pending: ({ context }) => context.team?.reviewState === 'pending',
    noFreezeReason: ({ context }) => context.reason.trim() === '',
    freezable: ({ context }) => context.team?.reviewState === 'approved' && !context.team.frozen,
    cannotApprove: ({ context }) => refusalOf(context, true) !== null,
    noReason: ({ context }) => refusalOf(context, false) !== null,
  },
  actions: {
    setTeam: assign((_, { output: team }: { output: TeamForReview }) => ({ team, error: null })),
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { [event.field]: event.value, error: null };
    }),
    showApprovalError: assign(({ context }) => ({ error: refusalOf(context, true) })),
    showReasonError: assign(({ context }) => ({ error: refusalOf(context, false) })),
    showFreezeReasonError: assign({ error: REVIEW_MESSAGES.freezeReason }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffReview',
  context: ({ input }) => ({ teamId: input.teamId, today: input.today, team: null, reason: '', creditExpiresOn: '', protocolExpiresOn: '', error: null }),
  initial: 'loading',
  meta: { description: 'Review one group registration' },
  states: {
    ...loadingStates(
      {
        src: 'loadTeam',
        input: ({ context }: { context: StaffReviewContext }) => ({ teamId: context.teamId }),
        onDone: { target: 'shown', actions: { type: 'setTeam', params: output } },
      },
      { loading: 'Loading the registration', failed: 'The registration could not be loaded: retry' },
    ),
    shown: {
      meta: { description: 'The registration is shown; an approved team can be frozen with a reason' },
      always: { guard: 'pending', target: 'deciding' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        FREEZE: [
          { guard: 'noFreezeReason', actions: 'showFreezeReasonError' },
          { guard: 'freezable', target: 'freezing' },
        ],
      },
    },
    freezing: {
      meta: { description: 'Freezing the team' },
      invoke: {
        id: 'freeze',
        src: 'freeze',
        input: ({ context }) => ({ teamId: context.teamId, reason: context.reason.trim() }),
        onDone: { target: 'loading', actions: assign({ reason: '' }) },
        onError: { target: 'shown', actions: { type: 'setFailure', params: failure } },
      },
    },
    deciding: {
      meta: { description: 'Pending: approve with the dates, or reject with a reason' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        APPROVE: [{ guard: 'cannotApprove', actions: 'showApprovalError' }, { target: 'submitting.approving' }],
        REJECT: [{ guard: 'noReason', actions: 'showReasonError' }, { target: 'submitting.rejecting' }],
      },
    },
    submitting: {
      meta: { description: 'Sending the decision' },
      initial: 'approving',
      states: {
        approving: {
          meta: { description: 'Approving' },
          invoke: {
            id: 'approve',
            src: 'review',
            input: ({ context }) => ({ teamId: context.teamId, review: decision(context, true) }),
            onDone: { target: '#staffReview.shown', actions: { type: 'setTeam', params: output } },
            onError: { target: '#staffReview.deciding', actions: { type: 'setFailure', params: failure } },
          },
        },
        rejecting: {
          meta: { description: 'Rejecting' },
          invoke: {
            id: 'reject',
            src: 'review',
            input: ({ context }) => ({ teamId: context.teamId, review: decision(context, false) }),
            onDone: { target: '#staffReview.shown', actions: { type: 'setTeam', params: output } },
            onError: { target: '#staffReview.deciding', actions: { type: 'setFailure', params: failure } },
          },
        },
      },
    },
  },
});
