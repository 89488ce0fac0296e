/** Share cards (what "send to a friend" and "share to moments" show) for the museum's entry and
 * for a shared order. A card carries nothing private: the museum's name and logo, or an order's
 * date, hall and session with its first visitor's masked name, and a link to a page anyone may
 * open (the calendar, the shared order's page). */
import { maskName } from '../domain/certificates.ts';
import { pathTo, INDIVIDUAL_PATHS, SHARED_PATHS } from '../domain/paths.ts';
import { fill, type Text } from '../domain/text.ts';
import type { OrderDetail } from '../domain/types.ts';
import { tr } from '../i18n/index.ts';
import { configuredSdk } from './sdk.ts';

export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** What a page shares: the museum (its configured name), or an order shared by its link. */
export type ShareWhat = { museum: string } | { order: OrderDetail; flag: string };

export const CARD_TEXTS = {
  museumDesc: { zh: '选日期、选场次，在线预约参观', en: 'Pick a day and a session and book your visit online' },
  orderTitle: { zh: '{name}的门票（{date}）', en: "{name}'s tickets for {date}" },
  orderTitleNoName: { zh: '科技馆门票（{date}）', en: 'Museum tickets for {date}' },
  orderDesc: { zh: '{hall} {begin}-{end}，共{n}张', en: '{hall}, {begin}-{end}, {n} tickets' },
} satisfies Record<string, Text>;

/** The logo on every card (a PNG: the chat app shows no SVG on a card). */
const logo = () => `${location.origin}/share-logo.png`;

export function cardOf(what: ShareWhat): ShareCard {
  if ('museum' in what) {
    return { title: what.museum, desc: tr(CARD_TEXTS.museumDesc), link: location.origin + INDIVIDUAL_PATHS.selectDate, imgUrl: logo() };
  }
  const { order, flag } = what;
  // The shared page already masks names; masked again here, so no card ever carries a full one.
  const first = order.tickets[0]?.userName;
  const date = order.visitDate;
  const title = first ? fill(CARD_TEXTS.orderTitle, { name: maskName(first), date }) : fill(CARD_TEXTS.orderTitleNoName, { date });
  const desc = fill(CARD_TEXTS.orderDesc, { hall: order.hallName, begin: order.beginTime, end: order.endTime, n: order.tickets.length });
  return { title: tr(title), desc: tr(desc), link: location.origin + pathTo(SHARED_PATHS.repOrder, { flag }), imgUrl: logo() };
}

/** Sets the card of this page for both ways of sharing. */
export async function shareCard(what: ShareWhat): Promise<void> {
  const wx = await configuredSdk();
  if (!wx) return;
  const card = cardOf(what);
  const done = () => undefined;
  wx.updateAppMessageShareData({ ...card, success: done });
  wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl, success: done });
}
