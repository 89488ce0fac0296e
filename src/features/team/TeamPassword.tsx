/** team/forgetPassword (a code to the registered contact mobile) and
 * team/personalCenter/changePassword (with the current password): a new password, then the
 * team login. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { teamPasswordMachine, type PasswordField } from '../../../machines/teamPassword.machine.ts';
import { clearToken } from '../../api/session.ts';
import { changeTeamPassword, recoverTeamPassword } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { CodeField } from '../../widgets/CodeField.tsx';
import './team.css';

const machines = {
  change: teamPasswordMachine.provide({ actors: { submit: fromPromise(({ input }) => changeTeamPassword(input)) } }),
  recover: teamPasswordMachine.provide({ actors: { submit: fromPromise(({ input }) => recoverTeamPassword(input)) } }),
};

export default function TeamPassword() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const mode = location === TEAM_PATHS.forgetPassword ? 'recover' : 'change';
  const [snapshot, send] = useMachine(machines[mode], { input: { mode } });
  const { form, error } = snapshot.context;

  useEffect(() => {
    if (snapshot.status !== 'done') return;
    toastInfo(t('teamArea.passwordChanged'));
    // A changed password ends every session of the team on the server, this one too: log in
    // again with the new one.
    clearToken('team');
    navigate(TEAM_PATHS.login, { replace: true });
  }, [snapshot.status, mode, navigate, t]);

  const field = (name: PasswordField, label: string, type?: 'tel' | 'password', max = 16) => (
    <Field type={type} label={label} value={form[name]} maxLength={max} onChange={(value) => send({ type: 'FIELD.CHANGE', field: name, value })} />
  );

  return (
    <Screen
      title={mode === 'recover' ? t('teamArea.forgetTitle') : t('teamArea.changePassword')}
      backTo={mode === 'recover' ? TEAM_PATHS.login : TEAM_PATHS.personHome}
    >
      {mode === 'recover' ? <p className="muted team-hint">{t('teamArea.forgetHint')}</p> : null}
      <section className="card">
        {mode === 'recover' ? (
          <>
            {field('creditCode', t('teamArea.creditCode'), undefined, 18)}
            {field('contactPhone', t('teamArea.contactPhone'), 'tel', 11)}
            <CodeField phone={form.contactPhone} value={form.code} onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'code', value })} />
          </>
        ) : (
          field('oldPassword', t('teamArea.oldPassword'), 'password')
        )}
        {field('password', t('teamArea.newPassword'), 'password')}
        {field('confirmPassword', t('teamArea.confirmPassword'), 'password')}
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
          {t('teamArea.savePassword')}
        </button>
      </FooterBar>
    </Screen>
  );
}
