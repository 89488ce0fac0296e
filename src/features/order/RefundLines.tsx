/** An order's refunds on its detail: each amount with where the money is (on its way back
 * until the payment platform says it is done, back, or stuck: then the museum settles it). */
import { useTranslation } from 'react-i18next';
import type { RefundLine } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';

export function RefundLines({ refunds }: { refunds: RefundLine[] | undefined }) {
  const { t } = useTranslation();
  if (!refunds?.length) return null;
  return (
    <section className="card stack" data-testid="refund-lines">
      <div className="card__title">{t('refundLines.title')}</div>
      {refunds.map((r, i) => (
        <div key={i} className="review-visitor">
          <strong>{formatMoney(r.amount)}</strong>
          <span className="muted">{r.createTime}</span>
          <span className={r.status === 'failed' ? 'tag tag--danger' : 'tag'}>{t(`refundLines.${r.status}`)}</span>
        </div>
      ))}
    </section>
  );
}
