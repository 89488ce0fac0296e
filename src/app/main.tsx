import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../api/client.ts';
import { i18n, languageHeader, startI18n } from '../i18n/index.ts';
import { toastFail } from '../ui/feedback.ts';
import '../ui/base.css';
import { App } from './App.tsx';
import { reportExpired } from './expired.ts';

configureApi({
  language: languageHeader,
  text: (key) => i18n.t(`errors.${key}`),
  toast: toastFail,
  expired: reportExpired,
});

void startI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
