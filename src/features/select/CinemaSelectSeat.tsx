/** select/cinemaSelectSeat and cinemaSelectSeatChange: the seat map (the cinemaSeat machine),
 * as the purchase's step, or with `?orderId=` for an unpaid order's change of seats (the
 * seatChange machine). The map refreshes every few seconds, so seats others take turn sold
 * while it is open; the choice is checked once more at confirm. */
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/cinema.css';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { OrderSeatChange } from '../../widgets/OrderSeatChange.tsx';
import { SeatPicker, type SeatActor } from '../../widgets/SeatPicker.tsx';

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
