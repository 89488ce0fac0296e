/// <reference lib="webworker" />
/** The service worker (docs/architecture.md §10): the app shell offline. It precaches the build
 * (vite.config.ts injects the list with each file's revision: a new build is a new version,
 * installed in the background and waiting until the visitor takes it, src/app/appUpdate.ts) and
 * answers every page with the precached index.html, so that "My tickets" opens without signal.
 * It keeps no answer of the API: the visitor's tickets are the app's own (src/api/offlineTickets.ts). */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every screen is index.html; the API, its reference and the operator's pages are not screens.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/prod-api\//, /^\/(metrics|healthz|readyz)$/] }));

// The visitor tapped "update": the waiting version takes over, the page reloads into it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
