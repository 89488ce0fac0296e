/** A waiting-list order's state on its detail (docs/product.md §4): standing by (looked at again on the
 * ticker, may be left with the money back), succeeded, full, cancelled, returned. When it
 * changes the detail reloads, so the filled order shows its QR codes. */
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { waitingListMachine } from '../../../machines/waitingList.machine.ts';
import { getOrderStatus } from '../../api/orderCalls.ts';
import { leaveWaitingList } from '../../api/waitingListCalls.ts';
import { tr } from '../../i18n/index.ts';
import { confirm } from '../../ui/feedback.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { ticker } from '../../widgets/ticker.ts';

const machine = waitingListMachine.provide({
  actors: {
    // The order's status only: looked at every 10 s while it stands by.
    loadOrder: fromPromise(({ input }) => getOrderStatus(input)),
    cancel: fromPromise(({ input }) => leaveWaitingList(input)),
    ticker,
  },
});

export function CandidateStatus({ orderId, onChanged }: { orderId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { orderId } });
  const { candidate: state, error } = snapshot.context;
  // The detail around this card shows the order as it was loaded: reload it when the state moves on.
  const shown = useRef(state);
  useEffect(() => {
    const before = shown.current;
    shown.current = state;
    if (before !== null && state !== before) onChanged();
  }, [state, onChanged]);

  const leave = async () => {
    const sure = await confirm({
      title: t('waitingList.leaveTitle'),
      message: t('waitingList.leaveMessage'),
      confirmButtonText: t('waitingList.leave'),
      cancelButtonText: t('common.back'),
    });
    if (sure) send({ type: 'CANCEL' });
  };

  if (snapshot.matches({ order: 'failed' })) {
    return (
      <section className="card candidate">
        <div className="card__title">{t('waitingList.title')}</div>
        <LoadFailed message={error ? tr(error) : undefined} onRetry={() => send({ type: 'RETRY' })} />
      </section>
    );
  }
  if (!state) return null;
  return (
    <section className={`card candidate candidate--${state}`} aria-live="polite">
      <div className="card__title">{t('waitingList.title')}</div>
      <p>{t(`waitingList.state.${state}`)}</p>
      {error ? <Refusal message={tr(error)} /> : null}
      {snapshot.matches({ order: 'standingBy' }) || snapshot.matches({ order: 'cancelling' }) ? (
        <button type="button" className="btn btn--block" disabled={snapshot.matches({ order: 'cancelling' })} onClick={() => void leave()}>
          {t('waitingList.leave')}
        </button>
      ) : null}
    </section>
  );
}
