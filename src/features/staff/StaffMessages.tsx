/** staff/messages: the message board's queue: the messages waiting for a reply,
 * oldest first, or those replied; each opens its thread. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getStaffMessages } from '../../api/messageCalls.ts';
import { pathTo, STAFF_PATHS } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const STATES = ['waiting', 'replied'] as const;

export default function StaffMessages() {
  const { t } = useTranslation();
  const [state, setState] = useState<(typeof STATES)[number]>('waiting');
  const { data, loading, failed, reload } = useLoad(() => getStaffMessages(state), [state]);
  useStaffToken();

  return (
    <Screen title={t('staffMessages.title')} backTo={STAFF_PATHS.area}>
      <div className="filters" role="tablist">
        {STATES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={state === value}
            className={`chip${state === value ? ' chip--on' : ''}`}
            onClick={() => setState(value)}
          >
            {t(`staffMessages.${value}`)}
          </button>
        ))}
      </div>
      {data?.rows.map((m) => (
        <Link key={m.messageId} href={pathTo(STAFF_PATHS.message, { id: m.messageId })} className="card order-item" data-testid="staff-message">
          <div className="card__title">
            <span>{t(`message.types.${m.serviceType}`)}</span>
            <span className="tag tag--off">{t(`staffMessages.${m.writerKind}`)}</span>
          </div>
          <p className="message-excerpt">{m.description}</p>
          <div className="hint">
            {m.writer} · {m.contactName} · {m.createTime}
          </div>
        </Link>
      ))}
      {data && data.rows.length === 0 ? <div className="empty-state">{t('staffMessages.none')}</div> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
