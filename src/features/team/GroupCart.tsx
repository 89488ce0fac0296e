/** team/cart/shoppingCart: the groups waiting in the team's cart, each holding its places with
 * its countdown; one is paid for at a time behind the slider and becomes a group order (the
 * groupCart machine). A refusal (a price that changed, a hold gone) shows above the groups. */
import { useMachine } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { groupCartMachine } from '../../../machines/groupCart.machine.ts';
import { getGroupCart } from '../../api/groupCalls.ts';
import { checkoutCart } from '../../api/orderCalls.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { SliderSheet } from '../../widgets/Agreement.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { GroupCartRow } from './GroupCartRow.tsx';
import './team.css';

const machine = groupCartMachine.provide({
  actors: {
    loadCart: fromPromise(() => getGroupCart()),
    checkout: fromPromise(({ input }) => checkoutCart(input.cartTicketIds, input.captchaToken)),
  },
});

export default function GroupCart() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine);
  const { cart, error, orderId, paying } = snapshot.context;
  // The offset to server time, measured when the cart was read.
  const serverOffset = cart ? cart.serverTime - Date.now() : 0;
  const reload = useCallback(() => send({ type: 'RELOAD' }), [send]);

  useEffect(() => {
    if (snapshot.matches('placed') && orderId != null) navigate(pathTo(TEAM_PATHS.payOrder, { id: orderId }), { replace: true });
  }, [snapshot, orderId, navigate]);

  return (
    <Screen title={t('groupCart.title')} backTo={TEAM_PATHS.selectDate}>
      {error ? <Refusal message={tr(error)} /> : null}
      {cart && cart.entries.length > 0 ? <p className="hint">{t('groupCart.hint')}</p> : null}
      {cart?.entries.map((entry) => (
        <GroupCartRow
          key={`${entry.cartId}-${cart.serverTime}`}
          entry={entry}
          serverOffset={serverOffset}
          paying={snapshot.matches('submitting') && paying === entry.cartId}
          onPay={() => send({ type: 'PAY', cartId: entry.cartId })}
          onEnded={reload}
        />
      ))}
      {cart && cart.entries.length === 0 ? (
        <div className="empty-state">
          <p>{t('groupCart.empty')}</p>
          <button type="button" className="btn btn--primary" onClick={() => navigate(TEAM_PATHS.selectDate)}>
            {t('groupCart.browse')}
          </button>
        </div>
      ) : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : null}
      <SliderSheet
        open={snapshot.matches('verifying')}
        onPassed={(token) => send({ type: 'SLIDER.PASSED', token })}
        onCancel={() => send({ type: 'SLIDER.CANCEL' })}
      />
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('submitting')} />
    </Screen>
  );
}
