/// <reference types="vite-plugin-pwa/vanillajs" />
/** The service worker's registration (docs/architecture.md §10), loaded after the first paint
 * where the browser has service workers (the chat app's may not: then nothing happens, as
 * before). When a new version has been installed in the background, a bar offers it; a tap
 * lets it take over and reloads the page into it. */
import { registerSW } from 'virtual:pwa-register';
import { i18n } from '../i18n/index.ts';
import './appUpdate.css';

export function watchForUpdates(): void {
  const update = registerSW({ onNeedRefresh: () => offer(() => void update(true)) });
}

function offer(take: () => void): void {
  if (document.getElementById('app-update')) return;
  const bar = document.createElement('div');
  bar.id = 'app-update';
  bar.className = 'app-update';
  bar.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = i18n.t('update.ready');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn--primary';
  button.textContent = i18n.t('update.reload');
  button.addEventListener('click', () => {
    button.disabled = true;
    take();
  });
  bar.append(text, button);
  document.body.append(bar);
}
