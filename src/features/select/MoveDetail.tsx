/** select/moveDetail: a film's poster, duration, ages, synopsis and notes (docs/product.md §2 film info),
 * for a visitor or a team (back to its area's films). */
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { getCinemaSessions } from '../../api/cinemaCalls.ts';
import { currentKind } from '../../api/session.ts';
import { INDIVIDUAL_PATHS, pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/cinema.css';

export default function MoveDetail() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const hallId = Number(query.get('hallId'));
  const date = query.get('date') ?? '';
  const scheduleId = Number(query.get('scheduleId'));
  const { data: sessions, failed, loading, reload } = useLoad(() => getCinemaSessions(hallId, date), [hallId, date]);
  const session = sessions?.find((s) => s.hallScheduleId === scheduleId);
  const film = session?.film;
  return (
    <Screen
      title={film?.name ?? t('cinema.details')}
      backTo={pathTo(currentKind() === 'team' ? TEAM_PATHS.cinemaSelect : INDIVIDUAL_PATHS.cinemaSelect, { id: hallId })}
    >
      {film && session ? (
        <>
          <section className="card film film--detail">
            <img className="film__poster" src={film.poster} alt="" width={120} height={168} />
            <div className="film__body">
              <div className="film__name">{film.name}</div>
              <div className="film__time">
                {date} {session.beginTime}-{session.endTime}
              </div>
              <div className="hint">{t('cinema.duration', { n: film.durationMin })}</div>
              {film.ageMin ? <div className="hint">{t('cinema.ages', { min: film.ageMin })}</div> : null}
            </div>
          </section>
          <section className="card">
            <div className="card__title">{t('cinema.synopsis')}</div>
            <p className="film__text">{film.synopsis}</p>
          </section>
          {film.notes ? (
            <section className="card">
              <div className="card__title">{t('cinema.notes')}</div>
              <p className="film__text">{film.notes}</p>
            </section>
          ) : null}
        </>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
