/** The individual purchase flow lives in one machine actor shared by the select screens
 * (selectVenues -> addAudience -> addAudienceSure; for a cinema cinemaSelect ->
 * cinemaAddAudience -> cinemaSelectSeat -> cinemaAddAudienceSure). It is created when the first of them
 * loads (the date page does not need it: it keeps the first screen light), outlives a
 * detour through the login page, and is kept in sessionStorage, so a reload in the chat
 * app's browser does not lose the visitors typed in. */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { chosenHall, chosenSession, purchaseMachine } from '../../../machines/purchase.machine.ts';
import { getCalendar, getHallPersonSetting, getHalls } from '../../api/calls.ts';
import { addToCart, calculatePrice, clearShoppingCart, getRiskSwitch, getUnpaidOrder, placeOrder } from '../../api/orderCalls.ts';
import { buildOrderRequest } from '../../domain/orderRequest.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { seatMapMachine } from '../../widgets/seatMap.ts';
import { live } from '../../widgets/liveStock.ts';
import { queuePush } from '../../widgets/queuePush.ts';
import { ticker } from '../../widgets/ticker.ts';
import { checkQueue, enterQueue, readQueue } from '../../api/queueCalls.ts';

// Versioned: a snapshot of an older machine (another context shape) is not restored.
const STORAGE_KEY = 'purchase-3';

/** The ticket lines carry the free-child flag of each price (docs/product.md §3). */
const requestOf = (draft: Parameters<typeof buildOrderRequest>[0]) =>
  buildOrderRequest(draft, chosenSession(purchaseActor.getSnapshot().context)?.priceTicketPoolVOS);

/** docs/product.md §4: an answer's risk policy counts only while the risk switch of its action is on
 * (asked beside the call; if the switch cannot be read, the server's answer stands). */
async function underRiskSwitch<T extends { data: unknown }>(key: 'placeOrder' | 'shoppingCart', call: Promise<T>): Promise<T> {
  const [answer, riskSwitch] = await Promise.all([call, getRiskSwitch(key).catch(() => null)]);
  const data = answer.data as { riskEnable?: boolean } | null;
  if (data && 'riskEnable' in data && riskSwitch && !riskSwitch.enabled) data.riskEnable = false;
  return answer;
}

const machine = purchaseMachine.provide({
  actors: {
    loadCalendar: fromPromise(() => getCalendar()),
    loadHalls: fromPromise(({ input }: { input: { date: string } }) => getHalls(input.date)),
    checkUnpaid: fromPromise(async () => ({ orderId: (await getUnpaidOrder()).orderId })),
    loadSetting: fromPromise(({ input }: { input: { hallId: number } }) => getHallPersonSetting(input.hallId)),
    calculatePrice: fromPromise(({ input }) =>
      calculatePrice(
        input.draft.hallScheduleId ?? 0,
        input.draft.visitors.map((visitor) => ({ ticketPriceId: visitor.ticketPriceId ?? 0, coupon: visitor.coupon })),
      ),
    ),
    placeOrder: fromPromise(({ input }) => underRiskSwitch('placeOrder', placeOrder(requestOf(input.draft)))),
    addToCart: fromPromise(({ input }) => underRiskSwitch('shoppingCart', addToCart(requestOf(input.draft)))),
    emptyCart: fromPromise<unknown, void>(() => clearShoppingCart()),
    cinemaSeat: seatMapMachine,
    live,
    checkQueue: fromPromise(({ input }: { input: { date: string } }) => checkQueue(input.date)),
    enterQueue: fromPromise(({ input }: { input: { date: string; captchaToken: string } }) => enterQueue(input.date, input.captchaToken)),
    readQueue: fromPromise(({ input }: { input: { ticket: string } }) => readQueue(input.ticket)),
    queuePush,
    ticker,
  },
});

export type PurchaseSnapshot = SnapshotFrom<typeof machine>;

function restore() {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved) return createActor(machine, { snapshot: JSON.parse(saved) });
  } catch {
    sessionStorage.removeItem(STORAGE_KEY);
  }
  return createActor(machine);
}

export const purchaseActor = restore();
purchaseActor.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(purchaseActor.getPersistedSnapshot())));
purchaseActor.start();

export function usePurchase<T>(select: (snapshot: PurchaseSnapshot) => T): T {
  return useSelector(purchaseActor, select);
}

/** The purchase screens in flow order, and where each lives. */
export type PurchaseScreen = 'date' | 'venue' | 'visitors' | 'seats' | 'review' | 'placed' | 'carted';
const ORDER: PurchaseScreen[] = ['date', 'venue', 'visitors', 'seats', 'review', 'placed', 'carted'];

/** Which screen shows the machine's current state. */
export function screenOf(snapshot: PurchaseSnapshot): PurchaseScreen {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  switch (top) {
    case 'date':
    case 'visitors':
    case 'seats':
    case 'review':
    case 'placed':
    case 'carted':
      return top;
    default:
      // venue, checkingUnpaid, unpaidBlocked, goPay, queue (its waiting room), loadingSetting
      return 'venue';
  }
}

export function routeOf(screen: PurchaseScreen, snapshot: PurchaseSnapshot): string {
  const { context } = snapshot;
  // A cinema's screens have names of their own (docs/product.md §2).
  const cinema = chosenHall(context)?.cinema ?? false;
  switch (screen) {
    case 'date':
      return INDIVIDUAL_PATHS.selectDate;
    case 'venue':
      return pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date: context.date });
    case 'visitors':
      return pathTo(cinema ? INDIVIDUAL_PATHS.cinemaAddAudience : INDIVIDUAL_PATHS.addAudience, { id: context.hallScheduleId ?? 0 });
    case 'seats':
      return context.seats.length > 0 ? INDIVIDUAL_PATHS.cinemaSelectSeatChange : INDIVIDUAL_PATHS.cinemaSelectSeat;
    case 'review':
      return cinema ? INDIVIDUAL_PATHS.cinemaAddAudienceSure : INDIVIDUAL_PATHS.addAudienceSure;
    case 'placed':
      return pathTo(INDIVIDUAL_PATHS.payOrder, { id: snapshot.context.orderId ?? 0 });
    case 'carted':
      return INDIVIDUAL_PATHS.shoppingCart;
  }
}

/** Keeps the URL and the machine on the same screen: opening an earlier screen (the
 * browser's back button) steps the machine back to it; a machine that moves on, or that
 * has not reached this screen yet (a deep link), takes the URL to where it is. */
export function usePurchaseScreen(
  screen: PurchaseScreen,
  navigate: (to: string, options?: { replace?: boolean }) => void,
  /** While true, the URL leads: the machine is still being brought to this screen. */
  settling = false,
) {
  const actor = purchaseActor;
  useState(() => {
    // At most one BACK per screen; a state that ignores BACK (a submit in flight) stays.
    for (let step = 0; step < ORDER.length; step++) {
      if (ORDER.indexOf(screenOf(actor.getSnapshot())) <= ORDER.indexOf(screen)) break;
      actor.send({ type: 'BACK' });
    }
    return null;
  });
  const current = useSelector(actor, screenOf);
  useEffect(() => {
    if (current !== screen && !settling) {
      const behind = ORDER.indexOf(current) < ORDER.indexOf(screen);
      navigate(routeOf(current, actor.getSnapshot()), { replace: behind });
    }
  }, [current, screen, navigate, actor, settling]);
  return actor;
}
