/** "Add a visitor (up to 4)" below an order form's visitors, while the list may grow. */
import { useTranslation } from 'react-i18next';
import { canAddVisitor } from '../../../machines/visitorList.ts';
import { VISITORS_PER_ORDER_INDIVIDUAL } from '../../domain/limits.ts';

export function AddVisitor({ visitors, onAdd }: { visitors: readonly unknown[]; onAdd: () => void }) {
  const { t } = useTranslation();
  if (!canAddVisitor(visitors)) return null;
  return (
    <button type="button" className="btn btn--block" onClick={onAdd}>
      {t('addAudience.add', { max: VISITORS_PER_ORDER_INDIVIDUAL })}
    </button>
  );
}
