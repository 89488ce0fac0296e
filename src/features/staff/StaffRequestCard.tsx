/** One pending request of a team in the console: its images, and the decision. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffRequestReviewMachine } from '../../../machines/staffRequestReview.machine.ts';
import { reviewRequest } from '../../api/staffCalls.ts';
import { isRenewal, TEAM_LABELS } from '../../domain/team.ts';
import type { TeamRequest } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import '../../ui/vant.ts';
import { DocumentImage } from './DocumentImage.tsx';

const machine = staffRequestReviewMachine.provide({
  actors: { review: fromPromise(({ input }) => reviewRequest(input.requestId, input.decision)) },
});

export function StaffRequestCard({ request, today }: { request: TeamRequest; today: string }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { request, today } });
  const { expiresOn, reason, error } = snapshot.context;
  const busy = snapshot.matches('approving') || snapshot.matches('rejecting');
  const kind = t(`staff.requestKinds.${request.kind}`);
  return (
    <section className="card staff-request" data-request={request.requestId}>
      <div className="card__title">
        <span>{request.teamName}</span>
        <span className="tag">{kind}</span>
      </div>
      <div className="muted" data-testid="request-credit-code">
        {tr(TEAM_LABELS.creditCode)}: {request.creditCode}
      </div>
      <div className="muted">
        {t('staff.submittedAt')}: {request.createTime}
      </div>
      {request.newPhone ? (
        <p>
          {t('staff.newPhone')}: <strong>{request.newPhone}</strong>
        </p>
      ) : null}
      <div className="staff-docs">
        {request.uploadIds.map((id) => (
          <DocumentImage key={id} uploadId={id} label={kind} />
        ))}
      </div>
      {snapshot.status === 'done' ? (
        <p className="notice-bar" role="status">
          {t('staff.decided')}
        </p>
      ) : (
        <>
          {isRenewal(request.kind) ? (
            <Field
              label={t('staff.expiresOn')}
              placeholder="YYYY-MM-DD"
              value={expiresOn}
              maxLength={10}
              onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'expiresOn', value })}
            />
          ) : null}
          <Field
            label={t('staff.reason')}
            placeholder={t('staff.reasonPlaceholder')}
            value={reason}
            maxLength={200}
            onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'reason', value })}
          />
          {error ? <Refusal message={tr(error)} /> : null}
          <div className="row staff-actions">
            <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'REJECT' })}>
              {t('staff.reject')}
            </button>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => send({ type: 'APPROVE' })}>
              {t('staff.approve')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
