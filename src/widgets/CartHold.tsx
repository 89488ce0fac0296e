/** A cart hold's countdown and its removal, for a visitor's cart line and a team's cart group:
 * each row runs its own cartHold actor (the machine provided with the row's own calls) and
 * shows the time left, or that the hold ran out, beside a remove button. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cartHoldMachine, remainingSeconds, type CartHoldInput } from '../../machines/cartHold.machine.ts';

/** The row's hold: `ended` (removed, or run out while shown) tells the list to reload. */
export function useCartHold(machine: typeof cartHoldMachine, input: CartHoldInput, onEnded: () => void) {
  const [snapshot, send] = useMachine(machine, { input });
  const ended = snapshot.matches('removed') || (snapshot.matches('expired') && !input.expired);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  return {
    seconds: remainingSeconds(snapshot.context.remainingMs),
    expired: snapshot.context.expired,
    removing: snapshot.matches('removing'),
    remove: () => send({ type: 'REMOVE' }),
  };
}

export function CartHoldStatus({ hold }: { hold: ReturnType<typeof useCartHold> }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      {hold.expired ? (
        <span className="tag tag--off">{t('cart.expired')}</span>
      ) : (
        <span className="tag tag--warn" role="timer">
          {t('cart.holdLeft', { m: Math.floor(hold.seconds / 60), s: String(hold.seconds % 60).padStart(2, '0') })}
        </span>
      )}
      <button type="button" className="link" disabled={hold.removing} onClick={hold.remove}>
        {t('addAudience.remove')}
      </button>
    </div>
  );
}
