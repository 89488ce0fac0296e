/** One session of a museum day: its figures as a bar (checked in, sold not yet in, held,
 * left) and in numbers, and what an admin changes: stop its sale with a reason visitors read
 * (zh and en) or resume it, its capacity, or call it off for good (CallOffPanel). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayChange } from '../../domain/staffDay.ts';
import type { StaffDay } from '../../domain/types.ts';
import { Field } from '../../ui/Field.ts';
import { CallOffPanel } from './CallOffPanel.tsx';

type Session = StaffDay['sessions'][number];

export function SessionFigures({ session, onChange }: { session: Session; onChange: (change: DayChange) => void }) {
  const { t } = useTranslation();
  const [reasonZh, setReasonZh] = useState('');
  const [reasonEn, setReasonEn] = useState('');
  const [capacity, setCapacity] = useState(String(session.capacity));
  const [callingOff, setCallingOff] = useState(false);
  // Called off here, before the day is read again.
  const [calledOffHere, setCalledOffHere] = useState(false);
  const calledOff = session.calledOff || calledOffHere;
  const share = (n: number) => `${session.capacity > 0 ? (n / session.capacity) * 100 : 0}%`;
  const parts = [
    ['checked', session.checked],
    ['sold', session.sold - session.checked - session.missed],
    ['held', session.held],
  ] as const;

  return (
    <section className="card stack day-session" data-session={session.scheduleId}>
      <div className="card__title">
        <span>
          {session.hallName}{' '}
          <span className="day-session__time">
            {session.beginTime}-{session.endTime}
          </span>
        </span>
        {session.stopped || calledOff ? <span className="tag tag--danger">{t(calledOff ? 'callOff.tag' : 'day.stopped')}</span> : null}
      </div>
      <div className="day-bar" role="img" aria-label={t('day.barLabel', { sold: session.sold, capacity: session.capacity })}>
        {parts.map(([kind, n]) => (n > 0 ? <span key={kind} className={`day-bar__${kind}`} style={{ width: share(n) }} /> : null))}
      </div>
      <dl className="day-figures">
        {(['capacity', 'sold', 'held', 'remaining', 'checked', 'missed', 'refunded', 'waiting'] as const).map((key) => (
          <div key={key}>
            <dt>{t(`day.${key}`)}</dt>
            <dd>{session[key]}</dd>
          </div>
        ))}
      </dl>
      {session.calledOff ? (
        <>
          {session.stopReason ? <p className="muted">{session.stopReason}</p> : null}
          <button type="button" className="btn btn--block" onClick={() => setCallingOff(!callingOff)}>
            {t(callingOff ? 'callOff.hide' : 'callOff.showOutcome')}
          </button>
          {callingOff ? <CallOffPanel scheduleId={session.scheduleId} calledOff /> : null}
        </>
      ) : calledOff ? null : session.stopped ? (
        <>
          {session.stopReason ? <p className="muted">{t('day.stopReason', { reason: session.stopReason })}</p> : null}
          <button
            type="button"
            className="btn btn--block"
            onClick={() => onChange({ kind: 'stop', scheduleId: session.scheduleId, stopped: false, reasonZh: '', reasonEn: '' })}
          >
            {t('day.resume')}
          </button>
        </>
      ) : (
        <>
          <Field className="field--stacked" label={t('day.reasonZh')} value={reasonZh} maxLength={100} onChange={setReasonZh} />
          <Field className="field--stacked" label={t('day.reasonEn')} value={reasonEn} maxLength={200} onChange={setReasonEn} />
          <button
            type="button"
            className="btn btn--block"
            onClick={() => onChange({ kind: 'stop', scheduleId: session.scheduleId, stopped: true, reasonZh, reasonEn })}
          >
            {t('day.stop')}
          </button>
        </>
      )}
      {session.calledOff ? null : (
        <>
          <button type="button" className="btn btn--block" data-testid="call-off-open" onClick={() => setCallingOff(!callingOff)}>
            {t(callingOff ? 'callOff.hide' : calledOffHere ? 'callOff.showOutcome' : 'callOff.open')}
          </button>
          {callingOff ? <CallOffPanel scheduleId={session.scheduleId} calledOff={calledOffHere} onCalledOff={() => setCalledOffHere(true)} /> : null}
        </>
      )}
      {session.cinema || calledOff ? null : (
        <>
          <Field label={t('day.capacity')} type="digit" value={capacity} maxLength={6} onChange={setCapacity} />
          <button
            type="button"
            className="btn btn--block"
            onClick={() => onChange({ kind: 'capacity', scheduleId: session.scheduleId, capacity: Number(capacity) || 0 })}
          >
            {t('day.setCapacity')}
          </button>
        </>
      )}
    </section>
  );
}
