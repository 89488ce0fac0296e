/** One film session of a dome (docs/product.md §2 cinema screens): poster, film, times, ages, remaining
 * seats or why not, the film's details in a pop-up over the list, and the button that chooses it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CinemaSession } from '../domain/types.ts';
import { FilmFacts } from './FilmFacts.tsx';
import { Sheet } from './Sheet.tsx';
import './cinema.css';

export interface FilmCardProps {
  session: CinemaSession;
  date: string;
  open: boolean;
  /** The film's own page (the link a film is shared by). */
  pageHref: string;
  busy: boolean;
  onChoose: () => void;
  /** The button's words (a group does not pick seats: the dome seats it). */
  chooseLabel?: string;
}

export function FilmCard({ session: s, date, open, pageHref, busy, onChoose, chooseLabel }: FilmCardProps) {
  const { t } = useTranslation();
  // Read in place, the list kept under it: the pop-up is the card's own, not a step of the flow.
  const [reading, setReading] = useState(false);
  const choose = (
    <button type="button" className="btn btn--primary btn--block" disabled={!open || busy} onClick={onChoose}>
      {chooseLabel ?? t('cinema.choose')}
    </button>
  );
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
            <button type="button" className="link" aria-haspopup="dialog" onClick={() => setReading(true)}>
              {t('cinema.details')}
            </button>
          ) : null}
        </div>
        {choose}
      </div>
      {s.film ? (
        <Sheet open={reading} title={s.film.name} onClose={() => setReading(false)} footer={choose}>
          <FilmFacts session={{ ...s, film: s.film }} date={date} />
          <Link className="link film__page" href={pageHref}>
            {t('cinema.filmPage')}
          </Link>
        </Sheet>
      ) : null}
    </section>
  );
}
