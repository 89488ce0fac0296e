import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { staffCatalogueMachine, type FilmSave, type HallSave, type PriceSave, type StaffCatalogueEvent } from '../../machines/staffCatalogue.machine.ts';
import { filmDraftRefusal, filmEditOf, type StaffFilm } from '../../src/domain/films.ts';
import { hallDraftRefusal, hallEditOf, priceDraftRefusal, type StaffHall, type StaffPrice } from '../../src/domain/catalogueRules.ts';
import { ADULT_PRICE, MAIN_HALL, STARS_FILM } from '../catalogue.fixtures.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffCatalogueMachine>;
const MAIN: StaffHall = {
  hallId: 1,
  ...MAIN_HALL,
  facts: { sessions: 4, upcomingTickets: 12, standingBy: 0, groupOrders: 0, schoolFreeUsed: 0, takenSeats: [] },
};
const ADULT: StaffPrice = { ticketPriceId: 7, ...ADULT_PRICE, soldTickets: 3 };
const { hallId: _, facts: __, ...mainEdit } = MAIN;
const { ticketPriceId: _p, soldTickets: _s, ...adultEdit } = ADULT;
const STARS: StaffFilm = { filmId: 3, ...STARS_FILM, comingSessions: 2 };
const filmEdit = filmEditOf(STARS);

function events(s: Snapshot): StaffCatalogueEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('halls'))
    return [{ type: 'EDIT', hallId: 1 }, { type: 'EDIT', hallId: null }, { type: 'PRICES', hallId: 1 }, { type: 'FILMS' }, { type: 'RELOAD' }];
  if (s.matches('hall')) {
    return [
      { type: 'SAVE', hall: { ...mainEdit, maxBuyers: 8 } },
      // Closing a hall with tickets sold for coming days: refused beside "closed".
      { type: 'SAVE', hall: { ...mainEdit, closed: true } },
      { type: 'BACK' },
    ];
  }
  if (s.matches('prices')) {
    return [
      { type: 'SAVE_PRICE', priceId: 7, price: { ...adultEdit, price: 3800 } },
      // Its kind, with tickets sold: refused beside "kind".
      { type: 'SAVE_PRICE', priceId: 7, price: { ...adultEdit, kind: 'senior' } },
      { type: 'BACK' },
    ];
  }
  if (s.matches('films')) {
    return [
      { type: 'SAVE_FILM', filmId: 3, film: { ...filmEdit, durationMin: 45 }, poster: null },
      { type: 'SAVE_FILM', filmId: null, film: { ...filmEdit, key: 'moon', poster: '' }, poster: new Blob(['png']) },
      // The oldest age below the youngest: refused beside "ageMax"; a new film without a poster, beside "poster".
      { type: 'SAVE_FILM', filmId: 3, film: { ...filmEdit, ageMin: 12, ageMax: 6 }, poster: null },
      { type: 'SAVE_FILM', filmId: null, film: { ...filmEdit, key: 'moon', poster: '' }, poster: null },
      { type: 'BACK' },
    ];
  }
  return [];
}

pathSuite('staffCatalogue', [
  {
    name: 'all cases',
    machine: staffCatalogueMachine,
    generators: ['cover'],
    // Every read counts up `generation`: the graph's vertices leave it out, or they never end.
    key: ((s: Snapshot) => JSON.stringify({ value: s.value, context: { ...s.context, generation: 0 } })) as PathModel['key'],
    events: events as PathModel['events'],
    // Nothing the rules refuse is ever sent.
    outcome: (end) => {
      for (const save of callsOf(end, 'saveHall') as HallSave[]) {
        const before = save.hallId === null ? null : hallEditOf(MAIN);
        expect(hallDraftRefusal(before, save.hall, save.hallId === null ? { ...MAIN.facts, upcomingTickets: 0, sessions: 0 } : MAIN.facts)).toBeNull();
      }
      for (const save of callsOf(end, 'savePrice') as PriceSave[]) expect(priceDraftRefusal(adultEdit, save.price, ADULT.soldTickets, [])).toBeNull();
      for (const save of callsOf(end, 'saveFilm') as FilmSave[]) {
        expect(filmDraftRefusal(save.filmId === null ? null : filmEdit, save.film, save.poster !== null)).toBeNull();
      }
    },
    outcomes: {
      loadHalls: [{ output: [MAIN] }, { error: 'Network error' }],
      saveHall: [{ output: { hallId: 1 } }, { error: 'This hall code is taken' }],
      loadPrices: [{ output: [ADULT] }, { error: 'Network error' }],
      savePrice: [{ output: { ticketPriceId: 7 } }, { error: 'The ticket type does not exist' }],
      loadFilms: [{ output: [STARS] }, { error: 'Network error' }],
      saveFilm: [{ output: { filmId: 3 } }, { error: 'A poster is at least 240×320 pixels' }],
    },
  },
]);
