/** select/cinemaSelectSeat and cinemaSelectSeatChange: the seat map (the cinemaSeat machine),
 * as the purchase's step, or with `?orderId=` for an unpaid order's change of seats (the
 * seatChange machine). The map refreshes every few seconds, so seats others take turn sold
 * while it is open; the choice is checked once more at confirm. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { seatChangeMachine } from '../../../machines/seatChange.machine.ts';
import { changeSeats, getOrder } from '../../api/orderCalls.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/cinema.css';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { SeatPicker, type SeatActor } from '../../ui/SeatPicker.tsx';
import { seatMapMachine } from './seatMap.ts';

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
