/** individualCustomers/personalCenter/destory: account cancellation (the accountCancel machine).
 * What it would do comes first, counted by the server; a refusal (money still in tickets to
 * come or a waiting list) says what to do first; otherwise the visitor confirms with her own
 * number and a code, and lands on reDestory with what went. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { accountCancelMachine } from '../../../machines/accountCancel.machine.ts';
import { cancelAccount, getCancelConsequences } from '../../api/accountCalls.ts';
import { clearToken } from '../../api/session.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { CodeField } from '../../widgets/CodeField.tsx';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import '../../ui/centre.css';
import { ConsequenceList } from './ConsequenceList.tsx';

const machine = accountCancelMachine.provide({
  actors: {
    load: fromPromise(() => getCancelConsequences()),
    cancel: fromPromise(({ input }) => cancelAccount(input)),
  },
});

export default function Destory() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine);
  const { consequences, form, error } = snapshot.context;

  useEffect(() => {
    if (snapshot.status !== 'done' || !consequences) return;
    clearToken('individual');
    const { unpaidOrders, cartHeld, contacts, messages, keptOrders } = consequences;
    navigate(pathTo(INDIVIDUAL_PATHS.reDestory, {}, { unpaidOrders, cartHeld, contacts, messages, keptOrders }), { replace: true });
  }, [snapshot.status, consequences, navigate]);

  const confirming = snapshot.matches('confirming') || snapshot.matches('cancelling');
  return (
    <Screen title={t('centre.destoryTitle')} backTo={INDIVIDUAL_PATHS.personHome}>
      {snapshot.matches('refused') && error ? (
        <>
          <Refusal message={tr(error)} />
          <FooterBar>
            <button type="button" className="btn btn--block" onClick={() => send({ type: 'RETRY' })}>
              {t('centre.refreshFacts')}
            </button>
          </FooterBar>
        </>
      ) : null}
      {consequences && (snapshot.matches('review') || confirming) ? (
        <section className="card">
          <p className="card__title">{t('centre.destoryIntro')}</p>
          <ConsequenceList c={consequences} />
        </section>
      ) : null}
      {snapshot.matches('review') ? (
        <FooterBar>
          <button type="button" className="btn btn--danger btn--block" onClick={() => send({ type: 'CONTINUE' })}>
            {t('centre.continue')}
          </button>
        </FooterBar>
      ) : null}
      {confirming ? (
        <>
          <section className="card">
            <p className="hint">{t('centre.confirmHint')}</p>
            <Field
              type="tel"
              label={t('centre.ownPhone')}
              value={form.phone}
              maxLength={11}
              onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'phone', value })}
            />
            <CodeField phone={form.phone} value={form.code} onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'code', value })} />
          </section>
          {error ? <Refusal message={tr(error)} /> : null}
          <FooterBar>
            <button type="button" className="btn" onClick={() => send({ type: 'BACK' })}>
              {t('centre.back')}
            </button>
            <button type="button" className="btn btn--danger btn--block" disabled={snapshot.matches('cancelling')} onClick={() => send({ type: 'SUBMIT' })}>
              {t('centre.confirmCancel')}
            </button>
          </FooterBar>
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('cancelling')} />
    </Screen>
  );
}
