/** A screen's wishes for the chat app (its share card, its hidden menu items) in one line:
 * `useChatAppPage({ share: { museum: name } })`, `useChatAppPage({ hideMenu: true })`. Inside
 * the chat app the work is loaded on demand (./page.ts and the SDK); anywhere else this does
 * nothing and loads nothing. Entering and leaving run in order, one after the other, so a
 * screen's "show the menu again" never overtakes the next screen's "hide it". */
import { useEffect } from 'react';
import { inChatApp } from './chatApp.ts';
import type { ChatAppPage } from './page.ts';

let queue: Promise<unknown> = Promise.resolve();
const run = (step: (page: typeof import('./page.ts')) => Promise<void>) => {
  queue = queue.then(() => import('./page.ts').then(step)).catch(() => undefined);
};

export function useChatAppPage(page: ChatAppPage | null): void {
  const key = page ? JSON.stringify(page) : '';
  useEffect(() => {
    if (!key || !inChatApp()) return;
    const wish = JSON.parse(key) as ChatAppPage;
    run((m) => m.enter(wish));
    return () => run((m) => m.leave(wish));
  }, [key]);
}
