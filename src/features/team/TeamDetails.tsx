/** team/personalCenter/changeInfo: the address, e-mail and contact person; the name, credit
 * code and contact mobile are shown, not edited here. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { teamDetailsMachine } from '../../../machines/teamDetails.machine.ts';
import { getTeamInfo, saveTeamDetails } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import type { TeamDetails as Details } from '../../domain/team.ts';
import type { TeamInfo } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/vant.ts';
import './team.css';

const machine = teamDetailsMachine.provide({ actors: { save: fromPromise(({ input }) => saveTeamDetails(input)) } });

function DetailsForm({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine, {
    input: { details: { address: team.address, email: team.email ?? '', contactName: team.contactName } },
  });
  const { details, error } = snapshot.context;
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    toastInfo(t('teamArea.saved'));
    navigate(TEAM_PATHS.personHome, { replace: true });
  }, [snapshot.status, navigate, t]);
  const field = (name: keyof Details, label: string, max: number) => (
    <Field label={label} value={details[name]} maxLength={max} onChange={(value) => send({ type: 'FIELD.CHANGE', field: name, value })} />
  );
  return (
    <>
      <section className="card">
        <Field label={t('teamArea.teamName')} value={team.teamName} readOnly />
        <Field label={t('teamArea.creditCode')} value={team.creditCode} readOnly />
        <Field label={t('teamArea.contactPhone')} value={team.contactPhone} readOnly />
      </section>
      <section className="card team-details">
        {field('contactName', t('teamArea.contactName'), 15)}
        {field('address', t('teamArea.address'), 200)}
        {field('email', t('teamArea.email'), 254)}
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('saving')} onClick={() => send({ type: 'SAVE' })}>
          {t('teamArea.save')}
        </button>
      </FooterBar>
    </>
  );
}

export default function TeamDetails() {
  const { t } = useTranslation();
  const { data: team, failed, loading, reload } = useLoad(getTeamInfo, []);
  return (
    <Screen title={t('teamArea.changeInfo')} backTo={TEAM_PATHS.personHome}>
      {team ? <DetailsForm team={team} /> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
