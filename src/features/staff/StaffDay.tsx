/** staff/day: a museum day. Its release's waiting room live while it is near (DayQueue), its
 * figures per session (a bar and the numbers) with the CSV of them; an admin stops or resumes a session's sale, changes a capacity, closes or
 * opens the day, sets the release time of a day not on sale (the staffDay machine; the server
 * refuses what would strand visitors). */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffDayMachine } from '../../../machines/staffDay.machine.ts';
import { changeStaffDay, downloadDayCsv, getStaffDay, getStaffQueue } from '../../api/staffCalls.ts';
import { addDays } from '../../domain/museumTime.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { roomShown } from '../../domain/queueFigures.ts';
import { currentLang, tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { visibleTicker } from '../../widgets/visibleTicker.ts';
import { Check } from './CatalogueFields.tsx';
import { DayQueue } from './DayQueue.tsx';
import { DayRelease } from './DayRelease.tsx';
import { SessionFigures } from './SessionFigures.tsx';
import { useStaffToken } from './useStaffToken.ts';
import { WithToday } from './WithToday.tsx';
import './staff.css';

const machine = staffDayMachine.provide({
  actors: {
    loadDay: fromPromise(({ input }) => getStaffDay(input.date)),
    change: fromPromise(({ input }) => changeStaffDay(input)),
    readQueue: fromPromise(({ input }) => getStaffQueue(input.date)),
    ticker: visibleTicker,
  },
});

export default function StaffDay() {
  const { t } = useTranslation();
  return (
    <WithToday title={t('day.title')} backTo={STAFF_PATHS.area}>
      {(today) => <Day today={today} />}
    </WithToday>
  );
}

/** The day screen, opened on `today` (the server's). */
function Day({ today }: { today: string }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { date: today } });
  const { date, day, error, queue, queueStale } = snapshot.context;
  const [reasonZh, setReasonZh] = useState('');
  const [reasonEn, setReasonEn] = useState('');
  const [callOff, setCallOff] = useState(false);
  useStaffToken();

  return (
    <Screen title={t('day.title')} backTo={STAFF_PATHS.area}>
      <section className="card stack">
        <div className="row day-nav">
          <button type="button" className="btn" onClick={() => send({ type: 'DATE.CHANGE', date: addDays(date, -1) })} aria-label={t('day.previous')}>
            ‹
          </button>
          <strong data-testid="day-date">{date}</strong>
          <button type="button" className="btn" onClick={() => send({ type: 'DATE.CHANGE', date: addDays(date, 1) })} aria-label={t('day.nextDay')}>
            ›
          </button>
        </div>
      </section>
      {day && queue && roomShown(queue) ? <DayQueue figures={queue} stale={queueStale} /> : null}
      {day ? (
        <section className="card stack" data-testid="day-card">
          <p className={day.closed ? 'notice-bar notice-bar--danger' : 'muted'}>
            {day.closed ? t('day.closedFor', { reason: day.reason ?? '' }) : t('day.open', { n: day.sessions.length })}
          </p>
          <DayRelease key={`${day.date}-${day.releaseAt ?? 0}-${day.sessions.length}`} day={day} onChange={(change) => send({ type: 'CHANGE', change })} />
          {day.closed ? null : (
            <>
              <Field className="field--stacked" label={t('day.reasonZh')} value={reasonZh} maxLength={100} onChange={setReasonZh} />
              <Field className="field--stacked" label={t('day.reasonEn')} value={reasonEn} maxLength={200} onChange={setReasonEn} />
              <Check label={t('day.callOffAll')} checked={callOff} onChange={setCallOff} />
            </>
          )}
          <button
            type="button"
            className="btn btn--block"
            onClick={() => send({ type: 'CHANGE', change: { kind: 'close', date, closed: !day.closed, reasonZh, reasonEn, callOff } })}
          >
            {day.closed ? t('day.openDay') : t('day.closeDay')}
          </button>
          <button type="button" className="btn btn--block" onClick={() => void downloadDayCsv(date, currentLang() === 'en' ? 'en_us' : 'zh_cn')}>
            {t('day.csv')}
          </button>
        </section>
      ) : null}
      {error ? <Refusal message={tr(error)} /> : null}
      {day && day.ratings.length > 0 ? (
        <section className="card stack" data-testid="day-ratings">
          <div className="card__title">{t('day.ratings')}</div>
          {day.ratings.map((r) => (
            <div key={r.hallId}>
              <div>{r.hallName}</div>
              <div className="muted">{t('day.ratingRow', { visit: r.visit.toFixed(1), booking: r.booking.toFixed(1), n: r.count })}</div>
            </div>
          ))}
        </section>
      ) : null}
      {day && day.closedDays.length > 0 ? (
        <section className="card stack" data-testid="closed-days">
          <div className="card__title">{t('day.closedDays')}</div>
          {day.closedDays.map((d) => (
            <div key={d.date} className="stack">
              <div>
                <strong>{d.date}</strong> <span className="muted">{d.reason}</span>
              </div>
              <button
                type="button"
                className="btn btn--block"
                onClick={() => send({ type: 'CHANGE', change: { kind: 'close', date: d.date, closed: false, reasonZh: '', reasonEn: '' } })}
              >
                {t('day.reopen', { date: d.date })}
              </button>
            </div>
          ))}
        </section>
      ) : null}
      {day?.sessions.map((session) => (
        <SessionFigures
          key={`${session.scheduleId}-${session.capacity}-${String(session.stopped)}`}
          session={session}
          onChange={(change) => send({ type: 'CHANGE', change })}
        />
      ))}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('changing')} />
    </Screen>
  );
}
