/** team/select/selectVenues: the halls taking groups on the chosen day, each with the group
 * sizes it takes and its sessions as a radio list. A refusal (a frozen team, a school-only
 * hall) comes back from the group settings and shows at the top. */
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { groupMinSize } from '../../domain/groupRules.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { HallCard } from '../../ui/HallCard.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { SessionRadios } from '../../ui/SessionRadios.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useGroupDraft, useGroupScreen } from './groupDraft.ts';
import './team.css';

export default function GroupSelectVenues() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useGroupScreen('venue', navigate);
  const date = useGroupDraft((s) => s.context.draft.visitDate);
  const halls = useGroupDraft((s) => s.context.halls);
  const error = useGroupDraft((s) => s.context.error);
  const failed = useGroupDraft((s) => s.matches({ venue: 'failed' }) || s.matches({ venue: { setting: 'failed' } }));
  const busy = useGroupDraft((s) => s.matches({ venue: 'loading' }) || s.matches({ venue: { setting: 'loading' } }));
  const chosen = useGroupDraft((s) => s.context.draft.hallScheduleId);
  const [choice, setChoice] = useState<{ hallId: number; hallScheduleId: number } | null>(null);
  const picked = choice?.hallScheduleId ?? chosen;
  const weekday = date ? t('selectDate.weekdays').split(',')[(dayjs(date).day() + 6) % 7] : '';

  return (
    <Screen title={t('group.venuesTitle')} backTo={TEAM_PATHS.selectDate}>
      <div className="row card">
        <span>
          <strong>{date}</strong> <span className="muted">{weekday}</span>
        </span>
        <button type="button" className="link" onClick={() => navigate(TEAM_PATHS.selectDate)}>
          {t('group.changeDate')}
        </button>
      </div>
      {error && !failed ? <Refusal message={tr(error)} /> : null}
      {failed ? <LoadFailed message={error ? tr(error) : t('errors.unknown')} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
      {halls.map((hall) => (
        <HallCard key={hall.hallId} hall={hall}>
          {hall.group ? (
            <p className="hint">
              {t('group.size', { min: groupMinSize(hall.group), max: hall.group.groupMax })}
              {hall.group.schoolOnly ? ` · ${t('group.schoolOnly')}` : ''}
              {hall.group.offSeasonOnly ? ` · ${t('group.offSeasonOnly')}` : ''}
            </p>
          ) : null}
          {hall.cinema ? (
            // A dome's sessions are films: chosen on its own screen.
            <Link
              href={pathTo(TEAM_PATHS.cinemaSelect, { id: hall.hallId })}
              className={`btn btn--block hall__films${hall.disabled ? ' is-disabled' : ''}`}
              aria-disabled={hall.disabled}
              onClick={(event) => hall.disabled && event.preventDefault()}
            >
              {t('selectVenues.films')}
            </Link>
          ) : (
            <SessionRadios hall={hall} picked={picked} onPick={(hallScheduleId) => setChoice({ hallId: hall.hallId, hallScheduleId })} />
          )}
        </HallCard>
      ))}
      {!busy && !failed && halls.length === 0 ? <div className="empty-state">{t('group.none')}</div> : null}
      <FooterBar>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!choice}
          onClick={() => choice && actor.send({ type: 'PICK_SESSION', ...choice })}
        >
          {t('common.next')}
        </button>
      </FooterBar>
      <LoadingOverlay show={busy} />
    </Screen>
  );
}
