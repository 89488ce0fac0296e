/** The first-order tips pop-up of the review screen: asks the server whether the account has any
 * order (/order/v1/list) when the tips are configured and not yet read on this device. A failed
 * ask shows nothing: the tips help, they never block an order. */
import { useEffect, useState } from 'react';
import { countOrders } from '../../api/orderCalls.ts';
import { firstOrderTipsDue } from '../../domain/firstOrder.ts';

/** Read once on this device (the browser tests that are not about the tips start with it set). */
export const FIRST_ORDER_TIPS_SEEN = 'firstOrderTipsSeen';

export function useFirstOrderTips(tips: string | undefined): { open: boolean; close: () => void } {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const seen = Boolean(localStorage.getItem(FIRST_ORDER_TIPS_SEEN));
    if (!firstOrderTipsDue({ orderCount: 0, tips, seen })) return;
    let live = true;
    countOrders()
      .then((orderCount) => {
        if (live && firstOrderTipsDue({ orderCount, tips, seen })) setOpen(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tips]);
  const close = () => {
    localStorage.setItem(FIRST_ORDER_TIPS_SEEN, '1');
    setOpen(false);
  };
  return { open, close };
}
