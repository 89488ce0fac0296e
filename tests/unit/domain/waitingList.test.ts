import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { candidateLevel, candidateStateOf, cutoffAt, joinRefusal, sessionStatus, WAITING_LIST_MESSAGES } from '../../../src/domain/waitingList.ts';

const list = { offered: true, waiting: 3, max: 30, closed: false };

describe('sessionStatus (docs/product.md §3 status)', () => {
  it.each([
    ['on sale', { state: 'available', ticketPool: 5 }, list, 1],
    ['sold out, list open', { state: 'soldOut', ticketPool: 0 }, list, 4],
    ['sold out, list full', { state: 'soldOut', ticketPool: 0 }, { ...list, waiting: 30 }, 3],
    ['sold out, no list in this hall', { state: 'soldOut', ticketPool: 0 }, { ...list, offered: false }, 2],
    ['sold out, past the cut-off', { state: 'soldOut', ticketPool: 0 }, { ...list, closed: true }, 2],
    ['stopped', { state: 'stopped', ticketPool: 0 }, list, 2],
    ['not released', { state: 'notReleased', ticketPool: 300 }, list, 2],
  ] as const)('%s: %i', (_, session, l, status) => {
    expect(sessionStatus(session, l)).toBe(status);
  });
});

describe('joinRefusal', () => {
  it('lets a party join only a list that is offered, open, not full, of a session without tickets enough for it', () => {
    const open = { ...list, remaining: 0 };
    expect(joinRefusal(2, open)).toBeNull();
    expect(joinRefusal(3, { ...open, remaining: 2 })).toBeNull(); // two left do not seat a party of three
    expect(joinRefusal(2, { ...open, remaining: 2 })).toEqual(WAITING_LIST_MESSAGES.ticketsLeft);
    expect(joinRefusal(1, { ...open, offered: false })).toEqual(WAITING_LIST_MESSAGES.notOffered);
    expect(joinRefusal(1, { ...open, closed: true })).toEqual(WAITING_LIST_MESSAGES.closed);
    expect(joinRefusal(1, { ...open, waiting: 30 })).toEqual(WAITING_LIST_MESSAGES.listFull);
  });

  it('says why in both languages', () => {
    for (const message of Object.values(WAITING_LIST_MESSAGES)) {
      expect(message.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(message.en).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('a party the stock can seat is sent to buy; one it cannot joins unless the list is full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 40 }), (party, remaining, waiting) => {
        const refusal = joinRefusal(party, { ...list, remaining, waiting });
        if (remaining >= party) expect(refusal).toEqual(WAITING_LIST_MESSAGES.ticketsLeft);
        else expect(refusal).toEqual(waiting >= list.max ? WAITING_LIST_MESSAGES.listFull : null);
      }),
    );
  });
});

describe('candidateLevel and cut-off', () => {
  it('is medium below half the list and many from there on', () => {
    expect([0, 14, 15, 29].map((n) => candidateLevel(n, 30))).toEqual([1, 1, 2, 2]);
  });

  it('closes the list the configured minutes before the session begins', () => {
    expect(cutoffAt(new Date('2030-03-08T04:00:00Z'), 120).toISOString()).toBe('2030-03-08T02:00:00.000Z');
  });
});

describe('candidateStateOf (docs/product.md §4 waiting-list order)', () => {
  it.each([
    ['toBePaid', null],
    ['standingBy', 'standingBy'],
    ['completed', 'succeeded'],
    ['partlyRefunded', 'succeeded'],
    ['refunded', 'succeeded'],
    ['full', 'full'],
    ['returned', 'returned'],
    ['canceled', 'cancelled'],
  ] as const)('%s -> %s', (status, state) => {
    expect(candidateStateOf(status)).toBe(state);
  });
});
