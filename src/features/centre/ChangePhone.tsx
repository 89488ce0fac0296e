/** individualCustomers/personalCenter/changePhone: a new number, proved by the code sent to it
 * (the teamPhone machine, provided with changePhoneNumber). The change applies at once: the
 * visitor stays logged in and logs in with the new number from then on. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { teamPhoneMachine } from '../../../machines/teamPhone.machine.ts';
import { changePhoneNumber, getMe } from '../../api/accountCalls.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { CodeField } from '../../widgets/CodeField.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/vant.ts';
import '../../ui/centre.css';

const machine = teamPhoneMachine.provide({ actors: { send: fromPromise(({ input }) => changePhoneNumber(input)) } });

export default function ChangePhone() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { data: me } = useLoad(getMe, []);
  const [snapshot, send] = useMachine(machine);
  const { form, error } = snapshot.context;
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    toastInfo(t('centre.phoneChanged'));
    navigate(INDIVIDUAL_PATHS.baseInfo, { replace: true });
  }, [snapshot.status, navigate, t]);
  return (
    <Screen title={t('centre.changePhone')} backTo={INDIVIDUAL_PATHS.personHome}>
      <section className="card">
        <Field label={t('centre.currentPhone')} value={me?.phone ?? ''} readOnly />
        <Field
          type="tel"
          label={t('centre.newPhone')}
          value={form.phone}
          maxLength={11}
          onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'phone', value })}
        />
        <CodeField phone={form.phone} value={form.code} onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'code', value })} />
        <p className="hint">{t('centre.phoneHint')}</p>
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'SUBMIT' })}>
          {t('centre.changePhoneSubmit')}
        </button>
      </FooterBar>
    </Screen>
  );
}
