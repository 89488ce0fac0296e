/** A team's document at full size, over the whole screen, for a reviewer to read the small print
 * (an expiry date she must type): pinch or the +/− buttons zoom up to 4 times, the image
 * scrolls, and Close or Escape returns to the card. The page itself does not zoom (the viewport
 * forbids it), so the pinch is this viewer's own. */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

const MIN = 1;
const MAX = 4;
const clamp = (zoom: number) => Math.min(MAX, Math.max(MIN, zoom));

export function DocumentViewer({ url, label, onClose }: { url: string; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(MIN);
  const close = useRef<HTMLButtonElement>(null);
  // Two fingers down: their distance and the zoom when they touched.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const down = (event: PointerEvent) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
  };
  const move = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current && pointers.current.size === 2) setZoom(clamp((pinch.current.zoom * distance()) / pinch.current.distance));
  };
  const up = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return (
    <div className="doc-viewer" role="dialog" aria-modal="true" aria-label={label}>
      <div className="doc-viewer__bar">
        <span className="doc-viewer__title">{label}</span>
        <button type="button" className="doc-viewer__btn" aria-label={t('staff.zoomOut')} disabled={zoom <= MIN} onClick={() => setZoom(clamp(zoom / 1.5))}>
          −
        </button>
        <button type="button" className="doc-viewer__btn" aria-label={t('staff.zoomIn')} disabled={zoom >= MAX} onClick={() => setZoom(clamp(zoom * 1.5))}>
          +
        </button>
        <button type="button" ref={close} className="doc-viewer__btn" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {/* Focusable, so a keyboard scrolls a zoomed document as a finger does. */}
      <div className="doc-viewer__stage" tabIndex={0} onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={up}>
        <img src={url} alt={label} style={{ width: `${zoom * 100}%` }} data-zoom={zoom.toFixed(2)} />
      </div>
    </div>
  );
}
