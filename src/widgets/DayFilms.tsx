/** A dome's films of a day (docs/product.md §2 cinemaSelect), read from the server: the cinemas'
 * banner, the day, a refusal
 * where the eye is, each film session a FilmCard whose button chooses it; a failed read with
 * its retry. A visitor's and a group's film screens differ only in where they lead. */
import { useTranslation } from 'react-i18next';
import { getCinemaSessions } from '../api/cinemaCalls.ts';
import { isSessionSelectable } from '../domain/sessions.ts';
import type { Text } from '../domain/text.ts';
import type { HallPool } from '../domain/types.ts';
import { tr } from '../i18n/index.ts';
import { CinemaBanner } from '../ui/CinemaBanner.tsx';
import { FilmCard } from '../ui/FilmCard.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { Refusal } from '../ui/Refusal.tsx';
import { LoadingOverlay } from '../ui/Screen.tsx';
import { useLoad } from '../ui/useLoad.ts';

export interface DayFilmsProps {
  hallId: number;
  date: string;
  /** The hall as the day's list has it (its sessions' states), once loaded. */
  hall: HallPool | undefined;
  error: Text | null;
  /** A choice on its way: the buttons wait. */
  busy: boolean;
  /** A film's own page (its pop-up links to it). */
  pageHref: (hallScheduleId: number) => string;
  onChoose: (hallScheduleId: number) => void;
  chooseLabel?: string;
}

export function DayFilms({ hallId, date, hall, error, busy, pageHref, onChoose, chooseLabel }: DayFilmsProps) {
  const { t } = useTranslation();
  const { data: sessions, failed, loading, reload } = useLoad(() => getCinemaSessions(hallId, date), [hallId, date]);
  return (
    <>
      <CinemaBanner />
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
          date={date}
          pageHref={pageHref(s.hallScheduleId)}
          busy={busy}
          chooseLabel={chooseLabel}
          onChoose={() => onChoose(s.hallScheduleId)}
        />
      ))}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading || busy} />
    </>
  );
}
