/** A team's request in the staff console (unfreezing, a renewed certificate or agreement):
 * approve (a renewal with the document's new expiry date) or reject with a reason.
 *
 * Input: { request, today }. The app provides the actor `review` ({ requestId, decision }). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkRequestReview } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import type { TeamRequest } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export interface RequestDecision {
  approve: boolean;
  reason?: string;
  expiresOn?: string;
}

export interface StaffRequestReviewContext {
  request: TeamRequest;
  today: string;
  expiresOn: string;
  reason: string;
  error: Text | null;
}

export type StaffRequestReviewEvent = { type: 'FIELD.CHANGE'; field: 'expiresOn' | 'reason'; value: string } | { type: 'APPROVE' } | { type: 'REJECT' };

function decision(c: StaffRequestReviewContext, approve: boolean): RequestDecision {
  return approve ? { approve, expiresOn: c.expiresOn || undefined } : { approve, reason: c.reason.trim() };
}

const refusalOf = (c: StaffRequestReviewContext, approve: boolean) => checkRequestReview(c.request.kind, decision(c, approve), c.today);

export const staffRequestReviewMachine = setup({
  types: {
    context: {} as StaffRequestReviewContext,
    events: {} as StaffRequestReviewEvent,
    input: {} as { request: TeamRequest; today: string },
  },
  actors: {
    review: fromPromise<TeamRequest, { requestId: number; decision: RequestDecision }>(async () => notProvided('review')),
  },
  guards: {
    cannotApprove: ({ context }) => refusalOf(context, true) !== null,
    cannotReject: ({ context }) => refusalOf(context, false) !== null,
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { [event.field]: event.value, error: null };
    }),
    showApprovalError: assign(({ context }) => ({ error: refusalOf(context, true) })),
    showRejectionError: assign(({ context }) => ({ error: refusalOf(context, false) })),
    setRequest: assign((_, { output: request }: { output: TeamRequest }) => ({ request, error: null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffRequestReview',
  context: ({ input }) => ({ request: input.request, today: input.today, expiresOn: '', reason: '', error: null }),
  initial: 'deciding',
  meta: { description: 'Decide one request of a team' },
  states: {
    deciding: {
      meta: { description: 'The request and its images: approve or reject' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        APPROVE: [{ guard: 'cannotApprove', actions: 'showApprovalError' }, { target: 'approving' }],
        REJECT: [{ guard: 'cannotReject', actions: 'showRejectionError' }, { target: 'rejecting' }],
      },
    },
    approving: {
      meta: { description: 'Approving' },
      invoke: {
        id: 'approve',
        src: 'review',
        input: ({ context }) => ({ requestId: context.request.requestId, decision: decision(context, true) }),
        onDone: { target: 'decided', actions: { type: 'setRequest', params: output } },
        onError: { target: 'deciding', actions: { type: 'setFailure', params: failure } },
      },
    },
    rejecting: {
      meta: { description: 'Rejecting' },
      invoke: {
        id: 'reject',
        src: 'review',
        input: ({ context }) => ({ requestId: context.request.requestId, decision: decision(context, false) }),
        onDone: { target: 'decided', actions: { type: 'setRequest', params: output } },
        onError: { target: 'deciding', actions: { type: 'setFailure', params: failure } },
      },
    },
    decided: { type: 'final', meta: { description: 'Decided: the team hears it by text message' } },
  },
});
