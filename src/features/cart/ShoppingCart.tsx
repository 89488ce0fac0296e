/** cart/shoppingCart: the held lines with their countdown, remove, and pay the selected
 * lines as one order (docs/product.md §2, §4). */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { cartMachine, heldLineIds, selectedTotal } from '../../../machines/cart.machine.ts';
import { checkCaptcha, getCaptcha } from '../../api/calls.ts';
import { checkoutCart, getShoppingCart } from '../../api/orderCalls.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { formatMoney } from '../../ui/money.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { SliderCaptcha } from '../../ui/SliderCaptcha.tsx';
import { CartLineRow } from './CartLineRow.tsx';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';

const machine = cartMachine.provide({
  actors: {
    loadCart: fromPromise(() => getShoppingCart()),
    checkout: fromPromise(({ input }) => checkoutCart(input.cartTicketIds, input.captchaToken)),
  },
});

export default function ShoppingCart() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine);
  const { cart, selected, error, orderId } = snapshot.context;
  const lines = cart?.lines ?? [];
  const total = selectedTotal(snapshot.context);
  // The offset to server time, measured when the cart was read.
  const serverOffset = cart ? cart.serverTime - Date.now() : 0;

  useEffect(() => {
    if (snapshot.matches('placed') && orderId != null) navigate(pathTo(INDIVIDUAL_PATHS.payOrder, { id: orderId }), { replace: true });
  }, [snapshot, orderId, navigate]);

  return (
    <Screen title={t('cart.title')} backTo={INDIVIDUAL_PATHS.selectDate}>
      {cart?.visitDate ? (
        <div className="card row">
          <span className="muted">{t('review.date')}</span>
          <strong>{cart.visitDate}</strong>
        </div>
      ) : null}
      {error ? (
        <div className="notice-bar notice-bar--danger" role="alert">
          {tr(error)}
        </div>
      ) : null}
      {lines.map((line) => (
        <CartLineRow
          key={`${line.cartTicketId}-${cart?.serverTime}`}
          line={line}
          serverOffset={serverOffset}
          checked={selected.includes(line.cartTicketId)}
          onToggle={() => send({ type: 'TOGGLE', cartTicketId: line.cartTicketId })}
          onEnded={() => send({ type: 'RELOAD' })}
        />
      ))}
      {cart && lines.length === 0 ? (
        <div className="empty-state">
          <p>{t('cart.empty')}</p>
          <button type="button" className="btn btn--primary" onClick={() => navigate(INDIVIDUAL_PATHS.selectDate)}>
            {t('cart.browse')}
          </button>
        </div>
      ) : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RELOAD' })}>
          {t('common.retry')}
        </button>
      ) : null}
      {lines.length > 0 ? (
        <FooterBar>
          <label className="cart-all">
            <input
              type="checkbox"
              checked={selected.length > 0 && selected.length === heldLineIds(cart).length}
              onChange={() => send({ type: 'SELECT_ALL' })}
            />
            {t('cart.all')}
          </label>
          <span className="footer-bar__sum">
            {t('review.total')} <strong>{formatMoney(total)}</strong>
          </span>
          <button type="button" className="btn btn--primary" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'CHECKOUT' })}>
            {t('cart.pay', { n: selected.length })}
          </button>
        </FooterBar>
      ) : null}
      <Sheet open={snapshot.matches('verifying')} centered title={t('slider.title')} onClose={() => send({ type: 'SLIDER.CANCEL' })}>
        <SliderCaptcha getCaptcha={getCaptcha} checkCaptcha={checkCaptcha} onPassed={(token) => send({ type: 'SLIDER.PASSED', token })} />
      </Sheet>
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('submitting')} />
    </Screen>
  );
}
