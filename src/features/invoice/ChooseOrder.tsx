/** invoice/chooseOrder: paid orders without an invoice; choosing one opens the form. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { tr } from '../../i18n/index.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { invoiceFlow } from './invoiceFlow.ts';
import { OrderPick } from './OrderPick.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';

export default function ChooseOrder() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(invoiceFlow, { input: {} });
  const { orders, order, error } = snapshot.context;
  const chosen = snapshot.matches('editing') ? order?.orderId : undefined;

  useEffect(() => {
    if (chosen != null) navigate(pathTo(INDIVIDUAL_PATHS.editInvoiceInfo, {}, { orderId: chosen }));
  }, [chosen, navigate]);

  return (
    <Screen title={t('invoice.chooseTitle')} backTo={INDIVIDUAL_PATHS.invoiceIndex}>
      {error ? <Refusal message={tr(error)} /> : null}
      {orders ? <OrderPick orders={orders} onChoose={(orderId) => send({ type: 'CHOOSE', orderId })} /> : null}
      {snapshot.matches({ choosing: 'failed' }) ? (
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RELOAD' })}>
          {t('common.retry')}
        </button>
      ) : null}
      <LoadingOverlay show={snapshot.matches({ choosing: 'loading' })} />
    </Screen>
  );
}
