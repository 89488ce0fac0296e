/** An unpaid dome order's change of seats (cinemaSelectSeatChange?orderId=, the seatChange
 * machine): the order's seats count as free to their owner, the new ones are taken in one
 * transaction or none. A visitor's order or a group's: the area picks the calls and the way
 * back to the payment. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { seatChangeMachine } from '../../machines/seatChange.machine.ts';
import { changeSeats, getGroupOrder, getOrder } from '../api/orderCalls.ts';
import { currentKind } from '../api/session.ts';
import { orderPaths, pathTo } from '../domain/paths.ts';
import { tr } from '../i18n/index.ts';
import { toastInfo } from '../ui/feedback.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { Refusal } from '../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../ui/Screen.tsx';
import { SeatPicker, type SeatActor } from './SeatPicker.tsx';
import { seatMapMachine } from './seatMap.ts';

const seatChange = seatChangeMachine.provide({
  actors: {
    loadOrder: fromPromise(({ input }) => (currentKind() === 'team' ? getGroupOrder(input) : getOrder(input))),
    cinemaSeat: seatMapMachine,
    changeSeats: fromPromise(({ input }) => changeSeats(input.orderId, input.seats)),
  },
});

export function OrderSeatChange({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(seatChange, { input: { orderId } });
  const seats = snapshot.children.cinemaSeat as SeatActor | undefined;
  const payOrder = pathTo(orderPaths(currentKind()).payOrder, { id: orderId });
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
