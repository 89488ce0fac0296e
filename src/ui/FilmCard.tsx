/** One film session of a dome (docs/product.md §2 cinema screens): poster, film, times, ages, remaining
 * seats or why not, the film's details, and the button that chooses it. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CinemaSession } from '../domain/types.ts';
import './cinema.css';

export interface FilmCardProps {
  session: CinemaSession;
  open: boolean;
  detailsHref: string;
  busy: boolean;
  onChoose: () => void;
  /** The button's words (a group does not pick seats: the dome seats it). */
  chooseLabel?: string;
}

export function FilmCard({ session: s, open, detailsHref, busy, onChoose, chooseLabel }: FilmCardProps) {
  const { t } = useTranslation();
  return (
    <section className="card film" data-session={s.hallScheduleId}>
      {s.film ? <img className="film__poster" src={s.film.poster} alt="" width={72} height={100} /> : null}
      <div className="film__body">
        <div className="film__name">{s.film?.name}</div>
        <div className="film__time">
          {s.beginTime}-{s.endTime}
          {s.film ? ` · ${t('cinema.duration', { n: s.film.durationMin })}` : ''}
        </div>
        {s.film?.ageMin ? <div className="hint">{t('cinema.ages', { min: s.film.ageMin })}</div> : null}
        <div className="film__actions">
          {open ? (
            <span className="tag tag--ok">{t('cinema.left', { n: s.ticketPool })}</span>
          ) : (
            <span className="tag tag--off tag--reason">{s.disabledText}</span>
          )}
          {s.film ? (
            <Link className="link" href={detailsHref}>
              {t('cinema.details')}
            </Link>
          ) : null}
        </div>
        <button type="button" className="btn btn--primary btn--block" disabled={!open || busy} onClick={onChoose}>
          {chooseLabel ?? t('cinema.choose')}
        </button>
      </div>
    </section>
  );
}
