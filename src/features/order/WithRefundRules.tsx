/** The refund and date-change sheets start from the order's refund facts (`getRefundRules`):
 * a spinner while they load, then the sheet; if the load fails, the sheet says so and offers a
 * retry (never a spinner that stays forever). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getRefundRules } from '../../api/calls.ts';
import type { RefundContext } from '../../domain/refundRules.ts';
import { LoadingOverlay } from '../../ui/Screen.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useLoad } from '../../ui/useLoad.ts';

export function WithRefundRules(props: { orderId: number; title: string; onClose: () => void; children: (rules: RefundContext) => ReactNode }) {
  const { t } = useTranslation();
  const { data: rules, failed, reload } = useLoad(() => getRefundRules(props.orderId), [props.orderId]);
  if (rules) return <>{props.children(rules)}</>;
  if (!failed) return <LoadingOverlay show label={t('common.loading')} />;
  return (
    <Sheet
      open
      title={props.title}
      onClose={props.onClose}
      footer={
        <button type="button" className="btn btn--primary btn--block" onClick={reload}>
          {t('common.retry')}
        </button>
      }
    >
      <p className="error-text" role="alert">
        {t('errors.rulesFailed')}
      </p>
    </Sheet>
  );
}
