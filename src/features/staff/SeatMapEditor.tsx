/** A dome's seat map in the hall editor (docs/product.md §2.8): a grid of its rows from the front
 * (the screen above), a tap cycling a place through seat, aisle and blocked seat; rows and
 * columns added or taken off at the back and the right; or the whole map read from a CSV the
 * museum wrote in a spreadsheet (src/domain/seatMap.ts), refused with the line and cell that is
 * wrong before it replaces anything. The hall's Save sends it; the rules check it there. */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nextCell, paddedRows, readSeatMapCsv, SEAT_MAP_MAX, seatMapCsv, sellableSeats } from '../../domain/seatMap.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';

const CELL_NAMES = { S: 'seat', X: 'blocked', _: 'aisle' } as const;

export function SeatMapEditor({ rows, onChange }: { rows: string[]; onChange: (rows: string[]) => void }) {
  const { t } = useTranslation();
  const [csvRefusal, setCsvRefusal] = useState<string | null>(null);
  const grid = paddedRows(rows);
  const width = grid[0]?.length ?? 0;
  const set = (next: string[]) => {
    setCsvRefusal(null);
    onChange(next);
  };
  const tap = (r: number, c: number) => set(grid.map((row, i) => (i === r ? row.slice(0, c) + nextCell(row[c]) + row.slice(c + 1) : row)));
  const readCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const read = readSeatMapCsv(await file.text());
    if (read.ok) set(read.rows);
    else setCsvRefusal(tr(read.text));
  };
  const download = `data:text/csv;charset=utf-8,${encodeURIComponent(seatMapCsv(grid))}`;

  return (
    <div className="seat-editor stack">
      <p className="muted">{t('catalogue.seatMap.help')}</p>
      <div className="seat-editor__legend muted" aria-hidden="true">
        <span className="seat-cell seat-cell--S">S</span> {t('catalogue.seatMap.seat')} <span className="seat-cell seat-cell--_">_</span>{' '}
        {t('catalogue.seatMap.aisle')} <span className="seat-cell seat-cell--X">X</span> {t('catalogue.seatMap.blocked')}
      </div>
      <div className="seat-editor__scroll">
        <div className="seat-editor__screen">{t('catalogue.seatMap.screen')}</div>
        <table className="seat-editor__grid" data-testid="seat-grid">
          <tbody>
            {grid.map((row, r) => (
              <tr key={r}>
                <th scope="row">{r + 1}</th>
                {[...row].map((cell, c) => (
                  <td key={c}>
                    <button
                      type="button"
                      className={`seat-cell seat-cell--${cell}`}
                      aria-label={t('catalogue.seatMap.cell', { row: r + 1, col: c + 1, what: t(`catalogue.seatMap.${CELL_NAMES[cell as 'S']}`) })}
                      onClick={() => tap(r, c)}
                    >
                      {cell}
                    </button>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('catalogue.seatMap.size', { rows: grid.length, cols: width, seats: sellableSeats(grid) })}</p>
      <div className="catalogue-row">
        <button type="button" className="btn" disabled={grid.length >= SEAT_MAP_MAX} onClick={() => set([...grid, 'S'.repeat(Math.max(1, width))])}>
          {t('catalogue.seatMap.addRow')}
        </button>
        <button type="button" className="btn" disabled={grid.length <= 1} onClick={() => set(grid.slice(0, -1))}>
          {t('catalogue.seatMap.removeRow')}
        </button>
        <button type="button" className="btn" disabled={width >= SEAT_MAP_MAX} onClick={() => set(grid.map((row) => `${row}S`))}>
          {t('catalogue.seatMap.addCol')}
        </button>
        <button type="button" className="btn" disabled={width <= 1} onClick={() => set(grid.map((row) => row.slice(0, -1)))}>
          {t('catalogue.seatMap.removeCol')}
        </button>
      </div>
      <div className="catalogue-row">
        <label className="btn seat-editor__file">
          {t('catalogue.seatMap.importCsv')}
          <input type="file" accept=".csv,text/csv,text/plain" onChange={readCsv} />
        </label>
        <a className="btn" href={download} download="seat-map.csv">
          {t('catalogue.seatMap.downloadCsv')}
        </a>
      </div>
      {csvRefusal ? <Refusal message={csvRefusal} /> : null}
    </div>
  );
}
