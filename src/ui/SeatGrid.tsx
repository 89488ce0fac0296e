/** The seat map as the hall is built (docs/product.md §2 cinemaSelectSeat): the screen at the top, row
 * labels, aisles as empty columns, and each seat a button whose state shows by shape and
 * mark as well as colour: a number (free), a tick (yours), a cross (taken), a dash (not for
 * sale). Zoom changes the seat size, never below 24 px; the grid scrolls sideways inside its
 * own box, the page does not. */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seatNumberOf, type SeatState } from '../domain/seats.ts';
import type { SeatCell, SeatMap } from '../domain/types.ts';

const MARK: Record<SeatState, (seat: SeatCell) => string> = {
  available: (seat) => seat.seatLabel,
  selected: () => '✓',
  sold: () => '×',
  notAvailable: () => '–',
};

export interface SeatGridProps {
  map: SeatMap;
  selected: readonly string[];
  /** Seat size in px (24 and up). */
  size: number;
  onToggle: (seat: string) => void;
}

export function SeatGrid({ map, selected, size, onToggle }: SeatGridProps) {
  const { t } = useTranslation();
  // A hall wider than the phone opens centred on its middle seats (and again after a zoom); a
  // fade at each edge with seats beyond it, and a line above the map, say that it scrolls.
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    const left = box.scrollLeft > 1;
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    measure();
  }, [size, map.cols, measure]);
  const byPos = new Map(map.seats.map((s) => [seatNumberOf(s), s]));
  const stateName: Record<SeatState, string> = {
    available: t('cinema.legendAvailable'),
    selected: t('cinema.legendSelected'),
    sold: t('cinema.legendSold'),
    notAvailable: t('cinema.legendNotAvailable'),
  };
  const rows = Array.from({ length: map.rows }, (_, r) => r + 1);
  const cols = Array.from({ length: map.cols }, (_, c) => c + 1);
  return (
    <>
      {more.left || more.right ? <p className="muted seat-more">{t('cinema.moreSeats')}</p> : null}
      <div className={`seat-frame${more.left ? ' seat-frame--more-left' : ''}${more.right ? ' seat-frame--more-right' : ''}`}>
        <div className="seat-scroll" ref={scroller} onScroll={measure}>
          <div className="seat-grid" style={{ gridTemplateColumns: `24px repeat(${map.cols}, ${size}px)`, fontSize: Math.round(size * 0.4) }}>
            <div className="seat-screen" style={{ gridColumn: `2 / span ${map.cols}` }}>
              {t('cinema.screen')}
            </div>
            {rows.map((row) => [
              <div key={`label-${row}`} className="seat-row-label">
                {map.seats.find((s) => s.row === row)?.rowLabel}
              </div>,
              ...cols.map((col) => {
                const number = seatNumberOf({ row, col });
                const seat = byPos.get(number);
                if (!seat) return <div key={number} className="seat-gap" />;
                const state: SeatState = selected.includes(number) ? 'selected' : seat.state;
                return (
                  <button
                    key={number}
                    type="button"
                    className={`seat seat--${state}`}
                    style={{ width: size, height: size }}
                    disabled={state === 'sold' || state === 'notAvailable'}
                    aria-pressed={state === 'selected'}
                    aria-label={t('cinema.seatAria', { row: seat.rowLabel, seat: seat.seatLabel, state: stateName[state] })}
                    data-seat={number}
                    onClick={() => onToggle(number)}
                  >
                    {MARK[state](seat)}
                  </button>
                );
              }),
            ])}
          </div>
        </div>
      </div>
    </>
  );
}

/** The four states with their marks. */
export function SeatLegend() {
  const { t } = useTranslation();
  const items: Array<[SeatState, string, string]> = [
    ['available', '1', t('cinema.legendAvailable')],
    ['selected', '✓', t('cinema.legendSelected')],
    ['sold', '×', t('cinema.legendSold')],
    ['notAvailable', '–', t('cinema.legendNotAvailable')],
  ];
  return (
    <ul className="seat-legend">
      {items.map(([state, mark, label]) => (
        <li key={state}>
          <span className={`seat seat--${state} seat--legend`} aria-hidden="true">
            {mark}
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}
