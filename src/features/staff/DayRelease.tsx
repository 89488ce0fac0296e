/** A museum day's release time in the staff console: when it opens to visitors, and for a day
 * not on sale yet, a new time (museum time) or "now". The server refuses a time gone by, one
 * after the day, and a day already on sale. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { museumMinute } from '../../domain/museumTime.ts';
import { releaseOpen, type DayChange } from '../../domain/staffDay.ts';
import type { StaffDay } from '../../domain/types.ts';
import { keepDates } from '../../ui/keepDates.ts';
import { ReleaseFields } from './ReleaseFields.tsx';

export function DayRelease({ day, onChange }: { day: StaffDay; onChange: (change: DayChange) => void }) {
  const { t } = useTranslation();
  const now = Date.now();
  const [releaseDate, setReleaseDate] = useState(day.releaseAt ? museumMinute(new Date(day.releaseAt)).slice(0, 10) : day.date);
  const [releaseTime, setReleaseTime] = useState(day.releaseAt ? museumMinute(new Date(day.releaseAt)).slice(11) : '20:00');
  if (day.closed || !releaseOpen(day, now)) return null;
  return (
    <div className="stack day-release">
      {day.releaseAt && day.releaseAt > now ? (
        <p className="notice-bar" data-testid="day-release">
          {t('day.opensAt', { time: keepDates(museumMinute(new Date(day.releaseAt))) })}
        </p>
      ) : null}
      <ReleaseFields date={releaseDate} time={releaseTime} onDate={setReleaseDate} onTime={setReleaseTime} />
      <div className="row staff-actions">
        <button type="button" className="btn" onClick={() => onChange({ kind: 'release', date: day.date, releaseAt: 'now' })}>
          {t('day.releaseNow')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => onChange({ kind: 'release', date: day.date, releaseAt: `${releaseDate} ${releaseTime}` })}
        >
          {t('day.setRelease')}
        </button>
      </div>
    </div>
  );
}
