/** team/personalCenter/changePhone: a new contact mobile, proved by a code sent to it. It
 * replaces the registered one after staff review (docs/product.md §8 "phone differs"); until then the
 * registered number stays the contact and receives the password codes. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { teamPhoneMachine } from '../../../machines/teamPhone.machine.ts';
import { checkRequestAllowed, getTeamInfo, requestPhoneChange } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/vant.ts';
import { CodeField } from '../../widgets/CodeField.tsx';
import './team.css';

const machine = teamPhoneMachine.provide({ actors: { send: fromPromise(({ input }) => requestPhoneChange(input)) } });

function PhoneForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine);
  const { form, error } = snapshot.context;
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    toastInfo(t('teamArea.requestSent'));
    navigate(TEAM_PATHS.personHome, { replace: true });
  }, [snapshot.status, navigate, t]);
  return (
    <>
      <section className="card">
        <Field
          type="tel"
          label={t('teamArea.newPhone')}
          value={form.phone}
          maxLength={11}
          onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'phone', value })}
        />
        <CodeField phone={form.phone} value={form.code} onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'code', value })} />
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'SUBMIT' })}>
          {t('teamArea.sendForReview')}
        </button>
      </FooterBar>
    </>
  );
}

export default function TeamPhone() {
  const { t } = useTranslation();
  const { data, failed, loading, reload } = useLoad(() => Promise.all([getTeamInfo(), checkRequestAllowed('phone')]), []);
  const [team, allowed] = data ?? [];
  return (
    <Screen title={t('teamArea.changePhone')} backTo={TEAM_PATHS.personHome}>
      {team ? (
        <section className="card">
          <Field label={t('teamArea.contactPhone')} value={team.contactPhone} readOnly />
          <p className="hint">{t('teamArea.phoneHint')}</p>
        </section>
      ) : null}
      {allowed?.allowed ? <PhoneForm /> : null}
      {allowed && !allowed.allowed ? (
        <p className="notice-bar team-hint" role="status">
          {allowed.message}
        </p>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
