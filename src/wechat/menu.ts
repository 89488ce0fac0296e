/** The chat app's "..." menu: on the pay screen and on screens that show a ticket's QR code the
 * items that pass the page on (send, share, favourite, copy the link, open in a browser) are
 * hidden, and shown again when the visitor leaves. A ticket's QR is a ticket, and a pay screen
 * belongs to the chat app that pays. */
import type wxSdk from 'weixin-js-sdk';
import { configuredSdk } from './sdk.ts';

export const PASSING_ON: Array<wxSdk.menuShare | wxSdk.menuProtected> = [
  'menuItem:share:appMessage',
  'menuItem:share:timeline',
  'menuItem:share:qq',
  'menuItem:share:weiboApp',
  'menuItem:share:QZone',
  'menuItem:share:facebook',
  'menuItem:favorite',
  'menuItem:copyUrl',
  'menuItem:openWithSafari',
  'menuItem:openWithQQBrowser',
  'menuItem:share:email',
];

export async function hideMenu(): Promise<void> {
  (await configuredSdk())?.hideMenuItems({ menuList: PASSING_ON });
}

export async function showMenu(): Promise<void> {
  (await configuredSdk())?.showMenuItems({ menuList: PASSING_ON });
}
