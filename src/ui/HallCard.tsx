/** A hall on a venue list (docs/product.md §2 venue selection): its name, why it is closed, its
 * introduction; the screen adds what is chosen in it (sessions, films, group sizes). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HallPool } from '../domain/types.ts';

export function HallCard({ hall, children }: { hall: HallPool; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={`card hall${hall.disabled ? ' hall--disabled' : ''}`} data-hall={hall.hallKey}>
      <div className="card__title">
        <span>{hall.name}</span>
        {hall.disabled ? <span className="tag tag--off tag--reason">{hall.disabledText ?? t('session.closed')}</span> : null}
      </div>
      <p className="card__sub">{hall.intro}</p>
      {children}
    </section>
  );
}
