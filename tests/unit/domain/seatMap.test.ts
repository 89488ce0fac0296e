/** A dome's seat map from a museum's spreadsheet (docs/product.md §2.8): read whole, or refused
 * with the line and cell that is wrong, in zh and en; and the console grid's tap cycle. */
import { describe, expect, it } from 'vitest';
import { nextCell, readSeatMapCsv, seatMapCsv, seatsOfRows, sellableSeats } from '../../../src/domain/seatMap.ts';

describe('a seat map CSV', () => {
  it('reads a spreadsheet export: commas, semicolons or tabs, quotes, empty cells as aisles, any case, a BOM and CRLF', () => {
    expect(readSeatMapCsv('\uFEFFS,S,,S,s\r\n"X";S;_;S\r\nS\tS\t_\tS\tS\r\n\r\n')).toEqual({ ok: true, rows: ['SS_SS', 'XS_S_', 'SS_SS'] });
  });

  it('writes back what it reads', () => {
    const rows = ['SS_SS', 'XS_SX'];
    expect(readSeatMapCsv(seatMapCsv(rows))).toEqual({ ok: true, rows });
  });

  it.each([
    ['S,S\nS,Q,S\n', '第 2 行第 2 格“Q”无效', 'Line 2, cell 2: "Q" is not S (seat)'],
    ['S,S\n\nS,S\n', '第 2 行是空行', 'Line 2 is empty'],
    ['', 'CSV 文件没有任何一行', 'The CSV file has no rows'],
    ['X,_,X\n', 'CSV 中没有座位', 'The CSV has no seat'],
    ['S\n'.repeat(101), '最多 100 排', 'At most 100 rows (line 101'],
    [`${'S,'.repeat(100)}S\n`, '第 1 行超过 100 格', 'Line 1 has more than 100 cells'],
    ['S,Seat 4\n', '第 1 行第 2 格“SEAT 4”无效', 'Line 1, cell 2: "SEAT 4"'],
  ])('%j is refused, naming where', (csv, zh, en) => {
    const read = readSeatMapCsv(csv);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.text.zh).toContain(zh);
    expect(read.text.en).toContain(en);
  });
});

describe('a seat map', () => {
  it('numbers the seats of a row from the left, blocked ones included, aisles not', () => {
    expect(seatsOfRows(['SX_S']).map((s) => [s.row, s.col, s.seatLabel, s.blocked])).toEqual([
      [1, 1, '1', false],
      [1, 2, '2', true],
      [1, 4, '3', false],
    ]);
  });

  it('sells every seat but the blocked ones', () => {
    expect(sellableSeats(['SX_S', '_SS_', 'XX'])).toBe(4);
  });

  it('a tap turns a seat into an aisle, an aisle into a blocked seat, a blocked seat into a seat', () => {
    expect([nextCell('S'), nextCell('_'), nextCell('X')]).toEqual(['_', 'X', 'S']);
  });
});
