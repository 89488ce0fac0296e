/** select/cinemaSelect/{id}: the films of a dome cinema on the chosen day (docs/product.md §2), each
 * session with its poster, times, remaining seats, ages and state; the film's details, and
 * on to the visitors. */
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { DayFilms } from '../../widgets/DayFilms.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { useUnpaidPrompt } from './useUnpaidPrompt.ts';

export default function CinemaSelect() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const hallId = Number(useParams<{ id: string }>().id);
  const actor = usePurchaseScreen('venue', navigate);
  useUnpaidPrompt(navigate);
  const date = usePurchase((s) => s.context.date) ?? '';
  const hall = usePurchase((s) => s.context.halls.find((h) => h.hallId === hallId));
  const picking = usePurchase((s) => s.matches('checkingUnpaid') || s.matches('loadingSetting'));
  const error = usePurchase((s) => (s.matches({ venue: 'ready' }) ? s.context.error : null));

  return (
    <Screen title={hall?.name ?? t('cinema.title')} backTo={pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date })}>
      <DayFilms
        hallId={hallId}
        date={date}
        hall={hall}
        error={error}
        busy={picking}
        pageHref={(scheduleId) => pathTo(INDIVIDUAL_PATHS.moveDetail, {}, { hallId, date, scheduleId })}
        onChoose={(hallScheduleId) => actor.send({ type: 'PICK_SESSION', hallId, hallScheduleId })}
      />
    </Screen>
  );
}
