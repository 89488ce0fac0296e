/** order/blackOrderList: the missed-visit record. A visitor's: whether the account is
 * blacklisted, how many missed visits count in the window against the limit, until when; a
 * team's: whether it is frozen and why. Then the list. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMissedVisits } from '../../api/orderCalls.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import './missed.css';
import { currentKind } from '../../api/session.ts';
import { orderPaths } from '../../domain/paths.ts';
import { TeamFreezeCard } from './TeamFreezeCard.tsx';

const PAGE_SIZE = 10;

export default function BlackOrderList() {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const { data, loading } = useLoad(() => getMissedVisits(1, PAGE_SIZE * pages), [pages]);
  const status = data?.status;
  const team = currentKind() === 'team';

  return (
    <Screen title={t('missed.title')} backTo={orderPaths(currentKind()).orderRecord}>
      {team ? <TeamFreezeCard /> : null}
      {status ? (
        <section className={`card stack block-status${status.blacklisted ? ' block-status--on' : ''}`} data-testid="block-status">
          <div className="card__title">
            <span>{status.blacklisted ? t('missed.blacklisted') : t('missed.notBlacklisted')}</span>
            <span className={`tag tag--${status.blacklisted ? 'danger' : 'ok'}`}>
              {status.missedVisits}/{status.limit}
            </span>
          </div>
          <div className="block-status__meter" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (status.missedVisits / status.limit) * 100)}%` }} />
          </div>
          <p className="muted">{t('missed.count', { n: status.missedVisits, limit: status.limit, days: status.windowDays })}</p>
          {status.blacklisted && status.until ? (
            <div className="notice-bar notice-bar--danger" role="alert">
              {t('missed.blacklistedUntil', { date: status.until })}
            </div>
          ) : null}
          {status.message ? <p className="hint">{status.message}</p> : null}
          <p className="hint">{t('missed.rule')}</p>
        </section>
      ) : null}
      {data && data.rows.length > 0 ? <div className="card__sub">{t('missed.list')}</div> : null}
      {data?.rows.map((visit) => (
        <section key={`${visit.orderId}-${visit.visitDate}`} className={`card order-item${visit.counted || team ? '' : ' missed--old'}`}>
          <div className="card__title">
            <span>{visit.hallName}</span>
            {team ? null : (
              <span className={`tag tag--${visit.counted ? 'danger' : 'off'}`}>{visit.counted ? t('missed.counted') : t('missed.notCounted')}</span>
            )}
          </div>
          <div className="muted">
            {visit.visitDate} {visit.beginTime}-{visit.endTime} · {t('missed.tickets', { n: visit.ticketNum })}
          </div>
          <span className="hint mono">{visit.orderNumber}</span>
        </section>
      ))}
      {data && data.rows.length === 0 ? <div className="empty-state">{t('missed.empty')}</div> : null}
      {data && data.rows.length < data.total ? (
        <button type="button" className="btn btn--block" onClick={() => setPages((n) => n + 1)}>
          {t('missed.more')}
        </button>
      ) : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
