/** The team's documents and requests (SPEC §4): unfreezing when frozen, renewing the credit
 * certificate, renewing an agency's agreement, and the requests already sent with their state. */
import { useTranslation } from 'react-i18next';
import { getMyRequests } from '../../api/teamCalls.ts';
import { needsAgreement } from '../../domain/team.ts';
import type { TeamInfo } from '../../domain/types.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { RequestCard } from './RequestCard.tsx';

const STATE_TAG = { pending: 'tag--warn', approved: 'tag--ok', rejected: 'tag--danger' } as const;

export function TeamRequests({ team, onChanged }: { team: TeamInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const { data: requests, reload } = useLoad(getMyRequests, []);
  const pending = (kind: string) => requests?.some((r) => r.kind === kind && r.state === 'pending') ?? true;
  const sent = () => {
    reload();
    onChanged();
  };
  return (
    <>
      <h2 className="section-title">{t('teamArea.requestsTitle')}</h2>
      {team.status === 1 && !pending('unfreeze') ? (
        <RequestCard kind="unfreeze" title={t('teamArea.unfreezeTitle')} hint={t('teamArea.unfreezeHint')} parts={[t('teamArea.explanation')]} onSent={sent} />
      ) : null}
      {!pending('credit') ? (
        <RequestCard kind="credit" title={t('teamArea.creditTitle')} hint={t('teamArea.creditHint')} parts={[t('teamArea.creditUpload')]} onSent={sent} />
      ) : null}
      {needsAgreement(team.teamType) && !pending('protocol') ? (
        <RequestCard
          kind="protocol"
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
