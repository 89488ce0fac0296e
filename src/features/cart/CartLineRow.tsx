/** One cart line: its hold countdown and its removal run in the line's own cartHold actor. */
import { fromPromise } from 'xstate';
import { cartHoldMachine } from '../../../machines/cartHold.machine.ts';
import { expireCartLines, removeCartLine } from '../../api/orderCalls.ts';
import type { CartLine } from '../../domain/types.ts';
import { CartHoldStatus, useCartHold } from '../../widgets/CartHold.tsx';
import { formatMoney } from '../../ui/money.ts';
import { ticker } from '../../widgets/ticker.ts';

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
  const hold = useCartHold(
    machine,
    { cartTicketId: line.cartTicketId, deadline: line.deadline, now: Date.now(), serverOffset, expired: line.expired },
    onEnded,
  );
  return (
    <section className={`card cart-line${hold.expired ? ' cart-line--expired' : ''}`} data-cart-line={line.cartTicketId}>
      <label className="cart-line__check">
        <input type="checkbox" disabled={hold.expired} checked={checked && !hold.expired} onChange={onToggle} aria-label={line.userName} />
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
        <CartHoldStatus hold={hold} />
      </div>
    </section>
  );
}
