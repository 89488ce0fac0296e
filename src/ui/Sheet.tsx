/** A small popup (bottom sheet or centred dialog) for notices and agreements. Hand-written
 * because it is on the first screen, where react-vant's Popup would cost its weight. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  centered?: boolean;
}

export function Sheet({ open, title, onClose, children, footer, centered }: SheetProps) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <div className={`sheet-mask${centered ? ' sheet-mask--center' : ''}`} onClick={onClose}>
      <section
        className={`sheet${centered ? ' sheet--dialog' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="sheet__head">
          <span>{title}</span>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </div>
        <div className="sheet__body">{children}</div>
        {footer ? <div className="sheet__foot">{footer}</div> : null}
      </section>
    </div>
  );
}
