/** The seat map as the hall is built (docs/product.md §2 cinemaSelectSeat): the screen at the top, row
 * labels, aisles as empty columns, and each seat a button whose state shows by shape and
 * mark as well as colour: a number (free), a tick (yours), a cross (taken), a dash (not for
 * sale). Zoom changes the seat size, never below 24 px; the grid scrolls sideways inside its
 * own box, the page does not. */
import { useLayoutEffect, useRef } from 'react';
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
  // A hall wider than the phone opens centred on its middle seats (and again after a zoom).
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  }, [size, map.cols]);
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
    <div className="seat-scroll" ref={scroller}>
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
