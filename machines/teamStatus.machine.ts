/** The team status pop-ups (docs/product.md §4 "Team status pop-ups"): shown once per session, in the
 * spec's order, each with Next (the next one) and close (none of the rest).
 *
 * Input: { notices } (teamNotices(team) of src/domain/team.ts; the view passes none when the
 * session has seen them already). */
import { assign, setup } from 'xstate';
import type { TeamNotice } from '../src/domain/team.ts';

export interface TeamStatusContext {
  notices: TeamNotice[];
  index: number;
}

export type TeamStatusEvent = { type: 'NEXT' } | { type: 'CLOSE' };

export const teamStatusMachine = setup({
  types: {
    context: {} as TeamStatusContext,
    events: {} as TeamStatusEvent,
    input: {} as { notices: TeamNotice[] },
  },
  guards: {
    none: ({ context }) => context.notices.length === 0,
    last: ({ context }) => context.index >= context.notices.length - 1,
  },
  actions: {
    advance: assign(({ context }) => ({ index: context.index + 1 })),
  },
}).createMachine({
  id: 'teamStatus',
  context: ({ input }) => ({ notices: input.notices, index: 0 }),
  initial: 'showing',
  meta: { description: 'The team status pop-ups' },
  states: {
    showing: {
      meta: { description: 'One pop-up: its message, Next and close' },
      always: { guard: 'none', target: 'done' },
      on: {
        NEXT: [{ guard: 'last', target: 'done' }, { actions: 'advance' }],
        CLOSE: 'done',
      },
    },
    done: { type: 'final', meta: { description: 'Seen: none again this session' } },
  },
});
