/** The group draft lives in one machine actor shared by the team's select screens (selectDate
 * -> selectVenues -> addLeader -> addAudience -> addTeachers -> addAudienceSure). It is kept
 * in localStorage, so a school's lists survive a reload, a login expiry and a day away on the
 * same device: the draft is left and resumed where it was. */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { chosenGroupSession, groupDraftMachine } from '../../../machines/groupDraft.machine.ts';
import { seatMapMachine } from '../../widgets/seatMap.ts';
import { addGroupToCart, getGroupHalls, getGroupSetting, getTeamCalendar, placeGroupOrder } from '../../api/groupCalls.ts';
import { defaultGrades } from '../../domain/groupRules.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { currentLang } from '../../i18n/index.ts';
import { currentDraftTeam } from './draftOwner.ts';

// Versioned: a snapshot of an older machine (another context shape) is not restored.
const STORAGE_KEY = 'groupDraft-2';
/** The team the draft in storage belongs to. */
const OWNER_KEY = 'groupDraft-2-owner';

const machine = groupDraftMachine.provide({
  actors: {
    loadCalendar: fromPromise(() => getTeamCalendar()),
    loadHalls: fromPromise(({ input }: { input: { date: string } }) => getGroupHalls(input.date)),
    loadSetting: fromPromise(({ input }: { input: { hallId: number; date: string } }) => getGroupSetting(input.hallId, input.date)),
    placeOrder: fromPromise(({ input }) => placeGroupOrder(input)),
    addToCart: fromPromise(({ input }) => addGroupToCart(input)),
    cinemaSeat: seatMapMachine,
  },
});

export type GroupDraftSnapshot = SnapshotFrom<typeof machine>;

function restore() {
  try {
    // Another team's draft (or one left after a logout) is not this team's to see.
    if ((localStorage.getItem(OWNER_KEY) ?? '') !== (currentDraftTeam() ?? '')) localStorage.removeItem(STORAGE_KEY);
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) return createActor(machine, { snapshot: JSON.parse(saved), input: { defaultGrades: defaultGrades(currentLang()) } });
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }
  return createActor(machine, { input: { defaultGrades: defaultGrades(currentLang()) } });
}

export const groupDraftActor = restore();
let owner = currentDraftTeam();
groupDraftActor.subscribe(() => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(groupDraftActor.getPersistedSnapshot()));
  localStorage.setItem(OWNER_KEY, owner ?? '');
});
groupDraftActor.start();

export function useGroupDraft<T>(select: (snapshot: GroupDraftSnapshot) => T): T {
  return useSelector(groupDraftActor, select);
}

/** The draft's screens in flow order. */
export type GroupScreen = 'date' | 'venue' | 'leader' | 'audience' | 'teachers' | 'review' | 'seats' | 'placed' | 'carted';
const ORDER: GroupScreen[] = ['date', 'venue', 'leader', 'audience', 'teachers', 'review', 'seats', 'placed', 'carted'];
/** Where a draft ends: the app leaves for the order or the cart and starts a new draft. */
const DONE: GroupScreen[] = ['placed', 'carted'];

export function groupScreenOf(snapshot: GroupDraftSnapshot): GroupScreen {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  if (top === 'slider' || top === 'submitting' || top === 'carting') return 'review';
  return top as GroupScreen;
}

export function groupRouteOf(screen: GroupScreen, snapshot: GroupDraftSnapshot): string {
  const { context } = snapshot;
  // A dome's steps have names of their own (docs/product.md §2 team cinema screens).
  const hall = chosenGroupSession(context)?.hall;
  const cinema = hall?.cinema ?? false;
  switch (screen) {
    case 'date':
      return TEAM_PATHS.selectDate;
    case 'venue':
      return cinema && hall ? pathTo(TEAM_PATHS.cinemaSelect, { id: hall.hallId }) : pathTo(TEAM_PATHS.selectVenues, {}, { date: context.draft.visitDate });
    case 'leader':
      return cinema ? TEAM_PATHS.cinemaAddLeader : TEAM_PATHS.addLeader;
    case 'audience':
      return cinema ? TEAM_PATHS.cinemaAddAudience : TEAM_PATHS.addAudience;
    case 'teachers':
      return cinema ? TEAM_PATHS.cinemaAddTeachers : TEAM_PATHS.addTeachers;
    case 'review':
      return cinema ? TEAM_PATHS.cinemaAddAudienceSure : TEAM_PATHS.addAudienceSure;
    case 'seats':
      return context.seats.length > 0 ? TEAM_PATHS.cinemaSelectSeatChange : TEAM_PATHS.cinemaSelectSeat;
    case 'placed':
      return pathTo(TEAM_PATHS.payOrder, { id: context.orderId ?? 0 });
    case 'carted':
      return TEAM_PATHS.shoppingCart;
  }
}

/** The path of a step of this draft (for a screen's back arrow). */
export const useGroupPath = (screen: GroupScreen) => useSelector(groupDraftActor, (s) => groupRouteOf(screen, s));

/** Keeps the URL and the draft on the same screen: opening an earlier screen (the browser's
 * back button) steps the draft back to it; a draft that moves on, or a deep link to a step
 * not reached yet, takes the URL to where the draft is. */
export function useGroupScreen(screen: GroupScreen, navigate: (to: string, options?: { replace?: boolean }) => void) {
  const actor = groupDraftActor;
  useState(() => {
    // Another team logged in on this page since the draft was written: start it afresh.
    if (owner !== currentDraftTeam()) {
      owner = currentDraftTeam();
      actor.send({ type: 'DISCARD' });
    }
    for (let step = 0; step < ORDER.length; step++) {
      if (ORDER.indexOf(groupScreenOf(actor.getSnapshot())) <= ORDER.indexOf(screen)) break;
      actor.send({ type: 'BACK' });
    }
    return null;
  });
  const current = useSelector(actor, groupScreenOf);
  useEffect(() => {
    if (current === screen) return;
    if (DONE.includes(current)) {
      // Placed or in the cart: there, and a fresh draft for the next visit.
      navigate(groupRouteOf(current, actor.getSnapshot()), { replace: true });
      actor.send({ type: 'RESET' });
      return;
    }
    navigate(groupRouteOf(current, actor.getSnapshot()), { replace: ORDER.indexOf(current) < ORDER.indexOf(screen) });
  }, [current, screen, navigate, actor]);
  return actor;
}
