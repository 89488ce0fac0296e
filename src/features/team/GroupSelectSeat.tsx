/** team/select/cinemaSelectSeat (and cinemaSelectSeatChange, choosing again): the group's own
 * seats on the dome's map, one per person (the cinemaSeat machine as the draft's step); a seat
 * taken first comes back here without it. Back leads to the summary, where the cinema seats
 * the group itself when no seats are chosen. */
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { OrderSeatChange } from '../../widgets/OrderSeatChange.tsx';
import { SeatPicker, type SeatActor } from '../../widgets/SeatPicker.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { tr } from '../../i18n/index.ts';
import { useGroupDraft, useGroupPath, useGroupScreen } from './groupDraft.ts';

/** The draft's step, or with `?orderId=` an unpaid group order's change of seats. */
export default function GroupSelectSeat() {
  const orderId = Number(new URLSearchParams(useSearch()).get('orderId'));
  return Number.isSafeInteger(orderId) && orderId > 0 ? <OrderSeatChange orderId={orderId} /> : <DraftSeats />;
}

function DraftSeats() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useGroupScreen('seats', navigate);
  const seats = useGroupDraft((s) => s.children.cinemaSeat as SeatActor | undefined);
  const error = useGroupDraft((s) => s.context.error);
  return (
    <Screen title={t('cinema.seatsTitle')} backTo={useGroupPath('review')}>
      {error ? <Refusal message={tr(error)} /> : null}
      {seats ? <SeatPicker seats={seats} /> : null}
    </Screen>
  );
}
