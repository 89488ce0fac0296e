/** team order/ticketChangesDate?id= (docs/product.md §2): the whole group to a session of the same hall
 * on another day. The order's hall and date now, a day on the team's calendar, a session of
 * that hall, confirm (the rebook machine with `wholeOrder`); then the order on its new date. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { rebookMachine } from '../../../machines/rebook.machine.ts';
import { getGroupHalls, getTeamCalendar } from '../../api/groupCalls.ts';
import { getGroupOrder, getRefundRules, rebookGroup } from '../../api/orderCalls.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { checkRebookDate } from '../../domain/refundRules.ts';
import { isSessionSelectable } from '../../domain/sessions.ts';
import type { GroupOrderDetail } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { DayGrid, Legend } from '../../ui/DayGrid.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';

const machine = rebookMachine.provide({
  actors: {
    loadRules: fromPromise(({ input }) => getRefundRules(input.orderId)),
    loadCalendar: fromPromise(() => getTeamCalendar()),
    loadHalls: fromPromise(({ input }) => getGroupHalls(input.date)),
    // A group moves as a whole: the order and the session say all (rebook/group).
    rebook: fromPromise(({ input }) => rebookGroup(input.orderId, input.hallScheduleId)),
  },
});

export default function TicketChangesDate() {
  const { t } = useTranslation();
  const orderId = Number(new URLSearchParams(useSearch()).get('id'));
  const { data: order, failed, loading, reload } = useLoad(() => getGroupOrder(orderId), [orderId]);
  const detail = pathTo(TEAM_PATHS.orderDetail, { id: orderId });
  return (
    <Screen title={t('groupOrder.changeTitle')} backTo={detail}>
      {order ? <ChangeDate order={order} detail={detail} /> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}

function ChangeDate({ order, detail }: { order: GroupOrderDetail; detail: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(machine, { input: { order, wholeOrder: true } });
  const { selected, violations, calendar, date, halls, hallScheduleId, result, error } = snapshot.context;

  useEffect(() => {
    if (!snapshot.matches('done') || !result) return;
    toastInfo(t('rebook.done', { date: result.visitDate }));
    navigate(detail, { replace: true });
  }, [snapshot, result, detail, navigate, t]);

  const session = halls.flatMap((h) => h.scheduleTicketPoolVOS).find((s) => s.hallScheduleId === hallScheduleId);
  const loadFailed = snapshot.matches('failed') || snapshot.matches({ date: 'failed' }) || snapshot.matches({ session: 'failed' });
  // A failed read shows its message with the retry; refusals show where the eye is.
  const messages = loadFailed ? [] : [...violations.map((v) => v.message), ...(error ? [error] : [])];
  const busy =
    snapshot.matches('loading') || snapshot.matches({ date: 'loading' }) || snapshot.matches({ session: 'loading' }) || snapshot.matches('submitting');

  return (
    <>
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
          <span>{t('orderRecord.count', { n: selected.length })}</span>
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
            days={calendar}
            onPick={(day) => {
              // The machine takes a day its rules allow; the order's own day and days without tickets say why.
              send({ type: 'PICK_DATE', date: day.date });
              const same = checkRebookDate(order.visitDate, day.date);
              if (same || day.state !== 'available') toastInfo(same ? tr(same) : (day.reason ?? t(`day.${day.state}`)));
            }}
          />
          <Legend />
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
        <p className="card">{t('groupOrder.confirm', { n: selected.length, date, session: session ? `${session.beginTime}-${session.endTime}` : '' })}</p>
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

      <LoadingOverlay show={busy || snapshot.matches('done')} />
    </>
  );
}
