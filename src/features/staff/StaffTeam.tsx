/** staff/teams/{id}: one registration with its documents, and the decision. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { staffReviewMachine } from '../../../machines/staffReview.machine.ts';
import { freezeTeam, getTeamForReview, reviewTeam } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { needsAgreement, TEAM_LABELS, TEAM_TYPE_NAMES } from '../../domain/team.ts';
import { STAFF_FREEZE_KIND_KEYS, STAFF_FREEZE_KINDS } from '../../domain/teamFreezing.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { DocumentImage } from './DocumentImage.tsx';
import { useStaffToken } from './useStaffToken.ts';
import { WithToday } from './WithToday.tsx';
import './staff.css';

const machine = staffReviewMachine.provide({
  actors: {
    loadTeam: fromPromise(({ input }) => getTeamForReview(input.teamId)),
    review: fromPromise(({ input }) => reviewTeam(input.teamId, input.review)),
    freeze: fromPromise(({ input }) => freezeTeam(input.teamId, { kind: input.kind, reason: input.reason })),
  },
});

const KIND_LABEL = {
  credit: TEAM_LABELS.creditUpload,
  protocol1: TEAM_LABELS.agreementUploads,
  protocol2: TEAM_LABELS.agreementUploads,
  letter: TEAM_LABELS.letterUpload,
} as const;

export default function StaffTeam() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  return (
    <WithToday title={t('staff.title')} backTo={STAFF_PATHS.teams}>
      {(today) => <Team teamId={Number(id)} today={today} />}
    </WithToday>
  );
}

/** One team's review, its date checks against `today` (the server's). */
function Team({ teamId, today }: { teamId: number; today: string }) {
  const { t } = useTranslation();
  const present = useStaffToken();
  const [snapshot, send] = useMachine(machine, { input: { teamId, today } });
  const { team, reason, error } = snapshot.context;
  const deciding = snapshot.matches('deciding');
  const submitting = snapshot.matches('submitting');

  return (
    <Screen title={team?.teamName ?? t('staff.title')} backTo={STAFF_PATHS.teams}>
      {team && present ? (
        <>
          <section className="card">
            <div className="card__title">
              <span>{team.teamName}</span>
              <span className={`tag${team.reviewState === 'approved' ? ' tag--ok' : team.reviewState === 'rejected' ? ' tag--danger' : ' tag--warn'}`}>
                {t(`staff.${team.reviewState}`)}
              </span>
            </div>
            <dl className="staff-fields">
              <dt>{tr(TEAM_LABELS.creditCode)}</dt>
              <dd>{team.creditCode}</dd>
              <dt>{t('teamArea.teamType')}</dt>
              <dd>{tr(TEAM_TYPE_NAMES[team.teamType])}</dd>
              <dt>{t('staff.contact')}</dt>
              <dd>
                {team.contactName} {team.contactPhone}
              </dd>
              <dt>{tr(TEAM_LABELS.address)}</dt>
              <dd>{team.address}</dd>
              {team.email ? (
                <>
                  <dt>E-mail</dt>
                  <dd>{team.email}</dd>
                </>
              ) : null}
              <dt>{t('staff.submittedAt')}</dt>
              <dd>{team.createTime}</dd>
              {team.frozen ? (
                <>
                  <dt>{t('staff.frozen')}</dt>
                  <dd>{team.frozenReason}</dd>
                </>
              ) : null}
              {team.reviewReason ? (
                <>
                  <dt>{t('staff.reason')}</dt>
                  <dd>{team.reviewReason}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <section className="card">
            <div className="card__title">{t('staff.documents')}</div>
            <div className="staff-docs">
              {team.documents.map((d) => (
                <DocumentImage key={d.uploadId} uploadId={d.uploadId} label={tr(KIND_LABEL[d.kind])} />
              ))}
            </div>
          </section>
          {deciding || submitting ? (
            <section className="card">
              {(needsAgreement(team.teamType) ? (['creditExpiresOn', 'protocolExpiresOn'] as const) : (['creditExpiresOn'] as const)).map((field) => (
                <Field
                  key={field}
                  label={t(`staff.${field}`)}
                  placeholder="YYYY-MM-DD"
                  value={snapshot.context[field]}
                  maxLength={10}
                  onChange={(value) => send({ type: 'FIELD.CHANGE', field, value })}
                />
              ))}
              <Field
                type="textarea"
                label={t('staff.reason')}
                placeholder={t('staff.reasonPlaceholder')}
                value={reason}
                maxLength={200}
                rows={2}
                onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'reason', value })}
              />
              {error ? <Refusal message={tr(error)} /> : null}
              <div className="row staff-actions">
                <button type="button" className="btn" disabled={submitting} onClick={() => send({ type: 'REJECT' })}>
                  {t('staff.reject')}
                </button>
                <button type="button" className="btn btn--primary" disabled={submitting} onClick={() => send({ type: 'APPROVE' })}>
                  {t('staff.approve')}
                </button>
              </div>
            </section>
          ) : (
            <p className="notice-bar" role="status">
              {t('staff.reviewedOk')}
            </p>
          )}
          {team.reviewState === 'approved' && !team.frozen ? (
            <section className="card staff-freeze">
              <label className="field-label">
                {t('staff.freezeReason')}
                <select
                  className="input"
                  value={snapshot.context.freezeKind}
                  onChange={(e) => send({ type: 'FIELD.CHANGE', field: 'freezeKind', value: e.target.value })}
                >
                  <option value="">{t('staff.freezeChoose')}</option>
                  {STAFF_FREEZE_KIND_KEYS.map((k) => (
                    <option key={k} value={k}>
                      {tr(STAFF_FREEZE_KINDS[k])}
                    </option>
                  ))}
                </select>
              </label>
              <Field
                label={t('staff.freezeNote')}
                placeholder={t('staff.freezePlaceholder')}
                value={reason}
                maxLength={200}
                onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'reason', value })}
              />
              {error && snapshot.matches('shown') ? <Refusal message={tr(error)} /> : null}
              <button type="button" className="btn btn--block" disabled={snapshot.matches('freezing')} onClick={() => send({ type: 'FREEZE' })}>
                {t('staff.freeze')}
              </button>
            </section>
          ) : null}
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed message={error ? tr(error) : undefined} onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.matches('loading') && present} />
    </Screen>
  );
}
