/** What a screen asks of the chat app, done on entering and undone on leaving (loaded only
 * inside the chat app, by useChatAppPage). */
import { hideMenu, showMenu } from './menu.ts';
import { shareCard, type ShareWhat } from './share.ts';

export interface ChatAppPage {
  /** The card this page shares. */
  share?: ShareWhat | null;
  /** A pay or ticket QR screen: the menu items that pass the page on are hidden. */
  hideMenu?: boolean;
}

export async function enter(page: ChatAppPage): Promise<void> {
  if (page.hideMenu) await hideMenu();
  if (page.share) await shareCard(page.share);
}

export async function leave(page: ChatAppPage): Promise<void> {
  if (page.hideMenu) await showMenu();
}
