/** The rating card of an order's detail (machines/rating.machine.ts): stars for the visit and the
 * booking as radio groups (arrow keys move between stars, a screen reader reads "4 stars"), a
 * comment, and the rating read-only once given. Nothing while the order is not to be rated. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { ratingMachine } from '../../../machines/rating.machine.ts';
import { getRating, rateOrder } from '../../api/orderCalls.ts';
import { RATING_COMMENT_MAX, STARS } from '../../domain/rating.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import './rating.css';

const machine = ratingMachine.provide({
  actors: {
    loadRating: fromPromise(({ input }) => getRating(input.orderId)),
    rate: fromPromise(({ input }) => rateOrder(input)),
  },
});

type Field = 'visitStars' | 'bookingStars';

function StarRadios({ field, label, value, onPick }: { field: Field; label: string; value: number; onPick: (stars: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="stars">
      <legend className="stars__label">{label}</legend>
      <div className="stars__row">
        {STARS.map((n) => (
          <label key={n} className={`star${n <= value ? ' star--on' : ''}`}>
            <input type="radio" name={field} value={n} checked={value === n} onChange={() => onPick(n)} aria-label={t('rating.stars', { n })} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StarsRead({ label, value }: { label: string; value: number }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <span className="muted">{label}</span>
      <span className="stars-read" role="img" aria-label={t('rating.stars', { n: value })}>
        {STARS.map((n) => (n <= value ? '★' : '☆')).join('')}
      </span>
    </div>
  );
}

export function RatingCard({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { orderId } });
  const { card, form, error } = snapshot.context;
  if (snapshot.matches('loading') || snapshot.matches('hidden')) return null;
  if (snapshot.matches('failed')) {
    return (
      <section className="card stack rating">
        <div className="card__title">{t('rating.title')}</div>
        {error ? <Refusal message={tr(error)} /> : null}
        <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (snapshot.matches('rated') && card?.rating) {
    return (
      <section className="card stack rating" data-testid="rating">
        <div className="card__title">{t('rating.yours')}</div>
        <StarsRead label={t('rating.visit')} value={card.rating.visitStars} />
        <StarsRead label={t('rating.booking')} value={card.rating.bookingStars} />
        {card.rating.comment ? <p className="rating__comment">{card.rating.comment}</p> : null}
        <p className="hint">{t('rating.thanks', { time: card.rating.createTime })}</p>
      </section>
    );
  }
  const submitting = snapshot.matches('submitting');
  return (
    <form
      className="card stack rating"
      data-testid="rating"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <div className="card__title">{t('rating.title')}</div>
      <StarRadios
        field="visitStars"
        label={t('rating.visit')}
        value={form.visitStars}
        onPick={(stars) => send({ type: 'STARS', field: 'visitStars', stars })}
      />
      <StarRadios
        field="bookingStars"
        label={t('rating.booking')}
        value={form.bookingStars}
        onPick={(stars) => send({ type: 'STARS', field: 'bookingStars', stars })}
      />
      <label className="rating__field">
        <span className="stars__label">{t('rating.comment')}</span>
        <textarea
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          value={form.comment}
          placeholder={t('rating.placeholder')}
          onChange={(e) => send({ type: 'COMMENT', value: e.target.value })}
        />
      </label>
      {error ? <Refusal message={tr(error)} /> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
        {submitting ? t('rating.sending') : t('rating.submit')}
      </button>
    </form>
  );
}
