/** A long list shown in part, with a toggle for the rest: a group's 80 tickets (each with its
 * QR code) or its teachers are not a wall to scroll past. A visitor's order (four visitors, a
 * package's eight tickets) is short enough to show whole. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Lists up to this long are shown whole; longer ones show their first SHOWN_COLLAPSED. */
const SHOWN_WHOLE = 10;
const SHOWN_COLLAPSED = 5;

export function Collapsed<T>({ items, children }: { items: readonly T[]; children: (shown: T[]) => ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = items.length > SHOWN_WHOLE;
  const shown = long && !open ? items.slice(0, SHOWN_COLLAPSED) : [...items];
  return (
    <>
      {children(shown)}
      {long ? (
        <button type="button" className="btn btn--ghost btn--block" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('groupOrder.showFewer') : t('groupOrder.showAll', { n: items.length })}
        </button>
      ) : null}
    </>
  );
}
