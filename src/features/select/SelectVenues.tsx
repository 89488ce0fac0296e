/** select/selectVenues: the halls open on the chosen day, each with its sessions as a radio
 * list, their state and remaining stock, and the ticket types with prices. */
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { dayTapOn } from '../../domain/releaseQueue.ts';
import type { CalendarDay } from '../../domain/types.ts';
import { isListOpen } from '../../domain/waitingList.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { HallCard } from '../../ui/HallCard.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { SessionRadios } from '../../ui/SessionRadios.tsx';
import { formatMoney } from '../../ui/money.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { QueueRoom } from './QueueRoom.tsx';
import { getPackages } from '../../api/cinemaCalls.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { useUnpaidPrompt } from './useUnpaidPrompt.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';

/** A day booked here: one on sale, or one awaiting its release, opened through its queue (docs/product.md §2.13). */
const opensHere = (calendar: CalendarDay[], date: string) => dayTapOn(calendar, date, true) !== 'explain';

export default function SelectVenues() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // The day comes from the URL (the date page links here): bring the machine to it.
  const wanted = new URLSearchParams(useSearch()).get('date');
  const settling = usePurchase((s) => {
    if (!wanted) return false;
    if (s.matches({ date: 'loading' })) return true;
    return s.matches({ date: 'ready' }) && opensHere(s.context.calendar, wanted);
  });
  const needsPick = usePurchase((s) => wanted !== null && (s.matches({ date: 'ready' }) || (s.matches('venue') && s.context.date !== wanted)));
  const actor = usePurchaseScreen('venue', navigate, settling);
  useEffect(() => {
    if (needsPick && wanted) actor.send({ type: 'PICK_DATE', date: wanted });
  }, [needsPick, wanted, actor]);
  const date = usePurchase((s) => s.context.date);
  const halls = usePurchase((s) => s.context.halls);
  const error = usePurchase((s) => s.context.error);
  const failed = usePurchase((s) => s.matches({ venue: 'failed' }));
  const inQueue = usePurchase((s) => s.matches('queue'));
  const busy = usePurchase(
    (s) =>
      s.matches('date') || s.matches({ venue: 'loading' }) || s.matches('checkingUnpaid') || s.matches({ queue: 'checking' }) || s.matches('loadingSetting'),
  );
  const [choice, setChoice] = useState<{ hallId: number; hallScheduleId: number } | null>(null);
  // Packages (admission and a film at one price) of the day, below the halls.
  const { data: packages } = useLoad(() => (date ? getPackages(date) : Promise.resolve([])), [date]);

  useUnpaidPrompt(navigate);

  const weekday = date ? t('selectDate.weekdays').split(',')[(dayjs(date).day() + 6) % 7] : '';

  return (
    <Screen title={t('selectVenues.title')} backTo={INDIVIDUAL_PATHS.selectDate}>
      <div className="row card">
        <span>
          <strong>{date}</strong> <span className="muted">{weekday}</span>
        </span>
        <button type="button" className="link" onClick={() => navigate(INDIVIDUAL_PATHS.selectDate)}>
          {t('selectVenues.changeDate')}
        </button>
      </div>
      {error && !failed && !inQueue ? <div className="notice-bar notice-bar--danger">{tr(error)}</div> : null}
      {failed ? <LoadFailed message={error ? tr(error) : t('errors.unknown')} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
      {halls.map((hall) => (
        <HallCard key={hall.hallId} hall={hall}>
          {hall.ageNote ? <p className="hint">{hall.ageNote}</p> : null}
          {hall.cinema ? (
            // A cinema's sessions are films: chosen on its own screen.
            <Link
              href={pathTo(INDIVIDUAL_PATHS.cinemaSelect, { id: hall.hallId })}
              className={`btn btn--block hall__films${hall.disabled ? ' is-disabled' : ''}`}
              aria-disabled={hall.disabled}
              onClick={(event) => hall.disabled && event.preventDefault()}
            >
              {t('selectVenues.films')}
            </Link>
          ) : (
            <SessionRadios
              hall={hall}
              picked={choice?.hallScheduleId ?? null}
              onPick={(hallScheduleId) => setChoice({ hallId: hall.hallId, hallScheduleId })}
            />
          )}
          {hall.scheduleTicketPoolVOS.some(isListOpen) ? (
            <Link href={pathTo(INDIVIDUAL_PATHS.waitingList, {}, { date })} className="btn btn--block">
              {t('waitingList.join')}
            </Link>
          ) : null}
          <ul className="prices">
            {(hall.scheduleTicketPoolVOS[0]?.priceTicketPoolVOS ?? []).map((price) => (
              <li key={price.ticketPriceId}>
                <span>{price.name}</span>
                <span className="prices__amount">{price.price === 0 ? t('common.free') : formatMoney(price.price)}</span>
              </li>
            ))}
          </ul>
        </HallCard>
      ))}
      {packages?.map((p) => (
        <section key={p.packageId} className="card hall" data-package={p.packageId}>
          <div className="card__title">
            <span>{p.name}</span>
            <span className="prices__amount">{formatMoney(p.price)}</span>
          </div>
          <p className="card__sub">{p.intro}</p>
          <Link href={pathTo(INDIVIDUAL_PATHS.packageAddSure, {}, { id: p.packageId, date })} className="btn btn--block hall__films">
            {t('selectVenues.buyPackage')}
          </Link>
        </section>
      ))}
      {!busy && !failed && halls.length === 0 ? <div className="empty-state">{t('selectVenues.none')}</div> : null}
      <FooterBar>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!choice}
          onClick={() => choice && actor.send({ type: 'PICK_SESSION', ...choice })}
        >
          {t('common.next')}
        </button>
      </FooterBar>
      <QueueRoom />
      <LoadingOverlay show={busy} />
    </Screen>
  );
}
