/** Cinema seats (docs/product.md §2 cinema screens, §3 seatNumber): a seat is a position in its hall's
 * grid, written "row-col" in a ticket line (`*` when the server assigns it). Assignment for
 * the choose modes 2 and 3: a party sits together in one row where it can, and a child is
 * never seated apart from every adult. Pure. */
import { fill, type Text } from './text.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

export interface SeatPos {
  row: number;
  col: number;
}

/** The four seat states a map shows (docs/product.md §2); `selected` is the visitor's own choice. */
export type SeatState = z.output<typeof answers.seatState> | 'selected';

export const SEAT_MESSAGES = {
  /** docs/product.md §8 "Cannot choose more seats". */
  tooMany: { zh: '不能选择更多座位', en: 'Cannot choose more seats' },
  choose: { zh: '请为每位观众选择座位', en: 'Please choose a seat for each visitor' },
  taken: { zh: '所选座位已被他人选走，请重新选座', en: 'A seat you chose has just been taken: please choose again' },
  notASeat: { zh: '所选座位不可售', en: 'A seat you chose is not for sale' },
  sameSeat: { zh: '每个座位只能坐一位观众', en: 'Each seat takes one visitor' },
  noSeats: { zh: '剩余座位不足', en: 'Not enough seats are left' },
  noChange: { zh: '该订单的座位不能更换', en: 'The seats of this order cannot be changed' },
} as const satisfies Record<string, Text>;

/** placeOrder's answer when a chosen seat went to someone else first (docs/product.md §8 passes 505
 * through as data): `{ takenSeats }`, the seat numbers to drop from the selection. */
export const SEAT_TAKEN_CODE = 505;

/** A seat as printed on the ticket. */
export const seatText = (place: { rowLabel: string; seatLabel: string }): Text =>
  fill({ zh: '{row}排{seat}座', en: 'Row {row}, seat {seat}' }, { row: place.rowLabel, seat: place.seatLabel });

/** The chosen seats someone else took first, named, so the visitor knows which to choose again. */
export function seatsTakenText(places: ReadonlyArray<{ rowLabel: string; seatLabel: string }>): Text {
  if (places.length === 0) return SEAT_MESSAGES.taken;
  const names = places.map(seatText);
  const list = (lang: 'zh' | 'en') => new Intl.ListFormat(lang, { type: 'conjunction' }).format(names.map((n) => n[lang]));
  return {
    zh: `${list('zh')}已被他人选走，请重新选座`,
    en: `${list('en')} ${places.length === 1 ? 'has' : 'have'} just been taken: please choose again`,
  };
}

export const seatNumberOf = (p: SeatPos) => `${p.row}-${p.col}`;

/** "5-8" as a position; null for "*" or anything else. */
export function parseSeatNumber(value: string | undefined | null): SeatPos | null {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(value ?? '');
  return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
}

/** Runs of seats side by side (consecutive columns) in each row. */
function runs(free: readonly SeatPos[]): SeatPos[][] {
  const sorted = [...free].sort((a, b) => a.row - b.row || a.col - b.col);
  const out: SeatPos[][] = [];
  for (const seat of sorted) {
    const last = out[out.length - 1];
    const prev = last?.[last.length - 1];
    if (prev && prev.row === seat.row && prev.col === seat.col - 1) last.push(seat);
    else out.push([seat]);
  }
  return out;
}

/** n seats for one party from the free ones, or null when fewer are free. One row, side by
 * side, where any run is long enough: the run nearest the hall's best spot (two thirds back,
 * centred), and within it the seats nearest the centre. Otherwise the longest runs first. */
export function assignSeats(free: readonly SeatPos[], n: number, hall: { rows: number; cols: number }): SeatPos[][] | null {
  if (n <= 0 || free.length < n) return null;
  const bestRow = Math.max(1, Math.round(hall.rows * 0.66));
  const centre = (hall.cols + 1) / 2;
  const distance = (seats: SeatPos[]) => {
    const mid = (seats[0].col + seats[seats.length - 1].col) / 2;
    return Math.abs(seats[0].row - bestRow) * 2 + Math.abs(mid - centre);
  };
  const all = runs(free);
  const windows = all.filter((r) => r.length >= n).flatMap((r) => Array.from({ length: r.length - n + 1 }, (_, i) => r.slice(i, i + n)));
  if (windows.length > 0) return [windows.reduce((best, w) => (distance(w) < distance(best) ? w : best))];
  const blocks: SeatPos[][] = [];
  let left = n;
  for (const run of [...all].sort((a, b) => b.length - a.length || distance(a) - distance(b))) {
    if (left === 0) break;
    blocks.push(run.slice(0, Math.min(left, run.length)));
    left -= blocks[blocks.length - 1].length;
  }
  return blocks;
}

/** Which party member sits in which block: each block that gets a child gets an adult first,
 * while adults last. Returns the members' indexes in seating order, block after block. */
export function seatingOrder(children: readonly boolean[], blockSizes: readonly number[]): number[] {
  const adults = children.flatMap((child, i) => (child ? [] : [i]));
  const kids = children.flatMap((child, i) => (child ? [i] : []));
  const order: number[] = [];
  for (const size of blockSizes) {
    const block: number[] = [];
    if (kids.length > 0 && adults.length > 0) block.push(adults.shift()!);
    while (block.length < size && kids.length > 0) block.push(kids.shift()!);
    while (block.length < size && adults.length > 0) block.push(adults.shift()!);
    order.push(...block);
  }
  return order;
}
