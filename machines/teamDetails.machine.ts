/** personalCenter/changeInfo: the team's address, e-mail and contact person, every rule
 * checked before saving (checkTeamDetails of src/domain/team.ts).
 *
 * Input: { details } (as the team has them). The app provides the actor `save` (the details). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkTeamDetails, type TeamDetails } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';

export interface TeamDetailsContext {
  details: TeamDetails;
  error: Text | null;
}

export type TeamDetailsEvent = { type: 'FIELD.CHANGE'; field: keyof TeamDetails; value: string } | { type: 'SAVE' };

export const teamDetailsMachine = setup({
  types: {
    context: {} as TeamDetailsContext,
    events: {} as TeamDetailsEvent,
    input: {} as { details: TeamDetails },
  },
  actors: {
    save: fromPromise<unknown, TeamDetails>(async () => notProvided('save')),
  },
  guards: {
    invalid: ({ context }) => checkTeamDetails(context.details) !== null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { details: { ...context.details, [event.field]: event.value }, error: null };
    }),
    showError: assign(({ context }) => ({ error: checkTeamDetails(context.details) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'teamDetails',
  context: ({ input }) => ({ details: input.details, error: null }),
  initial: 'editing',
  meta: { description: "The team's own details" },
  states: {
    editing: {
      meta: { description: 'The form' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        SAVE: [{ guard: 'invalid', actions: 'showError' }, { target: 'saving' }],
      },
    },
    saving: {
      meta: { description: 'Saving' },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.details,
        onDone: 'saved',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    saved: { type: 'final', meta: { description: 'Saved: back to the group centre' } },
  },
});
