import { describe, expect, it } from 'vitest';
import { assignSeats, parseSeatNumber, seatingOrder, seatNumberOf, seatsTakenText, type SeatPos } from '../../../src/domain/seats.ts';

/** Free seats of a small hall from rows of `.` (free) and `#` (taken or no seat). */
const hall = (rows: string[]): SeatPos[] => rows.flatMap((r, i) => [...r].flatMap((c, j) => (c === '.' ? [{ row: i + 1, col: j + 1 }] : [])));
const size = { rows: 4, cols: 8 };

describe('seat numbers', () => {
  it('read "row-col" and refuse anything else', () => {
    expect(parseSeatNumber('5-8')).toEqual({ row: 5, col: 8 });
    expect(seatNumberOf({ row: 5, col: 8 })).toBe('5-8');
    for (const bad of ['*', '', '5-', '5-8-1', 'a-b', '1234-1', undefined, null]) expect(parseSeatNumber(bad)).toBeNull();
  });
});

describe('assignSeats', () => {
  it('seats a party side by side in the best row, centred', () => {
    const free = hall(['........', '........', '........', '........']);
    // Columns 3-5 and 4-6 are equally central in 8: the first one found.
    expect(assignSeats(free, 3, size)).toEqual([
      [
        { row: 3, col: 3 },
        { row: 3, col: 4 },
        { row: 3, col: 5 },
      ],
    ]);
  });

  it('goes to another row rather than split the party', () => {
    const free = hall(['........', '........', '.#.#.#.#', '........']);
    const [block] = assignSeats(free, 4, size)!;
    expect(new Set(block.map((s) => s.row)).size).toBe(1);
    expect(block.map((s) => s.col)).toEqual([3, 4, 5, 6]);
  });

  it('splits only when no row has room, longest runs first, and never gives more than asked', () => {
    const free = hall(['##..##.#', '########', '########', '########']);
    const blocks = assignSeats(free, 3, size)!;
    expect(blocks.map((b) => b.length)).toEqual([2, 1]);
    expect(blocks.flat()).toHaveLength(3);
  });

  it('answers null when fewer seats are free than asked', () => {
    expect(assignSeats(hall(['..######', '########', '########', '########']), 3, size)).toBeNull();
  });
});

describe('seatingOrder', () => {
  it('puts an adult in each block that gets a child', () => {
    // adult, child, child, adult in blocks of 2 and 2: each block has an adult.
    expect(seatingOrder([false, true, true, false], [2, 2])).toEqual([0, 1, 3, 2]);
  });

  it('keeps everyone in order when there are no children', () => {
    expect(seatingOrder([false, false, false], [2, 1])).toEqual([0, 1, 2]);
  });
});

describe('seats taken first', () => {
  it('are named as printed on the ticket, so the visitor knows which to choose again', () => {
    expect(seatsTakenText([{ rowLabel: '5', seatLabel: '8' }])).toEqual({
      zh: '5排8座已被他人选走，请重新选座',
      en: 'Row 5, seat 8 has just been taken: please choose again',
    });
    expect(
      seatsTakenText([
        { rowLabel: '5', seatLabel: '8' },
        { rowLabel: 'B', seatLabel: '2' },
      ]),
    ).toEqual({
      zh: '5排8座和B排2座已被他人选走，请重新选座',
      en: 'Row 5, seat 8 and Row B, seat 2 have just been taken: please choose again',
    });
  });
});
