/** A hall's sessions as a radio list (docs/product.md §2 venue selection): each with its time and its
 * remaining tickets, or why it cannot be chosen. */
import { useTranslation } from 'react-i18next';
import { isSessionSelectable } from '../domain/sessions.ts';
import type { HallPool } from '../domain/types.ts';

export function SessionRadios({ hall, picked, onPick }: { hall: HallPool; picked: number | null; onPick: (hallScheduleId: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="sessions" role="radiogroup" aria-label={hall.name}>
      {hall.scheduleTicketPoolVOS.map((session) => {
        const ok = isSessionSelectable(hall, session);
        const checked = picked === session.hallScheduleId;
        return (
          <label key={session.hallScheduleId} className={`session${ok ? '' : ' session--off'}${checked ? ' session--on' : ''}`}>
            <input type="radio" name="session" disabled={!ok} checked={checked} onChange={() => onPick(session.hallScheduleId)} />
            <span className="session__time">
              {session.beginTime}-{session.endTime}
            </span>
            <span className="session__state">
              {ok ? (
                <span className="tag tag--ok">{t('day.left', { n: session.ticketPool })}</span>
              ) : (
                <span className={`tag tag--reason ${session.state === 'soldOut' ? 'tag--danger' : 'tag--off'}`}>
                  {session.disabledText ?? t(`session.${session.state}`)}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </div>
  );
}
