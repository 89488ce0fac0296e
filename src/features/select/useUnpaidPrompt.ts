/** docs/product.md §8 "unpaid orders block ordering": when the purchase stops at an unpaid order, ask
 * to pay it (the order's payment page) or go back to choosing. Every screen that picks a
 * session (selectVenues, cinemaSelect) shows it. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { confirm } from '../../ui/feedback.ts';
import { purchaseActor, usePurchase } from './purchase.tsx';

export function useUnpaidPrompt(navigate: (to: string) => void): void {
  const { t } = useTranslation();
  const blocked = usePurchase((s) => s.matches('unpaidBlocked'));
  const goPay = usePurchase((s) => (s.matches('goPay') ? s.context.unpaidOrderId : null));

  useEffect(() => {
    if (!blocked) return;
    void confirm({
      title: t('unpaid.title'),
      message: t('unpaid.message'),
      confirmButtonText: t('unpaid.pay'),
      cancelButtonText: t('common.cancel'),
    }).then((pay) => purchaseActor.send({ type: pay ? 'GO_PAY' : 'DISMISS' }));
  }, [blocked, t]);

  useEffect(() => {
    if (goPay == null) return;
    navigate(pathTo(INDIVIDUAL_PATHS.payOrder, { id: goPay }));
    purchaseActor.send({ type: 'RESET' });
  }, [goPay, navigate]);
}
