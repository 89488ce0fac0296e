/** The team status pop-ups (docs/product.md §4), once per session, each with Next and close. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { teamStatusMachine } from '../../../machines/teamStatus.machine.ts';
import type { TeamNotice } from '../../domain/team.ts';
import { tr } from '../../i18n/index.ts';
import { Sheet } from '../../ui/Sheet.tsx';

const SEEN = 'teamNoticesSeen';

export function TeamNotices({ notices }: { notices: TeamNotice[] }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(teamStatusMachine, { input: { notices: sessionStorage.getItem(SEEN) ? [] : notices } });
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done && notices.length > 0) sessionStorage.setItem(SEEN, '1');
  }, [done, notices.length]);
  const notice = snapshot.context.notices[snapshot.context.index];
  const last = snapshot.context.index >= snapshot.context.notices.length - 1;
  return (
    <Sheet open={!done && notice !== undefined} centered title={t('teamArea.noticeTitle')} onClose={() => send({ type: 'CLOSE' })}>
      {notice ? (
        <div className="team-notice" data-notice={notice.kind}>
          <p>{tr(notice.message)}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'NEXT' })}>
            {last ? t('common.ok') : t('common.next')}
          </button>
        </div>
      ) : null}
    </Sheet>
  );
}
