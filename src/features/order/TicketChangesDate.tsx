/** team order/ticketChangesDate?id= (SPEC §2): the whole group to a session of the same hall
 * on another day. The order's hall and date now, a day on the team's calendar, a session of
 * that hall, confirm (groupRebook machine); then the order on its new date. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { groupRebookMachine, movingTicketIds, pickableDays } from '../../../machines/groupRebook.machine.ts';
import { getGroupHalls, getTeamCalendar } from '../../api/groupCalls.ts';
import { getGroupOrder, getRefundRules, rebookGroup } from '../../api/orderCalls.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { isSessionSelectable } from '../../domain/sessions.ts';
import { tr } from '../../i18n/index.ts';
import { DayGrid, Legend } from '../../ui/DayGrid.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';

const machine = groupRebookMachine.provide({
  actors: {
    loadOrder: fromPromise(async ({ input }) => {
      const [order, rules] = await Promise.all([getGroupOrder(input.orderId), getRefundRules(input.orderId)]);
      return { order, rules };
    }),
    loadCalendar: fromPromise(() => getTeamCalendar()),
    loadHalls: fromPromise(({ input }) => getGroupHalls(input.date)),
    rebook: fromPromise(({ input }) => rebookGroup(input.orderId, input.hallScheduleId)),
  },
});

export default function TicketChangesDate() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const orderId = Number(new URLSearchParams(useSearch()).get('id'));
  const [snapshot, send] = useMachine(machine, { input: { orderId } });
  const { order, rules, violations, date, halls, hallScheduleId, result, error } = snapshot.context;
  const detail = pathTo(TEAM_PATHS.orderDetail, { id: orderId });
  const group = movingTicketIds(rules).length;

  useEffect(() => {
    if (!snapshot.matches('done') || !result) return;
    toastInfo(t('rebook.done', { date: result.visitDate }));
    navigate(detail, { replace: true });
  }, [snapshot, result, detail, navigate, t]);

  const session = halls.flatMap((h) => h.scheduleTicketPoolVOS).find((s) => s.hallScheduleId === hallScheduleId);
  const loadFailed = snapshot.matches('failed') || snapshot.matches({ date: 'failed' }) || snapshot.matches({ session: 'failed' });
  // A failed read shows its message with the retry; refusals show where the eye is.
  const messages = loadFailed ? [] : [...violations.map((v) => v.message), ...(error ? [error] : [])];

  return (
    <Screen title={t('groupOrder.changeTitle')} backTo={detail}>
      {order ? (
        <section className="card stack">
          <div className="card__title">{order.hallName}</div>
          <div className="row">
            <span className="muted">{t('groupOrder.currentDate')}</span>
            <span>
              {order.visitDate} {order.beginTime}-{order.endTime}
            </span>
          </div>
          <div className="row">
            <span className="muted">{t('groupOrder.moving')}</span>
            <span>{t('orderRecord.count', { n: group })}</span>
          </div>
          {date && !snapshot.matches('date') ? (
            <div className="row">
              <span className="muted">{t('groupOrder.newDate')}</span>
              <span>
                {date} {session ? `${session.beginTime}-${session.endTime}` : ''}
              </span>
            </div>
          ) : null}
        </section>
      ) : null}

      {snapshot.matches('refused') ? (
        <Refusal message={messages.length > 0 ? messages.map(tr).join(' ') : t('groupOrder.nothingToChange')}>
          <Link href={detail} className="link">
            {t('common.back')}
          </Link>
        </Refusal>
      ) : messages.length > 0 ? (
        <Refusal message={messages.map(tr).join(' ')} />
      ) : null}

      {loadFailed ? <LoadFailed message={error ? tr(error) : undefined} onRetry={() => send({ type: 'RETRY' })} /> : null}

      {snapshot.matches({ date: 'ready' }) ? (
        <section className="card stack">
          <div className="card__title">{t('groupOrder.pickDate')}</div>
          <DayGrid
            days={snapshot.context.calendar}
            onPick={(day) => {
              // The order's own day and days without tickets are not a change: say why.
              if (pickableDays(snapshot.context).some((d) => d.date === day.date)) send({ type: 'PICK_DATE', date: day.date });
              else toastInfo(day.date === order?.visitDate ? t('groupOrder.sameDay') : (day.reason ?? t(`day.${day.state}`)));
            }}
          />
          <Legend />
          {pickableDays(snapshot.context).length === 0 ? <p className="muted">{t('groupOrder.noDays')}</p> : null}
        </section>
      ) : null}

      {snapshot.matches({ session: 'ready' }) ? (
        <section className="card stack">
          <div className="card__title">{t('groupOrder.pickSession', { date })}</div>
          {halls.flatMap((hall) =>
            hall.scheduleTicketPoolVOS.map((s) => (
              <button
                key={s.hallScheduleId}
                type="button"
                className="session"
                disabled={!isSessionSelectable(hall, s)}
                onClick={() => send({ type: 'PICK_SESSION', hallScheduleId: s.hallScheduleId })}
              >
                <span className="session__time">
                  {s.beginTime}-{s.endTime}
                </span>
                <span className="tag">{t('day.left', { n: s.ticketPool })}</span>
              </button>
            )),
          )}
          {halls.length === 0 ? <p className="muted">{t('groupOrder.noSessions')}</p> : null}
        </section>
      ) : null}

      {snapshot.matches('confirming') || snapshot.matches('submitting') ? (
        <p className="card">
          {t('groupOrder.confirm', { n: group, date, session: session ? `${session.beginTime}-${session.endTime}` : '' })}
        </p>
      ) : null}

      {snapshot.matches('session') || snapshot.matches('confirming') || snapshot.matches('submitting') ? (
        <FooterBar>
          <button type="button" className="btn" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'BACK' })}>
            {t('common.back')}
          </button>
          {snapshot.matches('session') ? null : (
            <button type="button" className="btn btn--primary" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
              {t('rebook.submit')}
            </button>
          )}
        </FooterBar>
      ) : null}

      <LoadingOverlay
        show={
          snapshot.matches('loading') ||
          snapshot.matches({ date: 'loading' }) ||
          snapshot.matches({ session: 'loading' }) ||
          snapshot.matches('submitting') ||
          snapshot.matches('done')
        }
      />
    </Screen>
  );
}
