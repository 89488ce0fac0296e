/** individualCustomers/login: phone + SMS code, then back to where the visitor was. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Field } from '../../ui/Field.ts';
import '../../ui/vant.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login.machine.ts';
import { login, sendCode } from '../../api/calls.ts';
import { setToken } from '../../api/session.ts';
import { CODE_MAX_LENGTH } from '../../domain/limits.ts';
import { tr } from '../../i18n/index.ts';
import { safeRedirect } from '../../domain/areas.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { Screen } from '../../ui/Screen.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';

const machine = loginMachine.provide({
  actors: {
    sendCode: fromPromise(({ input }) => sendCode(input.phone)),
    login: fromPromise(async ({ input }) => setToken('individual', (await login(input.phone, input.code)).token)),
  },
});

export default function Login() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [snapshot, send] = useMachine(machine, { input: {} });
  const { phone, code, countdown, error } = snapshot.context;
  const sending = snapshot.matches({ form: { sender: 'sending' } });
  const counting = snapshot.matches({ form: { sender: 'counting' } });
  const submitting = snapshot.matches({ form: { submit: 'submitting' } });

  useEffect(() => {
    if (counting && countdown === snapshot.context.countdownFrom) toastInfo(t('login.codeSent'));
  }, [counting, countdown, snapshot.context.countdownFrom, t]);

  useEffect(() => {
    if (snapshot.status === 'done') {
      navigate(safeRedirect(new URLSearchParams(search).get('redirect'), 'individual'), { replace: true });
    }
  }, [snapshot.status, search, navigate]);

  return (
    <Screen title={t('login.title')} backTo={INDIVIDUAL_PATHS.selectDate}>
      <div className="login-hero">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <p className="muted">{t('login.hint')}</p>
      </div>
      <section className="card">
        <Field
          type="tel"
          label={t('login.phone')}
          placeholder={t('login.phonePlaceholder')}
          value={phone}
          maxLength={11}
          onChange={(value) => send({ type: 'PHONE.CHANGE', value })}
        />
        <Field
          type="digit"
          label={t('login.code')}
          placeholder={t('login.codePlaceholder')}
          value={code}
          maxLength={CODE_MAX_LENGTH}
          onChange={(value) => send({ type: 'CODE.CHANGE', value })}
          button={
            <button type="button" className="code-btn" disabled={sending || counting} onClick={() => send({ type: 'SEND_CODE' })}>
              {counting ? t('login.resendIn', { n: countdown }) : t('login.sendCode')}
            </button>
          }
        />
      </section>
      {error ? (
        <Refusal message={tr(error)} />
      ) : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={submitting} onClick={() => send({ type: 'SUBMIT' })}>
          {t('login.submit')}
        </button>
      </FooterBar>
    </Screen>
  );
}
