/** select/cinemaSelect/{id}: the films of a dome cinema on the chosen day (SPEC §2), each
 * session with its poster, times, remaining seats, ages and state; the film's details, and
 * on to the visitors. */
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { getCinemaSessions } from '../../api/cinemaCalls.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { isSessionSelectable } from '../../domain/sessions.ts';
import { tr } from '../../i18n/index.ts';
import { FilmCard } from '../../ui/FilmCard.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/cinema.css';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { useUnpaidPrompt } from './useUnpaidPrompt.ts';

export default function CinemaSelect() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [, navigate] = useLocation();
  const hallId = Number(useParams<{ id: string }>().id);
  const actor = usePurchaseScreen('venue', navigate);
  useUnpaidPrompt(navigate);
  const date = usePurchase((s) => s.context.date) ?? '';
  const hall = usePurchase((s) => s.context.halls.find((h) => h.hallId === hallId));
  const picking = usePurchase((s) => s.matches('checkingUnpaid') || s.matches('loadingSetting'));
  const error = usePurchase((s) => (s.matches({ venue: 'ready' }) ? s.context.error : null));
  const { data: sessions, failed, loading, reload } = useLoad(() => getCinemaSessions(hallId, date), [hallId, date]);

  return (
    <Screen title={hall?.name ?? t('cinema.title')} backTo={pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date })}>
      {settings.config.cinemaPicWap ? <img className="cinema-banner" src={settings.config.cinemaPicWap} alt="" width={375} height={130} /> : null}
      <p className="muted cinema-day">
        {date} · {t('cinema.films')}
      </p>
      {error ? <Refusal message={tr(error)} /> : null}
      {sessions?.length === 0 ? <p className="empty-state">{t('cinema.none')}</p> : null}
      {sessions?.map((s) => (
        <FilmCard
          key={s.hallScheduleId}
          session={s}
          open={hall ? isSessionSelectable(hall, s) : false}
          detailsHref={pathTo(INDIVIDUAL_PATHS.moveDetail, {}, { hallId, date, scheduleId: s.hallScheduleId })}
          busy={picking}
          onChoose={() => actor.send({ type: 'PICK_SESSION', hallId, hallScheduleId: s.hallScheduleId })}
        />
      ))}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading || picking} />
    </Screen>
  );
}
