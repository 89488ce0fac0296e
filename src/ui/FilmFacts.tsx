/** What a visitor reads about a film before choosing it (docs/product.md §2 film info): poster,
 * name, the session's day and times, duration, ages, synopsis and notes. The film-info pop-up of
 * the films' list and the film's own page (select/moveDetail) show the same. */
import { useTranslation } from 'react-i18next';
import type { CinemaSession } from '../domain/types.ts';
import './cinema.css';

export function FilmFacts({ session, date }: { session: CinemaSession & { film: NonNullable<CinemaSession['film']> }; date: string }) {
  const { t } = useTranslation();
  const { film } = session;
  return (
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
  );
}
