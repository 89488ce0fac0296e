/** One group in the team's cart: where and when, who, the quoted price, its hold countdown and
 * its removal (a cartHold actor of its own, as a visitor's cart line), and its pay button. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { cartHoldMachine, remainingSeconds } from '../../../machines/cartHold.machine.ts';
import { getGroupCart } from '../../api/groupCalls.ts';
import { removeCartLine } from '../../api/orderCalls.ts';
import type { GroupCartEntry } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';
import { ticker } from '../../ui/ticker.ts';

const machine = cartHoldMachine.provide({
  actors: {
    // Reading the team's cart expires its due groups on the server.
    expire: fromPromise(async () => {
      await getGroupCart();
    }),
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
  const [snapshot, send] = useMachine(machine, {
    input: { cartTicketId: entry.cartId, deadline: entry.deadline, now: Date.now(), serverOffset, expired: entry.status === 'expired' },
  });
  const ended = snapshot.matches('removed') || (snapshot.matches('expired') && entry.status !== 'expired');
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  const seconds = remainingSeconds(snapshot.context.remainingMs);
  const expired = snapshot.context.expired;
  return (
    <section className={`card stack cart-line${expired ? ' cart-line--expired' : ''}`} data-group-cart={entry.cartId}>
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
      <div className="row">
        {expired ? (
          <span className="tag tag--off">{t('cart.expired')}</span>
        ) : (
          <span className="tag tag--warn" role="timer">
            {t('cart.holdLeft', { m: Math.floor(seconds / 60), s: String(seconds % 60).padStart(2, '0') })}
          </span>
        )}
        <button type="button" className="link" disabled={snapshot.matches('removing')} onClick={() => send({ type: 'REMOVE' })}>
          {t('addAudience.remove')}
        </button>
      </div>
      {expired ? null : (
        <button type="button" className="btn btn--primary btn--block" disabled={paying} onClick={onPay}>
          {t('groupCart.pay')}
        </button>
      )}
    </section>
  );
}
