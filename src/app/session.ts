/** Wires the 401 handling of SPEC §4: the API reports an expired login, the session
 * machine decides (silent logout on selectDate, a confirm dialog elsewhere). */
import { createActor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { sessionMachine } from '../../machines/session.machine.ts';
import { clearToken, currentKind } from '../api/session.ts';
import { AREA_START } from './guard.ts';

export const sessionActor = createActor(
  sessionMachine.provide({
    actions: {
      logout: () => clearToken(currentKind()),
      goToLogin: () => {
        const kind = currentKind();
        clearToken(kind);
        const here = window.location.pathname + window.location.search;
        const prefix = kind === 'team' ? '/team' : '/individualCustomers';
        navigate(`${prefix}/login?redirect=${encodeURIComponent(here)}`);
      },
      goToStart: () => navigate(AREA_START[currentKind()]),
    },
  }),
).start();

export function reportExpired(): void {
  sessionActor.send({ type: 'EXPIRED', silent: window.location.pathname.includes('selectDate') });
}
