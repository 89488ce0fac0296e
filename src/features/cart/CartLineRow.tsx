/** One cart line: its hold countdown and its removal run in the line's own cartHold actor. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { cartHoldMachine, remainingSeconds } from '../../../machines/cartHold.machine.ts';
import { expireCartLines, removeCartLine } from '../../api/orderCalls.ts';
import type { CartLine } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';
import { ticker } from '../../ui/ticker.ts';

const machine = cartHoldMachine.provide({
  actors: {
    expire: fromPromise(async () => {
      await expireCartLines();
    }),
    remove: fromPromise(({ input }) => removeCartLine(input.cartTicketId)),
    ticker,
  },
});

export interface CartLineRowProps {
  line: CartLine;
  serverOffset: number;
  checked: boolean;
  onToggle: () => void;
  /** The line was removed or its hold just ran out: the list reloads. */
  onEnded: () => void;
}

export function CartLineRow({ line, serverOffset, checked, onToggle, onEnded }: CartLineRowProps) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, {
    input: {
      cartTicketId: line.cartTicketId,
      deadline: line.deadline,
      now: Date.now(),
      serverOffset,
      expired: line.expired,
    },
  });
  const ended = snapshot.matches('removed') || (snapshot.matches('expired') && !line.expired);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  const seconds = remainingSeconds(snapshot.context.remainingMs);
  const expired = snapshot.context.expired;
  return (
    <section className={`card cart-line${expired ? ' cart-line--expired' : ''}`} data-cart-line={line.cartTicketId}>
      <label className="cart-line__check">
        <input type="checkbox" disabled={expired} checked={checked && !expired} onChange={onToggle} aria-label={line.userName} />
      </label>
      <div className="cart-line__body">
        <div className="card__title">
          <span>{line.hallName}</span>
          <strong className="amount">{formatMoney(line.price)}</strong>
        </div>
        <div className="muted">
          {line.visitDate} {line.beginTime}-{line.endTime} · {line.ticketName}
        </div>
        <div className="muted">
          {line.userName} {line.certificateInfo}
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
      </div>
    </section>
  );
}
