/** A release time as the staff write it: a museum date and a time, side by side. */
import { useTranslation } from 'react-i18next';

export function ReleaseFields({ date, time, onDate, onTime }: { date: string; time: string; onDate: (date: string) => void; onTime: (time: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="template-row template-row--two">
      <label className="field-label">
        {t('sessions.releaseDate')}
        <input className="input" type="date" name="releaseDate" value={date} onChange={(e) => onDate(e.target.value)} />
      </label>
      <label className="field-label">
        {t('sessions.releaseTime')}
        <input className="input" type="time" name="releaseTime" value={time} onChange={(e) => onTime(e.target.value)} />
      </label>
    </div>
  );
}
