/** staff/gate: a gate checks tickets in at its hall (issue 16). The attendant picks the hall
 * among today's; the camera reads each visitor's ticket QR, or a group's order number is typed
 * in; the answer shows big, green (how many in) or red (why not), with whose tickets, masked,
 * then the gate scans again (the gate machine). */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { gateMachine } from '../../../machines/gate.machine.ts';
import { getHalls } from '../../api/calls.ts';
import { gateCheckIn } from '../../api/staffCalls.ts';
import { museumDate } from '../../domain/museumTime.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { QrCamera } from './QrCamera.tsx';
import { OrderNumberField } from './OrderNumberField.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const machine = gateMachine.provide({
  actors: {
    loadHalls: fromPromise(() => getHalls(museumDate(new Date()))),
    checkIn: fromPromise(({ input }) => gateCheckIn(input)),
  },
});

export default function StaffGate() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { halls, hallId, orderNumber, answer, error } = snapshot.context;
  useStaffToken();
  const hall = halls.find((h) => h.hallId === hallId);

  return (
    <Screen title={hall ? t('gate.titleAt', { hall: hall.name }) : t('gate.title')} backTo={STAFF_PATHS.gate}>
      {snapshot.matches('choosing') ? (
        <section className="card stack">
          <div className="card__title">{t('gate.pickHall')}</div>
          {halls.map((h) => (
            <button key={h.hallId} type="button" className="btn btn--block" onClick={() => send({ type: 'PICK_HALL', hallId: h.hallId })}>
              {h.name}
            </button>
          ))}
        </section>
      ) : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : null}
      {answer ? (
        <section className={`card gate-answer gate-answer--${answer.passed ? 'in' : 'out'}`} role={answer.passed ? 'status' : 'alert'} data-testid="gate-answer">
          <strong className="gate-answer__word">{answer.passed ? t('gate.in', { n: answer.count }) : t('gate.out')}</strong>
          {answer.reason ? <p className="gate-answer__reason">{answer.reason}</p> : null}
          {answer.tickets.slice(0, 3).map((ticket) => (
            <p key={ticket.ticketId} className="gate-answer__ticket">
              {ticket.userName} · {ticket.certificateInfo} · {ticket.ticketName} · {ticket.hallName} {ticket.beginTime}-{ticket.endTime}
            </p>
          ))}
          {answer.tickets.length > 3 ? <p className="gate-answer__ticket">{t('gate.more', { n: answer.tickets.length - 3 })}</p> : null}
          <button type="button" className="btn btn--block gate-answer__next" onClick={() => send({ type: 'NEXT' })}>
            {t('gate.next')}
          </button>
        </section>
      ) : null}
      {hallId !== null && !snapshot.matches('choosing') ? (
        <>
          <QrCamera onScan={(text) => send({ type: 'SCANNED', text })} />
          <section className="card">
            <OrderNumberField value={orderNumber} onChange={(value) => send({ type: 'ORDER_NUMBER.CHANGE', value })} />
            <button type="button" className="btn btn--primary btn--block team-action" onClick={() => send({ type: 'CHECK_ORDER' })}>
              {t('gate.checkOrder')}
            </button>
            <button type="button" className="btn btn--block team-action" onClick={() => send({ type: 'CHANGE_HALL' })}>
              {t('gate.changeHall')}
            </button>
          </section>
        </>
      ) : null}
      {error ? <Refusal message={tr(error)} /> : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('checking')} />
    </Screen>
  );
}
