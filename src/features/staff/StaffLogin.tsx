/** staff/login: the review console's own login. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { staffLoginMachine } from '../../../machines/staffLogin.machine.ts';
import { setToken } from '../../api/session.ts';
import { getStaffMe, staffLogin } from '../../api/staffCalls.ts';
import { STAFF_HOME } from '../../domain/staffRoles.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';

const machine = staffLoginMachine.provide({
  actors: { login: fromPromise(async ({ input }) => setToken('staff', await staffLogin(input.username, input.password))) },
});

export default function StaffLogin() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine);
  const { username, password, error } = snapshot.context;

  useEffect(() => {
    // The console opens at the role's own work (a gate at its gate).
    if (snapshot.status === 'done') void getStaffMe().then((me) => navigate(STAFF_PATHS[STAFF_HOME[me.role]], { replace: true }));
  }, [snapshot.status, navigate]);

  return (
    <Screen title={t('staff.loginTitle')} languageSwitch>
      <section className="card">
        <Field label={t('staff.username')} value={username} maxLength={60} onChange={(value) => send({ type: 'USERNAME.CHANGE', value })} />
        <Field type="password" label={t('staff.password')} value={password} maxLength={200} onChange={(value) => send({ type: 'PASSWORD.CHANGE', value })} />
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
          {t('staff.submit')}
        </button>
      </FooterBar>
    </Screen>
  );
}
