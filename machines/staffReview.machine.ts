/** One registration in the staff console: its fields and documents, then approve (with the
 * credit certificate's expiry date, and the agreement's for a travel agency) or reject (with
 * the reason the group is told).
 *
 * Input: { teamId, today } (today 'YYYY-MM-DD' in museum time, for the date checks).
 * The app provides the actors `loadTeam` ({ teamId }), `review` ({ teamId, review }) and
 * `freeze` ({ teamId, kind, reason }: a reason from the list and a note). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkReview, type ReviewDecision } from '../src/domain/team.ts';
import { checkStaffFreeze, type StaffFreezeKind } from '../src/domain/teamFreezing.ts';
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
  /** The freeze reason chosen from the list ('' until one is). */
  freezeKind: string;
  creditExpiresOn: string;
  protocolExpiresOn: string;
  error: Text | null;
}

export type StaffReviewEvent =
  | { type: 'FIELD.CHANGE'; field: 'reason' | 'freezeKind' | 'creditExpiresOn' | 'protocolExpiresOn'; value: string }
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
    freeze: fromPromise<unknown, { teamId: number; kind: StaffFreezeKind; reason: string }>(async () => notProvided('freeze')),
  },
  guards: {
    pending: ({ context }) => context.team?.reviewState === 'pending',
    noFreezeReason: ({ context }) => checkStaffFreeze(context.freezeKind, context.reason) !== null,
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
    showFreezeReasonError: assign(({ context }) => ({ error: checkStaffFreeze(context.freezeKind, context.reason) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffReview',
  context: ({ input }) => ({
    teamId: input.teamId,
    today: input.today,
    team: null,
    reason: '',
    freezeKind: '',
    creditExpiresOn: '',
    protocolExpiresOn: '',
    error: null,
  }),
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
        // noFreezeReason let only a listed kind through.
        input: ({ context }) => ({ teamId: context.teamId, kind: context.freezeKind as StaffFreezeKind, reason: context.reason.trim() }),
        onDone: { target: 'loading', actions: assign({ reason: '', freezeKind: '' }) },
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
