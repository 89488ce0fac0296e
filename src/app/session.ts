/** The 401 handling of docs/product.md §4: the API reports an expired login, the session machine
 * decides (silent logout on selectDate and the no-login screens, a confirm dialog elsewhere). Loaded on the first
 * 401 only (see expired.ts): most visits never need it. */
import { createActor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { sessionMachine } from '../../machines/session.machine.ts';
import { clearToken, currentKind } from '../api/session.ts';
import { i18n } from '../i18n/index.ts';
import { confirm } from '../ui/feedback.ts';
import { AREA_LOGIN, AREA_START } from '../domain/areas.ts';
import { pathTo } from '../domain/paths.ts';
import { matchRoute } from './routes.ts';

export const sessionActor = createActor(
  sessionMachine.provide({
    actions: {
      logout: () => clearToken(currentKind()),
      goToLogin: () => {
        const kind = currentKind();
        clearToken(kind);
        const here = window.location.pathname + window.location.search;
        navigate(pathTo(AREA_LOGIN[kind], {}, { redirect: here }));
      },
      goToStart: () => navigate(AREA_START[currentKind()]),
    },
  }),
).start();

// The confirm dialog of an expired login: log in again, or cancel (log out, area start).
let asking = false;
sessionActor.subscribe((snapshot) => {
  if (!snapshot.matches('confirming') || asking) return;
  asking = true;
  void confirm({
    title: i18n.t('expired.title'),
    message: i18n.t('expired.message'),
    confirmButtonText: i18n.t('expired.relogin'),
    cancelButtonText: i18n.t('common.cancel'),
  }).then((again) => {
    asking = false;
    sessionActor.send({ type: again ? 'RELOGIN' : 'CANCEL' });
  });
});

/** Silent on the date page (docs/product.md §4) and on every screen that opens without login: a
 * visitor there never asked to be logged in, so there is nothing to "expire". */
export function reportExpired(): void {
  const path = window.location.pathname;
  sessionActor.send({ type: 'EXPIRED', silent: path.includes('selectDate') || matchRoute(path)?.noLogin === true });
}
