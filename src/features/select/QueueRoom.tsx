/** The waiting room of a day's release (docs/product.md §2.13), over the venue screen while the
 * purchase machine is in its `queue` state: the slider to take a place, then the position and an
 * honest estimate, or the place lost; and the "you are in" countdown of the screens after it. */
import { useTranslation } from 'react-i18next';
import { clockText } from '../../domain/releaseQueue.ts';
import { museumMinute } from '../../domain/museumTime.ts';
import { getCaptcha, checkCaptcha } from '../../api/calls.ts';
import { tr } from '../../i18n/index.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { SliderCaptcha } from '../../ui/SliderCaptcha.tsx';
import { usePurchase, purchaseActor } from './purchase.tsx';

export function QueueRoom() {
  const { t } = useTranslation();
  const open = usePurchase((s) => s.matches('queue') && !s.matches({ queue: 'checking' }));
  const joining = usePurchase((s) => s.matches({ queue: 'joining' }));
  const lost = usePurchase((s) => s.matches({ queue: 'lost' }));
  const date = usePurchase((s) => s.context.date);
  const queue = usePurchase((s) => s.context.queue);
  const serverNow = usePurchase((s) => s.context.serverNow);
  const error = usePurchase((s) => s.context.error);
  const draftKept = usePurchase((s) => s.context.draftKept);
  if (!open) return null;
  const release = queue?.releaseAt ? museumMinute(new Date(queue.releaseAt)).slice(11) : '';
  const waited = queue ? Math.max(0, (serverNow - queue.now) / 1000) : 0;
  const estimate = queue?.estimateSeconds == null ? null : Math.max(0, queue.estimateSeconds - waited);
  const before = queue?.releaseAt != null && serverNow < queue.releaseAt;
  const leave = () => purchaseActor.send({ type: 'BACK' });
  return (
    <Sheet open centered title={t('queue.title')} onClose={leave}>
      <div className="queue" data-testid="queue-room">
        {error ? (
          <div className="notice-bar notice-bar--danger" role="alert">
            {tr(error)}
          </div>
        ) : null}
        {joining ? (
          <>
            {/* Once the release has passed (its busy half hour, or a surge days later) there is no release time to announce. */}
            <p>{before ? t('queue.intro', { date, time: release }) : t('queue.introBusy', { date })}</p>
            <SliderCaptcha getCaptcha={getCaptcha} checkCaptcha={checkCaptcha} onPassed={(token) => purchaseActor.send({ type: 'SLIDER.PASSED', token })} />
          </>
        ) : lost ? (
          <>
            <p role="alert">{t('queue.lost')}</p>
            <button type="button" className="btn btn--primary btn--block" onClick={() => purchaseActor.send({ type: 'JOIN' })}>
              {t('queue.joinAgain')}
            </button>
          </>
        ) : queue && queue.state === 'waiting' ? (
          <>
            <p className="queue__label">{t('queue.place')}</p>
            <p className="queue__ahead" aria-live="polite" data-testid="queue-ahead">
              {queue.ahead === 0 ? t('queue.aheadNone') : t('queue.ahead', { n: queue.ahead })}
            </p>
            <p>{estimate === null ? t('queue.estimating') : t('queue.estimate', { time: clockText(estimate) })}</p>
            {before ? <p className="muted">{t('queue.opensAt', { time: release })}</p> : null}
            <p className="hint">{t('queue.keepOpen')}</p>
          </>
        ) : (
          <p>{t('common.loading')}</p>
        )}
        {draftKept ? <p className="hint">{t('queue.draftKept')}</p> : null}
        <button type="button" className="btn btn--block" onClick={leave}>
          {t('queue.leave')}
        </button>
      </div>
    </Sheet>
  );
}

/** "You are in: 1:59 left to submit", on the screens after an admission. */
export function QueueCountdown() {
  const { t } = useTranslation();
  const admitUntil = usePurchase((s) => (s.context.queue?.state === 'admitted' ? s.context.queue.admitUntil : null));
  const serverNow = usePurchase((s) => s.context.serverNow);
  if (admitUntil === null) return null;
  const left = (admitUntil - serverNow) / 1000;
  return (
    <div className={`notice-bar${left > 0 ? '' : ' notice-bar--danger'}`} role="timer" data-testid="queue-countdown">
      {left > 0 ? t('queue.admitted', { time: clockText(left) }) : t('queue.admittedOver')}
    </div>
  );
}
