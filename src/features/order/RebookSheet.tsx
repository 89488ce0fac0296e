/** Change the date of tickets: tick tickets, a new day, a session of the same hall, confirm
 * (rebook machine). */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { changeableTicketIds, rebookMachine } from '../../../machines/rebook.machine.ts';
import { getCalendar, getHalls } from '../../api/calls.ts';
import { getRefundRules, rebookTickets } from '../../api/orderCalls.ts';
import { isSessionSelectable } from '../../domain/sessions.ts';
import type { OrderDetail } from '../../domain/types.ts';
import { LoadingOverlay } from '../../ui/Screen.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { SheetRefusals } from './SheetRefusals.tsx';
import { TicketPicker } from './TicketPicker.tsx';
import { checkRebookDate } from '../../domain/refundRules.ts';

const machine = rebookMachine.provide({
  actors: {
    loadRules: fromPromise(({ input }) => getRefundRules(input.orderId)),
    loadCalendar: fromPromise(() => getCalendar()),
    loadHalls: fromPromise(({ input }) => getHalls(input.date)),
    rebook: fromPromise(({ input }) => rebookTickets(input)),
  },
});

export function RebookSheet({ order, onClose }: { order: OrderDetail; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { order } });
  const { selected, violations, calendar, halls, date, hallScheduleId, result, error } = snapshot.context;
  const done = snapshot.matches('done');
  const back = (
    <button type="button" className="btn" onClick={() => send({ type: 'BACK' })}>
      {t('common.back')}
    </button>
  );

  let footer;
  if (snapshot.matches('loading')) {
    footer = null;
  } else if (snapshot.matches('failed')) {
    footer = (
      <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'RETRY' })}>
        {t('common.retry')}
      </button>
    );
  } else if (done) {
    footer = (
      <button type="button" className="btn btn--primary btn--block" onClick={() => onClose(true)}>
        {t('common.ok')}
      </button>
    );
  } else if (snapshot.matches('selecting')) {
    footer = (
      <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'CONFIRM' })}>
        {t('common.next')}
      </button>
    );
  } else if (snapshot.matches({ date: 'failed' }) || snapshot.matches({ session: 'failed' })) {
    // The calendar or the day's sessions could not be loaded: try again, or go back.
    footer = (
      <div className="row">
        {back}
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (snapshot.matches('confirming') || snapshot.matches('submitting')) {
    footer = (
      <div className="row">
        {back}
        <button type="button" className="btn btn--primary" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
          {t('rebook.submit')}
        </button>
      </div>
    );
  } else {
    footer = <div className="row">{back}</div>;
  }

  return (
    <Sheet open title={t('orderDetail.rebook')} onClose={() => onClose(done)} footer={footer}>
      {snapshot.matches('selecting') ? (
        <TicketPicker
          order={order}
          selectable={changeableTicketIds(snapshot.context)}
          selected={selected}
          onToggle={(ticketId) => send({ type: 'TOGGLE', ticketId })}
          onAll={() => send({ type: 'SELECT_ALL' })}
        />
      ) : null}
      {snapshot.matches({ date: 'ready' }) ? (
        <div className="chips">
          {calendar
            .filter((day) => day.state === 'available' && checkRebookDate(order.visitDate, day.date) === null)
            .map((day) => (
              <button key={day.date} type="button" className="chip" onClick={() => send({ type: 'PICK_DATE', date: day.date })}>
                {day.date}
              </button>
            ))}
        </div>
      ) : null}
      {snapshot.matches({ session: 'ready' }) ? (
        <div className="stack">
          <p className="muted">{date}</p>
          {halls.flatMap((hall) =>
            hall.scheduleTicketPoolVOS.map((session) => (
              <button
                key={session.hallScheduleId}
                type="button"
                className="session"
                disabled={!isSessionSelectable(hall, session)}
                onClick={() => send({ type: 'PICK_SESSION', hallScheduleId: session.hallScheduleId })}
              >
                <span className="session__time">
                  {session.beginTime}-{session.endTime}
                </span>
                <span className="tag">{t('day.left', { n: session.ticketPool })}</span>
              </button>
            )),
          )}
        </div>
      ) : null}
      {snapshot.matches('confirming') || snapshot.matches('submitting') ? (
        <p>{t('rebook.confirm', { date, n: selected.length, session: sessionLabel(halls, hallScheduleId) })}</p>
      ) : null}
      {done && result ? <p className="refund-done">{t('rebook.done', { date: result.visitDate })}</p> : null}
      <SheetRefusals rulesFailed={snapshot.matches('failed')} violations={violations} error={error} />
      <LoadingOverlay
        show={
          snapshot.matches('loading') || snapshot.matches({ date: 'loading' }) || snapshot.matches({ session: 'loading' }) || snapshot.matches('submitting')
        }
      />
    </Sheet>
  );
}

function sessionLabel(halls: { scheduleTicketPoolVOS: { hallScheduleId: number; beginTime: string; endTime: string }[] }[], id: number | null) {
  const session = halls.flatMap((h) => h.scheduleTicketPoolVOS).find((s) => s.hallScheduleId === id);
  return session ? `${session.beginTime}-${session.endTime}` : '';
}
