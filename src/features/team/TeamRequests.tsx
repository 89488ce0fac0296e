/** The team's documents and requests (docs/product.md §4): unfreezing when frozen, renewing the credit
 * certificate, renewing an agency's agreement (each card saying so while its request waits),
 * and the requests already sent with their state. */
import { useTranslation } from 'react-i18next';
import { getMyRequests } from '../../api/teamCalls.ts';
import { requestRefusal, type UploadRequestKind } from '../../domain/team.ts';
import type { TeamInfo } from '../../domain/types.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { RequestCard } from './RequestCard.tsx';

const STATE_TAG = { pending: 'tag--warn', approved: 'tag--ok', rejected: 'tag--danger' } as const;

export function TeamRequests({ team, onChanged }: { team: TeamInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const { data: requests, reload } = useLoad(getMyRequests, []);
  // Until the list is in, nothing may be sent; then the one rule of sending (src/domain/team.ts).
  const may = (kind: UploadRequestKind) =>
    requests !== null &&
    requestRefusal(
      team,
      kind,
      requests.some((r) => r.kind === kind && r.state === 'pending'),
    ) === null;
  const pendingOf = (kind: UploadRequestKind) => requests?.find((r) => r.kind === kind && r.state === 'pending');
  // A kind's card stays while its request waits, saying so: the confirmation of a request just
  // sent is the screen's own state, not a note that goes when the list comes back.
  const shown = (kind: UploadRequestKind) => may(kind) || pendingOf(kind) !== undefined;
  const sent = () => {
    reload();
    onChanged();
  };
  return (
    <>
      <h2 className="section-title">{t('teamArea.requestsTitle')}</h2>
      {shown('unfreeze') ? (
        <RequestCard
          kind="unfreeze"
          pendingSince={pendingOf('unfreeze')?.createTime}
          teamType={team.teamType}
          title={t('teamArea.unfreezeTitle')}
          hint={t('teamArea.unfreezeHint')}
          parts={[t('teamArea.explanation')]}
          onSent={sent}
        />
      ) : null}
      {shown('credit') ? (
        <RequestCard
          kind="credit"
          pendingSince={pendingOf('credit')?.createTime}
          teamType={team.teamType}
          title={t('teamArea.creditTitle')}
          hint={t('teamArea.creditHint')}
          parts={[t('teamArea.creditUpload')]}
          onSent={sent}
        />
      ) : null}
      {shown('protocol') ? (
        <RequestCard
          kind="protocol"
          pendingSince={pendingOf('protocol')?.createTime}
          teamType={team.teamType}
          title={t('teamArea.protocolTitle')}
          hint={t('teamArea.protocolHint')}
          parts={[t('teamArea.agreement1'), t('teamArea.agreement2')]}
          onSent={sent}
        />
      ) : null}
      {requests && requests.length > 0 ? (
        <section className="card" data-testid="team-requests">
          <div className="card__title">{t('teamArea.myRequests')}</div>
          {requests.map((r) => (
            <div key={r.requestId} className="request-row">
              <div className="row">
                <span>{t(`teamArea.requestKinds.${r.kind}`)}</span>
                <span className={`tag ${STATE_TAG[r.state]}`}>{t(`teamArea.requestStates.${r.state}`)}</span>
              </div>
              <div className="hint">
                {r.createTime}
                {r.reviewReason ? ` · ${r.reviewReason}` : ''}
              </div>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
