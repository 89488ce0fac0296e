/** One group in the team's cart: where and when, who, the quoted price, its hold countdown and
 * its removal (a cartHold actor of its own, as a visitor's cart line), and its pay button. */
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { cartHoldMachine, type CartLineInput } from '../../../machines/cartHold.machine.ts';
import { removeCartLine } from '../../api/orderCalls.ts';
import type { GroupCartEntry } from '../../domain/types.ts';
import { CartHoldStatus, useCartHold } from '../../widgets/CartHold.tsx';
import { formatMoney } from '../../ui/money.ts';
import { ticker } from '../../widgets/ticker.ts';

const machine = cartHoldMachine.provide({
  actors: {
    // Nothing to call: the row's end reloads the cart, and reading a team's cart expires its
    // due groups on the server.
    expire: fromPromise<void, CartLineInput>(async () => {}),
    remove: fromPromise(({ input }) => removeCartLine(input.cartTicketId)),
    ticker,
  },
});

export interface GroupCartRowProps {
  entry: GroupCartEntry;
  serverOffset: number;
  paying: boolean;
  onPay: () => void;
  /** The group was removed or its hold just ran out: the cart reloads. */
  onEnded: () => void;
}

export function GroupCartRow({ entry, serverOffset, paying, onPay, onEnded }: GroupCartRowProps) {
  const { t } = useTranslation();
  const input = { cartTicketId: entry.cartId, deadline: entry.deadline, now: Date.now(), serverOffset, expired: entry.status === 'expired' };
  const hold = useCartHold(machine, input, onEnded);
  return (
    <section className={`card stack cart-line${hold.expired ? ' cart-line--expired' : ''}`} data-group-cart={entry.cartId}>
      <div className="card__title">
        <span>{entry.hallName}</span>
        <strong className="amount">{formatMoney(entry.amount)}</strong>
      </div>
      <div className="muted">
        {entry.visitDate} {entry.beginTime}-{entry.endTime}
      </div>
      <div className="muted">
        {t('groupCart.people', { n: entry.people, free: entry.freePupils })} · {t('groupCart.leader', { name: entry.leaderName })}
        {entry.payMethod === 'window' ? ` · ${t('groupCart.window')}` : ''}
      </div>
      <CartHoldStatus hold={hold} />
      {hold.expired ? null : (
        <button type="button" className="btn btn--primary btn--block" disabled={paying} onClick={onPay}>
          {t('groupCart.pay')}
        </button>
      )}
    </section>
  );
}
