import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../api/client.ts';
import { i18n, languageHeader, startI18n } from '../i18n/index.ts';
import { toastFail } from '../ui/feedback.ts';
import '../ui/base.css';
import { App } from './App.tsx';
import { reportExpired } from './expired.ts';
import { navigate } from 'wouter/use-browser-location';
import { setMustBind } from '../api/session.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../domain/paths.ts';

configureApi({
  language: languageHeader,
  text: (key) => i18n.t(`errors.${key}`),
  toast: toastFail,
  expired: reportExpired,
  bindRequired: () => {
    setMustBind(true);
    const here = window.location.pathname + window.location.search;
    if (window.location.pathname !== INDIVIDUAL_PATHS.bindPhone) navigate(pathTo(INDIVIDUAL_PATHS.bindPhone, {}, { redirect: here }), { replace: true });
  },
});

void startI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The app shell offline (docs/architecture.md §10): registered once the page has loaded, in its
// own chunk, so the first screen's bytes are not its; not at all where the browser has no
// service workers (the chat app's may not) and not in dev.
if (import.meta.env.PROD && navigator.serviceWorker) {
  // A chunk that fails to load leaves the app as it is: online, nothing is missing.
  const register = () =>
    void import('./appUpdate.ts').then(
      (shell) => shell.watchForUpdates(),
      () => undefined,
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
