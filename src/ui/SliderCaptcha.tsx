/** The security slider (docs/product.md §5): drag the piece into the gap. The server issued the
 * challenge as pixels and checks the position and the drag itself (its trail of positions
 * and times); a pass yields a single-use captchaToken. The calls come from the feature that
 * shows it (src/ui does not call the API). */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { DRAG_LIMITS, type CaptchaChallenge, type DragSample } from '../domain/captcha.ts';

export interface SliderCaptchaProps {
  getCaptcha: () => Promise<CaptchaChallenge>;
  checkCaptcha: (captchaId: string, x: number, trail: DragSample[]) => Promise<{ captchaToken: string }>;
  onPassed: (token: string) => void;
}

export function SliderCaptcha({ getCaptcha, checkCaptcha, onPassed }: SliderCaptchaProps) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [x, setX] = useState(0);
  const [status, setStatus] = useState<'idle' | 'dragging' | 'checking' | 'passed' | 'failed'>('idle');
  // The drag in progress; `now` is where the piece is, which the release sends even when it comes
  // before React has drawn the last move (a quick hand, a slow phone).
  const start = useRef<{ pointer: number; x: number; now: number; at: number; trail: DragSample[] } | null>(null);

  const load = useCallback(() => {
    setStatus('idle');
    setX(0);
    getCaptcha().then(setChallenge, () => setStatus('failed'));
  }, [getCaptcha]);
  useEffect(load, [load]);

  const max = challenge ? challenge.width - challenge.pieceSize : 0;

  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!challenge || status === 'checking' || status === 'passed') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    // The page's clock, not the event's stamp: the same time every other part of the page reads,
    // and the one a test moves (docs/how-to.md, "A test that never waits for the clock"), so a drag's pace is the hand's, not the machine's.
    start.current = { pointer: event.clientX, x, now: x, at: performance.now(), trail: [[Math.round(x), 0]] };
    setStatus('dragging');
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    const drag = start.current;
    if (!drag) return;
    const next = Math.min(max, Math.max(0, drag.x + event.clientX - drag.pointer));
    drag.now = next;
    setX(next);
    if (drag.trail.length < DRAG_LIMITS.maxSamples) drag.trail.push([Math.round(next), Math.round(performance.now() - drag.at)]);
  };
  const onUp = () => {
    const drag = start.current;
    if (!drag || !challenge) return;
    start.current = null;
    setStatus('checking');
    checkCaptcha(challenge.captchaId, Math.round(drag.now), drag.trail).then(
      ({ captchaToken }) => {
        setStatus('passed');
        onPassed(captchaToken);
      },
      () => {
        setStatus('failed');
        // The handle goes back to the start, off the words that say why.
        setX(0);
        // A challenge is good for one attempt: fetch a fresh one.
        setTimeout(load, 800);
      },
    );
  };

  return (
    <div className="slider-captcha" style={{ width: challenge?.width ?? 300 }}>
      <div className="slider-captcha__image" style={{ height: challenge?.height ?? 150 }}>
        {challenge ? (
          <>
            <img src={challenge.background} alt="" width={challenge.width} height={challenge.height} data-testid="captcha-background" />
            <img
              className="slider-captcha__piece"
              src={challenge.piece}
              data-testid="captcha-piece"
              alt=""
              width={challenge.pieceSize}
              height={challenge.pieceSize}
              style={{ left: x, top: challenge.pieceY }}
            />
          </>
        ) : null}
        <button type="button" className="slider-captcha__refresh" onClick={load} aria-label={t('slider.refresh')}>
          ↻
        </button>
      </div>
      <div className={`slider-captcha__track slider-captcha__track--${status}`}>
        <span className="slider-captcha__hint">{status === 'failed' ? t('slider.failed') : t('slider.hint')}</span>
        <div
          className="slider-captcha__handle"
          role="slider"
          aria-label={t('slider.hint')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(x)}
          style={{ transform: `translateX(${x}px)` }}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        >
          →
        </div>
      </div>
    </div>
  );
}
