/** A dome cinema's seat map as the museum draws it (docs/product.md §2.8): rows from the front,
 * each a line of places, `S` a seat, `X` a blocked seat (a camera, a broken seat: never sold),
 * `_` an aisle. A seat is its grid position (row, column); its printed number counts the seats
 * of its row from the left, blocked ones included. Read from a CSV a museum writes in a
 * spreadsheet, edited cell by cell in the console, and checked against the seats sold for
 * sessions to come, which a new map may not take away or renumber. Pure; shared by the console
 * and the server. */
import { fill, type Text } from './text.ts';

export type SeatCell = 'S' | 'X' | '_';

export const SEAT_MAP_MAX = 100;

/** A seat as the hall's rows number it: row from the front, seat from the left. */
export interface MapSeat {
  row: number;
  col: number;
  rowLabel: string;
  seatLabel: string;
  blocked: boolean;
}

/** The rows, all as wide as the widest (a trailing aisle kept). */
export function paddedRows(rows: readonly string[]): string[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => r.padEnd(width, '_'));
}

/** Every seat of the rows, blocked ones included, with its printed labels. */
export function seatsOfRows(rows: readonly string[]): MapSeat[] {
  return rows.flatMap((row, r) => {
    let number = 0;
    return [...row].flatMap((cell, c) => {
      if (cell === '_') return [];
      number += 1;
      return [{ row: r + 1, col: c + 1, rowLabel: String(r + 1), seatLabel: String(number), blocked: cell === 'X' }];
    });
  });
}

/** The seats a visitor may buy: every seat of the rows but the blocked ones. */
export const sellableSeats = (rows: readonly string[]): number => seatsOfRows(rows).filter((s) => !s.blocked).length;

/** A tap on a cell of the console's grid: seat, then aisle, then blocked, then seat again. */
export const nextCell = (cell: string): SeatCell => (cell === 'S' ? '_' : cell === '_' ? 'X' : 'S');

export const SEAT_MAP_TEXTS = {
  csvEmpty: { zh: 'CSV 文件没有任何一行', en: 'The CSV file has no rows' },
  csvCell: {
    zh: '第 {line} 行第 {cell} 格“{value}”无效：只能填 S（座位）、X（不售座位）或 _（过道，也可留空）',
    en: 'Line {line}, cell {cell}: "{value}" is not S (seat), X (blocked seat) or _ (aisle; an empty cell is an aisle too)',
  },
  csvBlankLine: { zh: '第 {line} 行是空行：整行过道请填 _', en: 'Line {line} is empty: write _ for a row that is all aisle' },
  csvRows: { zh: '最多 {n} 排（第 {line} 行起超出）', en: 'At most {n} rows (line {line} is one too many)' },
  csvCells: { zh: '第 {line} 行超过 {n} 格', en: 'Line {line} has more than {n} cells' },
  csvNoSeat: { zh: 'CSV 中没有座位（S）', en: 'The CSV has no seat (S)' },
  seatsTaken: {
    zh: '新座位图会去掉或改号 {n} 张今日及以后已售或待支付的票所占的座位（{s} 个场次：{seats}）：请保留这些座位，或先取消这些场次',
    en: 'The new seat map takes away or renumbers the seats of {n} tickets sold or awaiting payment for today or later ({s} sessions: {seats}): keep those seats, or call those sessions off first',
  },
} as const satisfies Record<string, Text>;

export type CsvRead = { ok: true; rows: string[] } | { ok: false; text: Text };

const refused = (text: Text, params: Record<string, string | number> = {}): CsvRead => ({ ok: false, text: fill(text, params) });

/** A seat map from a spreadsheet's CSV: one line per row from the front, one cell per place,
 * separated by commas (semicolons and tabs too, as some spreadsheets write them); a cell is
 * `S`, `X`, `_` or empty (an aisle), in either case, quoted or not. Empty lines at the end are
 * left out. The first wrong line and cell is named, counted from 1 as the spreadsheet shows them. */
export function readSeatMapCsv(csv: string): CsvRead {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length === 0) return refused(SEAT_MAP_TEXTS.csvEmpty);
  if (lines.length > SEAT_MAP_MAX) return refused(SEAT_MAP_TEXTS.csvRows, { n: SEAT_MAP_MAX, line: SEAT_MAP_MAX + 1 });
  const rows: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') return refused(SEAT_MAP_TEXTS.csvBlankLine, { line: i + 1 });
    const cells = line.split(/[,;\t]/).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
        .toUpperCase(),
    );
    if (cells.length > SEAT_MAP_MAX) return refused(SEAT_MAP_TEXTS.csvCells, { line: i + 1, n: SEAT_MAP_MAX });
    const wrong = cells.findIndex((c) => !['S', 'X', '_', ''].includes(c));
    if (wrong >= 0) return refused(SEAT_MAP_TEXTS.csvCell, { line: i + 1, cell: wrong + 1, value: cells[wrong].slice(0, 20) });
    rows.push(cells.map((c) => c || '_').join(''));
  }
  if (!rows.some((r) => r.includes('S'))) return refused(SEAT_MAP_TEXTS.csvNoSeat);
  return { ok: true, rows: paddedRows(rows) };
}

/** The rows as a CSV the importer reads back (for a museum to start its spreadsheet from). */
export const seatMapCsv = (rows: readonly string[]): string =>
  paddedRows(rows)
    .map((r) => [...r].join(','))
    .join('\r\n') + '\r\n';

/** A seat of the hall that a session of today or later has sold or holds: its position and
 * number, and those sessions ("2026-11-29 10:00"). */
export interface TakenSeat {
  row: number;
  col: number;
  seatLabel: string;
  sessions: string[];
}

/** The taken seats a new map would take away, block or renumber. */
export const lostSeats = (rows: readonly string[], taken: readonly TakenSeat[]): TakenSeat[] => {
  const after = new Map(seatsOfRows(rows).map((s) => [`${s.row}-${s.col}`, s]));
  return taken.filter((t) => {
    const seat = after.get(`${t.row}-${t.col}`);
    return !seat || seat.blocked || seat.seatLabel !== t.seatLabel;
  });
};

/** Why a new map may not be: the tickets and sessions of the seats it loses, a few named. */
export function lostSeatsText(lost: readonly TakenSeat[]): Text {
  const tickets = lost.reduce((n, s) => n + s.sessions.length, 0);
  const sessions = new Set(lost.flatMap((s) => s.sessions)).size;
  const named = (lang: 'zh' | 'en') =>
    lost
      .slice(0, 3)
      .map(
        (s) =>
          `${fill({ zh: '{row}排{seat}座', en: 'row {row} seat {seat}' }, { row: s.row, seat: s.seatLabel })[lang]}${lang === 'zh' ? '：' : ': '}${s.sessions.slice(0, 2).join(', ')}${s.sessions.length > 2 ? '…' : ''}`,
      )
      .join(lang === 'zh' ? '；' : '; ') + (lost.length > 3 ? (lang === 'zh' ? '；等' : '; and more') : '');
  return fill(SEAT_MAP_TEXTS.seatsTaken, { n: tickets, s: sessions, seats: { zh: named('zh'), en: named('en') } });
}
