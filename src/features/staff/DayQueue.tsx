/** staff/day: the day's waiting room at its release, live (docs/product.md §2.13): where it is
 * (opens at, admissions start at, admitting), the visitors waiting, admitted and not ordered yet,
 * the admissions' rate and batch, the last in line's wait, the tickets left, and when it was read.
 * The staffDay machine reads it every 2 s; a failed read keeps the figures, marked with their time. */
import { useTranslation } from 'react-i18next';
import { museumMinute, museumSecond } from '../../domain/museumTime.ts';
import { lastInLineSeconds, roomPhase, type QueueFigures } from '../../domain/queueFigures.ts';
import { clockText } from '../../domain/releaseQueue.ts';
import { currentLang } from '../../i18n/index.ts';

const hhmm = (ms: number | null) => (ms === null ? '' : museumMinute(new Date(ms)).slice(11));

export function DayQueue({ figures: f, stale }: { figures: QueueFigures; stale: boolean }) {
  const { t } = useTranslation();
  const number = (n: number) => n.toLocaleString(currentLang() === 'en' ? 'en' : 'zh-CN');
  const phase = roomPhase(f);
  const soldOut = f.left === 0;
  const last = lastInLineSeconds(f);
  const figures = [
    ['waiting', number(f.waiting)],
    ['inPlay', number(f.inPlay)],
    ['perMinute', number(f.perMinute)],
    ['lastWait', last !== null ? clockText(last) : t(f.waiting === 0 ? 'dayQueue.noLine' : 'dayQueue.measuring')],
    ['admitted', number(f.admitted)],
    ['left', number(f.left)],
    ['batch', f.batch === null ? '–' : number(f.batch)],
    ['p90', f.p90Ms === null ? '–' : t('dayQueue.ms', { n: number(f.p90Ms) })],
  ] as const;
  const times = { opens: hhmm(f.opensAt), release: hhmm(f.releaseAt), closes: hhmm(f.closesAt), until: hhmm(f.surgeUntil) };

  return (
    <section className="card stack day-room" data-testid="day-room" aria-labelledby="day-room-title">
      <div className="card__title">
        <span id="day-room-title">{t('dayQueue.title')}</span>
        {soldOut ? (
          <span className="tag tag--danger">{t('dayQueue.soldOut')}</span>
        ) : (
          <span className={stale ? 'tag tag--warn' : 'tag tag--ok'}>{t(stale ? 'dayQueue.retrying' : 'dayQueue.live')}</span>
        )}
      </div>
      <p className={phase === 'admitting' && !soldOut ? 'notice-bar day-room__phase--admitting' : 'notice-bar'} data-testid="day-room-phase">
        {soldOut
          ? t('dayQueue.soldOutNote')
          : f.reason === 'surge'
            ? t('dayQueue.surge', times)
            : t(`dayQueue.${phase === 'soon' ? 'soon' : phase === 'before' ? 'before' : 'admitting'}`, times)}
      </p>
      <dl className="day-room__figures">
        {figures.map(([key, value]) => (
          <div key={key} data-figure={key}>
            <dt>{t(`dayQueue.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={stale ? 'day-room__read day-room__read--stale' : 'day-room__read muted'} data-testid="day-room-read">
        {t(stale ? 'dayQueue.stale' : 'dayQueue.updated', { time: museumSecond(new Date(f.now)) })}
      </p>
    </section>
  );
}
