/** The catalogue an admin edits (docs/product.md §2.8): the halls listed, one hall's name and
 * booking rules edited (or a new one made), and a hall's ticket types and prices. A draft is
 * checked by src/domain/catalogueRules.ts before it is sent (the refusal beside its field, never
 * sent); the server checks it again against what is sold then, and its refusal is shown at the
 * save button. After a save the halls (or the hall's prices) are read again. The domes' films
 * likewise (src/domain/films.ts), a poster picked sent with its film's save.
 *
 * The app provides the actors `loadHalls`, `saveHall`, `loadPrices`, `savePrice`, `loadFilms`
 * and `saveFilm`. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  hallDraftRefusal,
  hallEditOf,
  NOTHING_SOLD,
  priceDraftRefusal,
  priceEditOf,
  type CatalogueRefusal,
  type StaffHall,
  type StaffPrice,
} from '../src/domain/catalogueRules.ts';
import { filmDraftRefusal, filmEditOf, type StaffFilm } from '../src/domain/films.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface HallSave {
  /** null: a new hall. */
  hallId: number | null;
  hall: unknown;
}
export interface PriceSave {
  hallId: number;
  /** null: a new ticket type. */
  priceId: number | null;
  price: unknown;
}

export interface FilmSave {
  /** null: a new film. */
  filmId: number | null;
  film: Record<string, unknown>;
  /** A poster image picked, uploaded first. */
  poster: Blob | null;
}

export interface StaffCatalogueContext {
  halls: StaffHall[] | null;
  /** The hall being edited or whose prices are shown; null with `editing`: a new hall. */
  hallId: number | null;
  prices: StaffPrice[] | null;
  /** How many times the halls or prices were read: the editors start again from each read. */
  generation: number;
  /** The rules' refusal of the last draft, beside its field (not sent). */
  refusal: CatalogueRefusal | null;
  /** The server's refusal or a failed call. */
  error: Text | null;
  /** The ticket type or film the last refusal or error is about (null: a new one). */
  priceTarget: number | null;
  /** The name of what was saved last, for the screen to confirm. */
  saved: string | null;
  pendingHall: HallSave | null;
  pendingPrice: PriceSave | null;
  films: StaffFilm[] | null;
  pendingFilm: FilmSave | null;
}

export type StaffCatalogueEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT'; hallId: number | null }
  | { type: 'PRICES'; hallId: number }
  | { type: 'SAVE'; hall: unknown }
  | { type: 'SAVE_PRICE'; priceId: number | null; price: unknown }
  | { type: 'FILMS' }
  | { type: 'SAVE_FILM'; filmId: number | null; film: Record<string, unknown>; poster: Blob | null }
  | { type: 'BACK' }
  /** The catalogue changed elsewhere (a file imported): the halls are read again. */
  | { type: 'RELOAD' };

const hallOf = (context: StaffCatalogueContext) => context.halls?.find((h) => h.hallId === context.hallId) ?? null;

function hallRefusalOf(context: StaffCatalogueContext, hall: unknown): CatalogueRefusal | null {
  const before = hallOf(context);
  return hallDraftRefusal(before ? hallEditOf(before) : null, hall, before?.facts ?? NOTHING_SOLD);
}

function priceRefusalOf(context: StaffCatalogueContext, priceId: number | null, price: unknown): CatalogueRefusal | null {
  const before = context.prices?.find((p) => p.ticketPriceId === priceId) ?? null;
  const others = (context.prices ?? []).filter((p) => p.ticketPriceId !== priceId).map((p) => p.name.zh);
  return priceDraftRefusal(before ? priceEditOf(before) : null, price, before?.soldTickets ?? 0, others);
}

function filmRefusalOf(context: StaffCatalogueContext, filmId: number | null, film: Record<string, unknown>, poster: Blob | null): CatalogueRefusal | null {
  const before = context.films?.find((f) => f.filmId === filmId) ?? null;
  return filmDraftRefusal(before ? filmEditOf(before) : null, film, poster !== null);
}

const nameOf = (draft: unknown) => (draft as { name?: { zh?: string } } | null)?.name?.zh ?? '';

export const staffCatalogueMachine = setup({
  types: { context: {} as StaffCatalogueContext, events: {} as StaffCatalogueEvent },
  actors: {
    loadHalls: fromPromise<StaffHall[], void>(async () => notProvided('loadHalls')),
    saveHall: fromPromise<unknown, HallSave>(async () => notProvided('saveHall')),
    loadPrices: fromPromise<StaffPrice[], number>(async () => notProvided('loadPrices')),
    savePrice: fromPromise<unknown, PriceSave>(async () => notProvided('savePrice')),
    loadFilms: fromPromise<StaffFilm[], void>(async () => notProvided('loadFilms')),
    saveFilm: fromPromise<unknown, FilmSave>(async () => notProvided('saveFilm')),
  },
  guards: {
    hallAllowed: ({ context, event }) => {
      assertEvent(event, 'SAVE');
      return hallRefusalOf(context, event.hall) === null;
    },
    priceAllowed: ({ context, event }) => {
      assertEvent(event, 'SAVE_PRICE');
      return priceRefusalOf(context, event.priceId, event.price) === null;
    },
    filmAllowed: ({ context, event }) => {
      assertEvent(event, 'SAVE_FILM');
      return filmRefusalOf(context, event.filmId, event.film, event.poster) === null;
    },
  },
  actions: {
    setHalls: assign(({ context }, { output: halls }: { output: StaffHall[] }) => ({ halls, generation: context.generation + 1 })),
    setPrices: assign(({ context }, { output: prices }: { output: StaffPrice[] }) => ({ prices, generation: context.generation + 1 })),
    choose: assign(({ event }) => {
      assertEvent(event, ['EDIT', 'PRICES']);
      return { hallId: event.hallId, prices: null, refusal: null, error: null, saved: null };
    }),
    clear: assign({ refusal: null, error: null, saved: null }),
    setPendingHall: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { pendingHall: { hallId: context.hallId, hall: event.hall }, refusal: null, error: null, saved: null };
    }),
    refuseHall: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { refusal: hallRefusalOf(context, event.hall), error: null, saved: null };
    }),
    setPendingPrice: assign(({ context, event }) => {
      assertEvent(event, 'SAVE_PRICE');
      return {
        pendingPrice: { hallId: context.hallId!, priceId: event.priceId, price: event.price },
        priceTarget: event.priceId,
        refusal: null,
        error: null,
        saved: null,
      };
    }),
    refusePrice: assign(({ context, event }) => {
      assertEvent(event, 'SAVE_PRICE');
      return { refusal: priceRefusalOf(context, event.priceId, event.price), priceTarget: event.priceId, error: null, saved: null };
    }),
    setFilms: assign(({ context }, { output: films }: { output: StaffFilm[] }) => ({ films, generation: context.generation + 1 })),
    setPendingFilm: assign(({ event }) => {
      assertEvent(event, 'SAVE_FILM');
      return {
        pendingFilm: { filmId: event.filmId, film: event.film, poster: event.poster },
        priceTarget: event.filmId,
        refusal: null,
        error: null,
        saved: null,
      };
    }),
    refuseFilm: assign(({ context, event }) => {
      assertEvent(event, 'SAVE_FILM');
      return { refusal: filmRefusalOf(context, event.filmId, event.film, event.poster), priceTarget: event.filmId, error: null, saved: null };
    }),
    markFilmSaved: assign(({ context }) => ({ saved: nameOf(context.pendingFilm?.film) })),
    markHallSaved: assign(({ context }) => ({ saved: nameOf(context.pendingHall?.hall) })),
    markPriceSaved: assign(({ context }) => ({ saved: nameOf(context.pendingPrice?.price) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffCatalogue',
  context: {
    halls: null,
    hallId: null,
    prices: null,
    generation: 0,
    refusal: null,
    error: null,
    priceTarget: null,
    saved: null,
    pendingHall: null,
    pendingPrice: null,
    films: null,
    pendingFilm: null,
  },
  initial: 'loading',
  meta: { description: 'The catalogue an admin edits: halls, their rules, their ticket types and prices' },
  states: {
    ...loadingStates(
      { src: 'loadHalls', onDone: { target: 'halls', actions: { type: 'setHalls', params: output } } },
      { loading: 'Loading the halls', failed: 'The halls could not be loaded: retry' },
    ),
    halls: {
      meta: { description: 'Every hall, open or closed, with what is sold in it; add a hall' },
      on: {
        EDIT: { target: 'hall', actions: 'choose' },
        PRICES: { target: 'loadingPrices', actions: 'choose' },
        RELOAD: { target: 'loading', actions: 'clear' },
        FILMS: { target: 'loadingFilms', actions: 'clear' },
      },
    },
    loadingFilms: {
      meta: { description: "Loading the domes' films" },
      tags: ['busy'],
      invoke: {
        src: 'loadFilms',
        onDone: { target: 'films', actions: { type: 'setFilms', params: output } },
        onError: { target: 'halls', actions: { type: 'setFailure', params: failure } },
      },
    },
    films: {
      meta: { description: 'Every film, each editable with its poster; add one' },
      on: {
        SAVE_FILM: [{ guard: 'filmAllowed', target: 'savingFilm', actions: 'setPendingFilm' }, { actions: 'refuseFilm' }],
        BACK: { target: 'halls', actions: 'clear' },
      },
    },
    savingFilm: {
      meta: { description: 'Uploading the poster picked and saving the film; then the films are read again' },
      tags: ['busy'],
      invoke: {
        src: 'saveFilm',
        input: ({ context }) => context.pendingFilm!,
        onDone: { target: 'loadingFilms', actions: 'markFilmSaved' },
        onError: { target: 'films', actions: { type: 'setFailure', params: failure } },
      },
    },
    hall: {
      meta: { description: "One hall's name, kind and booking rules (a new hall's empty ones)" },
      on: {
        SAVE: [{ guard: 'hallAllowed', target: 'savingHall', actions: 'setPendingHall' }, { actions: 'refuseHall' }],
        BACK: { target: 'halls', actions: 'clear' },
      },
    },
    savingHall: {
      meta: { description: 'Saving the hall; then the halls are read again' },
      tags: ['busy'],
      invoke: {
        src: 'saveHall',
        input: ({ context }) => context.pendingHall!,
        onDone: { target: 'loading', actions: 'markHallSaved' },
        onError: { target: 'hall', actions: { type: 'setFailure', params: failure } },
      },
    },
    loadingPrices: {
      meta: { description: "Loading the hall's ticket types" },
      tags: ['busy'],
      invoke: {
        src: 'loadPrices',
        input: ({ context }) => context.hallId!,
        onDone: { target: 'prices', actions: { type: 'setPrices', params: output } },
        onError: { target: 'halls', actions: { type: 'setFailure', params: failure } },
      },
    },
    prices: {
      meta: { description: "The hall's ticket types and prices, each editable; add one" },
      on: {
        SAVE_PRICE: [{ guard: 'priceAllowed', target: 'savingPrice', actions: 'setPendingPrice' }, { actions: 'refusePrice' }],
        BACK: { target: 'halls', actions: 'clear' },
      },
    },
    savingPrice: {
      meta: { description: 'Saving the ticket type; then the prices are read again' },
      tags: ['busy'],
      invoke: {
        src: 'savePrice',
        input: ({ context }) => context.pendingPrice!,
        onDone: { target: 'loadingPrices', actions: 'markPriceSaved' },
        onError: { target: 'prices', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
