/** The seat map of a dome session as a person picks on it (the cinemaSeat machine's actor):
 * zoom, the grid, the legend, the refusal, and the seats chosen with the confirm. Used by a
 * visitor's purchase, an unpaid order's change of seats, and a group's own choice. */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { cinemaSeatMachine } from '../../machines/cinemaSeat.machine.ts';
import { seatNumberOf, seatText } from '../domain/seats.ts';
import { tr } from '../i18n/index.ts';
import { FooterBar } from '../ui/FooterBar.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { Refusal } from '../ui/Refusal.tsx';
import { LoadingOverlay } from '../ui/Screen.tsx';
import { SeatGrid, SeatLegend } from '../ui/SeatGrid.tsx';
import '../ui/cinema.css';

const SIZES = [24, 32, 40];
/** Up to this many chosen seats are listed by name in the footer. */
const NAMED_SEATS = 4;

export type SeatActor = ActorRefFrom<typeof cinemaSeatMachine>;

export function SeatPicker({ seats }: { seats: SeatActor }) {
  const { t } = useTranslation();
  const snapshot = useSelector(seats, (s) => s);
  const [size, setSize] = useState(1);
  const { map, selected, count, error } = snapshot.context;
  // The map stays in hand while it reloads: taps and the confirm count then too.
  const picking = snapshot.matches('picking') || snapshot.matches('refreshing');
  const label = (number: string) => {
    const seat = map?.seats.find((s) => seatNumberOf(s) === number);
    return seat ? tr(seatText(seat)) : number;
  };
  return (
    <>
      <p className="muted cinema-day">{t('cinema.pickHint', { n: count })}</p>
      {map ? (
        <>
          <div className="seat-zoom">
            <button type="button" className="btn" disabled={size === 0} onClick={() => setSize(size - 1)} aria-label={t('cinema.zoomOut')}>
              −
            </button>
            <button type="button" className="btn" disabled={size === SIZES.length - 1} onClick={() => setSize(size + 1)} aria-label={t('cinema.zoomIn')}>
              +
            </button>
          </div>
          <SeatGrid map={map} selected={selected} size={SIZES[size]} onToggle={(seat) => seats.send({ type: 'TOGGLE', seat })} />
          <SeatLegend />
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => seats.send({ type: 'RETRY' })} /> : null}
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <span className="footer-bar__sum seat-chosen" data-testid="seats-chosen">
          {/* A few seats by name; a group's many by count, so the footer stays one line. */}
          {selected.length > 0 && selected.length <= NAMED_SEATS ? selected.map(label).join(' · ') : t('cinema.picked', { n: selected.length, total: count })}
        </span>
        <button type="button" className="btn btn--primary" disabled={!picking} onClick={() => seats.send({ type: 'CONFIRM' })}>
          {t('cinema.confirmSeats')}
        </button>
      </FooterBar>
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('checking')} />
    </>
  );
}
