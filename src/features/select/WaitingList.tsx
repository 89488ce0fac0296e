/** select/waitingList (`?date=`): a full session's waiting list. The days whose lists are
 * open, the day's full sessions (how busy their lists are), the visitors with their ticket
 * types, the agreement and the slider; joined, the visitor pays on payOrder and then stands by. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { chosenSession } from '../../../machines/purchase.machine.ts';
import { joinTotal, waitingListMachine } from '../../../machines/waitingList.machine.ts';
import { getHallPersonSetting } from '../../api/calls.ts';
import { getCandidateCalendar, getCandidateHalls, joinWaitingList } from '../../api/waitingListCalls.ts';
import { canRemoveVisitor } from '../../../machines/visitorList.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import type { SchedulePool } from '../../domain/types.ts';
import { hasList, isListOpen, waitingListSettings } from '../../domain/waitingList.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { Agreement, SliderSheet } from '../../widgets/Agreement.tsx';
import { TicketTypes } from './TicketTypes.tsx';
import { AddVisitor } from './AddVisitor.tsx';
import { VisitorCard } from './VisitorCard.tsx';

const machine = waitingListMachine.provide({
  actors: {
    loadCalendar: fromPromise(() => getCandidateCalendar()),
    loadHalls: fromPromise(({ input }) => getCandidateHalls(input)),
    loadSetting: fromPromise(({ input }) => getHallPersonSetting(input)),
    join: fromPromise(({ input }) => joinWaitingList(input.draft, input.prices)),
  },
});

export default function WaitingList() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const date = new URLSearchParams(useSearch()).get('date');
  const [snapshot, send] = useMachine(machine, { input: { date } });
  const { calendar, halls, visitors, violations, error, agreementAccepted, hallScheduleId } = snapshot.context;

  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.context.orderId)
      navigate(pathTo(INDIVIDUAL_PATHS.payOrder, { id: snapshot.context.orderId }), { replace: true });
  }, [snapshot.status, snapshot.context.orderId, navigate]);

  const level = (s: SchedulePool) => (!isListOpen(s) ? t('waitingList.listFull') : s.candidateLevel === 2 ? t('waitingList.level2') : t('waitingList.level1'));
  const session = chosenSession(snapshot.context);
  const fieldError = (index: number, name: string) => violations.find((v) => v.field?.index === index && v.field.name === name)?.message;
  const general = violations.find((v) => !v.field);
  const failed = snapshot.matches({ days: 'failed' }) || snapshot.matches({ sessions: 'failed' }) || snapshot.matches({ visitors: 'failed' });
  const busy =
    snapshot.matches({ days: 'loading' }) ||
    snapshot.matches({ sessions: 'loading' }) ||
    snapshot.matches({ visitors: 'loading' }) ||
    snapshot.matches({ visitors: 'joining' });
  const picking = snapshot.matches('visitors');
  const { cutoffMinutes } = waitingListSettings(useSettings().config);

  return (
    <Screen title={t('waitingList.title')} backTo={INDIVIDUAL_PATHS.selectDate}>
      <p className="notice-bar">{t('waitingList.how', { hours: cutoffMinutes / 60 })}</p>
      {snapshot.matches({ days: 'ready' }) ? (
        <section className="card">
          <div className="card__title">{t('waitingList.chooseDay')}</div>
          <div className="chips">
            {calendar.filter(isListOpen).map((d) => (
              <button key={d.date} type="button" className="btn" onClick={() => send({ type: 'PICK_DATE', date: d.date })}>
                {d.date} · {d.candidateLevel === 2 ? t('waitingList.level2') : t('waitingList.level1')}
              </button>
            ))}
          </div>
          {!calendar.some(isListOpen) ? <p className="muted">{t('waitingList.noDays')}</p> : null}
        </section>
      ) : null}
      {snapshot.matches({ sessions: 'ready' }) || picking ? (
        <section className="card">
          <div className="row">
            <div className="card__title">{snapshot.context.date}</div>
            <button type="button" className="link" onClick={() => send({ type: 'BACK' })}>
              {picking ? t('waitingList.chooseSession') : t('waitingList.chooseDay')}
            </button>
          </div>
          {halls.map((hall) => (
            <div key={hall.hallId} className="sessions" role="radiogroup" aria-label={hall.name} data-hall={hall.hallKey}>
              <p className="card__sub">{hall.name}</p>
              {hall.scheduleTicketPoolVOS.filter(hasList).map((s) => {
                const on = s.hallScheduleId === hallScheduleId;
                const open = isListOpen(s);
                return (
                  <label key={s.hallScheduleId} className={`session${open ? '' : ' session--off'}${on ? ' session--on' : ''}`}>
                    <input
                      type="radio"
                      name="session"
                      disabled={!open || picking}
                      checked={on}
                      onChange={() => send({ type: 'PICK_SESSION', hallId: hall.hallId, hallScheduleId: s.hallScheduleId })}
                    />
                    <span className="session__time">
                      {s.beginTime}-{s.endTime}
                    </span>
                    <span className="session__state">
                      <span className={`tag ${open ? 'tag--warn' : 'tag--off'}`}>{level(s)}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          ))}
        </section>
      ) : null}
      {snapshot.matches({ visitors: 'editing' }) || snapshot.matches({ visitors: 'verifying' }) || snapshot.matches({ visitors: 'joining' }) ? (
        <>
          {visitors.map((visitor, index) => (
            <VisitorCard
              key={index}
              index={index}
              visitor={visitor}
              errorOf={(field) => fieldError(index, field)}
              onChange={(change) => send({ type: 'VISITOR.CHANGE', index, ...change })}
              onRemove={canRemoveVisitor(visitors, index) ? () => send({ type: 'VISITOR.REMOVE', index }) : undefined}
            >
              <TicketTypes
                index={index}
                prices={session?.priceTicketPoolVOS ?? []}
                chosen={visitor.ticketPriceId}
                error={fieldError(index, 'ticketPriceId')}
                onChoose={(value) => send({ type: 'VISITOR.CHANGE', index, field: 'ticketPriceId', value })}
              />
            </VisitorCard>
          ))}
          <AddVisitor visitors={visitors} onAdd={() => send({ type: 'VISITOR.ADD' })} />
          <Agreement accepted={agreementAccepted} onToggle={() => send({ type: 'AGREEMENT.TOGGLE' })} />
          {general || error ? <Refusal message={tr((general?.message ?? error)!)} /> : null}
          <FooterBar>
            <span className="footer-bar__sum">
              {t('review.total')} <strong>{formatMoney(joinTotal(snapshot.context))}</strong>
            </span>
            <button type="button" className="btn btn--primary" disabled={!snapshot.matches({ visitors: 'editing' })} onClick={() => send({ type: 'SUBMIT' })}>
              {t('waitingList.submit')}
            </button>
          </FooterBar>
        </>
      ) : null}
      {failed ? (
        <>
          {error ? <Refusal message={tr(error)} /> : null}
          <LoadFailed onRetry={() => send({ type: 'RETRY' })} />
        </>
      ) : null}
      <SliderSheet
        open={snapshot.matches({ visitors: 'verifying' })}
        onPassed={(token) => send({ type: 'SLIDER.PASSED', token })}
        onCancel={() => send({ type: 'SLIDER.CANCEL' })}
      />
      <LoadingOverlay show={busy} label={snapshot.matches({ visitors: 'joining' }) ? t('review.submitting') : undefined} />
    </Screen>
  );
}
