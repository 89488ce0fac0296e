/** Expired login (a 401 answer, docs/product.md §4 "Expired login response", §8): on the date-selection
 * page the user is logged out silently; elsewhere a confirm dialog offers to log in again or
 * to cancel, which logs out and returns to the area's start page.
 *
 * The app provides the actions `logout`, `goToLogin` and `goToStart`. */
import { assertEvent, setup } from 'xstate';

export type SessionEvent =
  /** A call answered 401. `silent` is true on the date-selection page. */
  { type: 'EXPIRED'; silent: boolean } | { type: 'RELOGIN' } | { type: 'CANCEL' };

export const sessionMachine = setup({
  types: {
    events: {} as SessionEvent,
  },
  guards: {
    isSilent: ({ event }) => {
      assertEvent(event, 'EXPIRED');
      return event.silent;
    },
  },
  actions: {
    /** Clears the token and the user (docs/product.md §4 "Login state"). */
    logout: () => {},
    /** Opens the area's login page with a redirect back to the current path. */
    goToLogin: () => {},
    /** Opens the area's start page. */
    goToStart: () => {},
  },
}).createMachine({
  id: 'session',
  initial: 'active',
  meta: { description: 'Login expiry handling' },
  states: {
    active: {
      meta: { description: 'Nothing to show; a 401 answer sends EXPIRED' },
      on: {
        EXPIRED: [{ guard: 'isSilent', actions: 'logout' }, { target: 'confirming' }],
      },
    },
    confirming: {
      meta: { description: 'The confirm dialog: log in again or cancel (further 401s are ignored)' },
      on: {
        RELOGIN: { target: 'active', actions: 'goToLogin' },
        CANCEL: { target: 'active', actions: ['logout', 'goToStart'] },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
