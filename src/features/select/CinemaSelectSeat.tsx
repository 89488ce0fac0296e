/** select/cinemaSelectSeat and cinemaSelectSeatChange: the seat map (the cinemaSeat machine),
 * as the purchase's step, or with `?orderId=` for an unpaid order's change of seats (the
 * seatChange machine). The map refreshes every few seconds, so seats others take turn sold
 * while it is open; the choice is checked once more at confirm. */
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { cinemaSeatMachine } from '../../../machines/cinemaSeat.machine.ts';
import { seatChangeMachine } from '../../../machines/seatChange.machine.ts';
import { changeSeats, getOrder } from '../../api/orderCalls.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { seatNumberOf, seatText } from '../../domain/seats.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/cinema.css';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { SeatGrid, SeatLegend } from './SeatGrid.tsx';
import { seatMapMachine } from './seatMap.ts';

const SIZES = [24, 32, 40];

type SeatActor = ActorRefFrom<typeof cinemaSeatMachine>;

function SeatPicker({ seats }: { seats: SeatActor }) {
  const { t } = useTranslation();
  const snapshot = useSelector(seats, (s) => s);
  const [size, setSize] = useState(1);
  const { map, selected, count, error } = snapshot.context;
  const picking = snapshot.matches('picking');
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
          {selected.length > 0 ? selected.map(label).join(' · ') : t('cinema.picked', { n: 0, total: count })}
        </span>
        <button type="button" className="btn btn--primary" disabled={!picking} onClick={() => seats.send({ type: 'CONFIRM' })}>
          {t('cinema.confirmSeats')}
        </button>
      </FooterBar>
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('checking')} />
    </>
  );
}

const seatChange = seatChangeMachine.provide({
  actors: {
    loadOrder: fromPromise(({ input }) => getOrder(input)),
    cinemaSeat: seatMapMachine,
    changeSeats: fromPromise(({ input }) => changeSeats(input.orderId, input.seats)),
  },
});

function OrderSeatChange({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(seatChange, { input: { orderId } });
  const seats = snapshot.children.cinemaSeat as SeatActor | undefined;
  const payOrder = pathTo(INDIVIDUAL_PATHS.payOrder, { id: orderId });
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    toastInfo(t('cinema.seatsChanged'));
    navigate(payOrder, { replace: true });
  }, [snapshot.status, navigate, payOrder, t]);
  return (
    <Screen title={t('cinema.changeSeats')} backTo={payOrder}>
      {snapshot.context.error ? <Refusal message={tr(snapshot.context.error)} /> : null}
      {seats ? <SeatPicker seats={seats} /> : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('saving')} />
    </Screen>
  );
}

function PurchaseSeats() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  usePurchaseScreen('seats', navigate);
  const seats = usePurchase((s) => s.children.cinemaSeat as SeatActor | undefined);
  const scheduleId = usePurchase((s) => s.context.hallScheduleId ?? 0);
  return (
    <Screen title={t('cinema.seatsTitle')} backTo={pathTo(INDIVIDUAL_PATHS.cinemaAddAudience, { id: scheduleId })}>
      {seats ? <SeatPicker seats={seats} /> : null}
    </Screen>
  );
}

export default function CinemaSelectSeat() {
  const orderId = Number(new URLSearchParams(useSearch()).get('orderId'));
  return Number.isSafeInteger(orderId) && orderId > 0 ? <OrderSeatChange orderId={orderId} /> : <PurchaseSeats />;
}
