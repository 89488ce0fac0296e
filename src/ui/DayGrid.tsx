/** The calendar of the bookable window (selectDate of both areas, a date change): a grid of
 * days with their state, and its legend. */
import { useTranslation } from 'react-i18next';
import type { CalendarDay } from '../domain/types.ts';

/** A day's 'YYYY-MM-DD' as its numbers and its weekday (0 Sunday). Read by hand, not with a
 * date library: this grid is part of the first screen's bytes (docs/architecture.md §8). */
function parts(date: string): { month: number; day: number; weekday: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { month: m, day: d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** A month-style grid of the bookable window, drawn by hand: react-vant's Calendar would add
 * ~40 KB to the first screen (docs/architecture.md §7). */
export function DayGrid({
  days,
  onPick,
  opens = (day) => day.state === 'available',
}: {
  days: CalendarDay[];
  onPick: (day: CalendarDay) => void;
  /** Whether a tap on the day may open it (otherwise it only says why not): marked disabled when not. */
  opens?: (day: CalendarDay) => boolean;
}) {
  const { t } = useTranslation();
  if (days.length === 0) return <div className="day-grid day-grid--empty" />;
  // Weeks start on Monday: blank cells before the first day.
  const lead = (parts(days[0].date).weekday + 6) % 7;
  const weekdays = t('selectDate.weekdays').split(',');
  return (
    <div className="day-grid">
      {weekdays.map((name) => (
        <div key={name} className="day-grid__head">
          {name}
        </div>
      ))}
      {Array.from({ length: lead }, (_, i) => (
        <div key={`lead-${i}`} />
      ))}
      {days.map((day) => {
        const date = parts(day.date);
        return (
          <button key={day.date} type="button" className={`day day--${day.state}`} data-date={day.date} aria-disabled={!opens(day)} onClick={() => onPick(day)}>
            <span className="day__month">{date.day === 1 || day === days[0] ? t('selectDate.month', { m: date.month }) : ''}</span>
            <span className="day__num">{date.day}</span>
            <span className="day__state">{day.state === 'available' ? t('day.left', { n: day.remaining }) : t(`day.${day.state}`)}</span>
          </button>
        );
      })}
    </div>
  );
}

/** The day states' colours. Its own classes, not the days': a locator of `.day--available`
 * finds an open day, never the legend's swatch while the calendar is still loading. */
export function Legend() {
  const { t } = useTranslation();
  return (
    <div className="legend">
      {(['available', 'soldOut', 'closed', 'notReleased'] as const).map((state) => (
        <span key={state} className={`legend__item legend__item--${state}`}>
          <i />
          {t(`day.${state}`)}
        </span>
      ))}
    </div>
  );
}
