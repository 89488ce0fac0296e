/** individualCustomers/login: phone + SMS code, then back to where the visitor was. In the chat
 * app, its OAuth instead: the login screen goes to the chat app's authorize page at
 * once, and comes back here with a one-time ticket (`?wxTicket=`). An account the chat app
 * created binds a phone first (this same form, on individualCustomers/bindPhone too). */
import { useMachine } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { Field } from '../../ui/Field.ts';
import '../../ui/vant.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login.machine.ts';
import { login } from '../../api/calls.ts';
import { setMustBind, setToken } from '../../api/session.ts';
import { bindWxUserMobile, getWechatCode, wxLogin } from '../../api/wechatLoginCalls.ts';
import { tr } from '../../i18n/index.ts';
import { safeRedirect } from '../../domain/areas.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { inChatApp } from '../../wechat/chatApp.ts';
import { BindIdentity } from './BindIdentity.tsx';
import { CodeField } from '../../widgets/CodeField.tsx';

const machine = loginMachine.provide({
  actors: {
    login: fromPromise(async ({ input }) => {
      setToken('individual', (await login(input.phone, input.code)).token);
      // A phone login is a bound account, whatever the last one on this device was.
      setMustBind(false);
    }),
    bind: fromPromise(async ({ input }) => {
      // The answer's token may be another account's: the phone's, which the identity joined.
      setToken('individual', (await bindWxUserMobile(input.phone, input.code)).token);
      setMustBind(false);
    }),
    // Silent first: a new visitor is sent on to the consent screen by the server.
    startOAuth: fromPromise(async ({ input }) => window.location.assign((await getWechatCode('base', input.redirect)).url)),
    exchangeTicket: fromPromise(async ({ input }) => {
      const answer = await wxLogin(input.ticket);
      if (!answer.token || answer.bindStatus === null) throw new Error(answer.status);
      setToken('individual', answer.token);
      setMustBind(answer.bindStatus !== 1);
      return { bindStatus: answer.bindStatus };
    }),
  },
});

export default function Login({ bind = false }: { bind?: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const redirect = safeRedirect(params.get('redirect'), 'individual');
  const hasTicket = params.has('wxTicket');
  const [snapshot, send] = useMachine(machine, {
    input: { ticket: params.get('wxTicket'), chatApp: inChatApp(), mustBind: bind, redirect },
  });
  const { phone, code, error, mode } = snapshot.context;
  const submitting = snapshot.matches({ form: 'submitting' }) || snapshot.matches({ form: 'binding' });
  const onForm = snapshot.matches('form');
  const oauthFailed = snapshot.matches('oauthFailed');
  const binding = mode === 'bind';

  const codeSent = useCallback(() => toastInfo(t('login.codeSent')), [t]);

  useEffect(() => {
    if (snapshot.status === 'done') navigate(redirect, { replace: true });
  }, [snapshot.status, redirect, navigate]);

  // The ticket is spent: take it out of the address, so a reload does not try it again.
  useEffect(() => {
    if (binding && hasTicket) navigate(pathTo(INDIVIDUAL_PATHS.bindPhone, {}, { redirect }), { replace: true });
  }, [binding, hasTicket, redirect, navigate]);

  return (
    <Screen title={t(binding ? 'login.bindTitle' : 'login.title')} backTo={INDIVIDUAL_PATHS.selectDate}>
      <div className="login-hero">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <p className="muted">{onForm ? t(binding ? 'login.bindHint' : 'login.hint') : oauthFailed ? null : t('login.wechatGoing')}</p>
      </div>
      {onForm && binding ? <BindIdentity /> : null}
      {onForm ? (
        <section className="card">
          <Field
            type="tel"
            label={t('login.phone')}
            placeholder={t('login.phonePlaceholder')}
            value={phone}
            maxLength={11}
            onChange={(value) => send({ type: 'PHONE.CHANGE', value })}
          />
          <CodeField
            phone={phone}
            value={code}
            label={t('login.code')}
            placeholder={t('login.codePlaceholder')}
            onChange={(value) => send({ type: 'CODE.CHANGE', value })}
            onSent={codeSent}
          />
        </section>
      ) : null}
      {error ? <Refusal message={tr(error)} /> : null}
      {onForm && !binding && !snapshot.context.chatApp ? (
        <p className="row login-alt">
          <Link href={INDIVIDUAL_PATHS.wxLogin} className="link">
            {t('login.scan')}
          </Link>
        </p>
      ) : null}
      {oauthFailed ? (
        <div className="empty-state">
          <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'RETRY' })}>
            {t('login.wechatRetry')}
          </button>
          <button type="button" className="btn btn--block" onClick={() => send({ type: 'USE_PHONE' })}>
            {t('login.usePhone')}
          </button>
        </div>
      ) : null}
      {onForm ? (
        <FooterBar>
          <button type="button" className="btn btn--primary btn--block" disabled={submitting} onClick={() => send({ type: 'SUBMIT' })}>
            {t(binding ? 'login.bindSubmit' : 'login.submit')}
          </button>
        </FooterBar>
      ) : null}
      <LoadingOverlay show={!onForm && !oauthFailed && snapshot.status !== 'done'} />
    </Screen>
  );
}
