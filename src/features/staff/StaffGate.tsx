/** staff/gate: a gate checks tickets in at its hall. The attendant picks the hall
 * among today's; the camera reads each visitor's ticket QR, or a group's order number is typed
 * in; the answer shows big, green (how many in) or red (why not), with whose tickets, masked,
 * then the gate scans again (the gate machine). During a short outage the gate answers from
 * the hall's list of the day kept on the device, says it is offline and how many check-ins
 * wait, and syncs them when the network is back, listing the duplicates and refusals. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fromPromise } from 'xstate';
import { gateMachine } from '../../../machines/gate.machine.ts';
import { getHalls } from '../../api/calls.ts';
import { gateCheckIn, gateCollect, gateSync, getGateDay } from '../../api/staffCalls.ts';
import { gateLines } from '../../domain/gate.ts';
import { gateDigest, hhmm, isUnreachable, scanText, type GateVerdict } from '../../domain/gateOffline.ts';
import { museumToday } from '../../api/serverClock.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { keepDates } from '../../ui/keepDates.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { ticker } from '../../widgets/ticker.ts';
import '../../ui/vant.ts';
import { gateId, reachable, storeDay, storedDay, storedQueue, storeQueue } from './gateDevice.ts';
import { GateMode } from './GateMode.tsx';
import { QrCamera } from './QrCamera.tsx';
import { OrderNumberField } from './OrderNumberField.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';
import { LoadFailed } from '../../ui/LoadFailed.tsx';

const machine = gateMachine.provide({
  actors: {
    loadHalls: fromPromise(async () => getHalls(await museumToday())),
    loadDay: fromPromise(async ({ input }) => {
      const day = await reachable(getGateDay(input.hallId));
      if (isUnreachable(day)) return { day: storedDay(input.hallId), offline: true, at: Date.now() };
      storeDay(day);
      return { day, offline: false, at: Date.now() };
    }),
    checkIn: fromPromise(({ input }) => reachable(gateCheckIn(input))),
    collect: fromPromise(({ input }) => reachable(gateCollect(input))),
    offlineScan: fromPromise(async ({ input }) => ({ digest: await gateDigest(scanText(input)), id: crypto.randomUUID(), scannedAt: Date.now() })),
    sync: fromPromise(({ input }) => reachable(gateSync(input))),
    ticker,
  },
  actions: { storeQueue: ({ context }) => storeQueue(context.queue) },
});

export default function StaffGate() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { gateId: gateId(), queue: storedQueue() } });
  const { halls, hallId, orderNumber, answer, error, day, queue, offline, report, mode, form } = snapshot.context;
  const collect = mode === 'collect';
  const lines = answer ? gateLines(answer.tickets) : [];
  useStaffToken();
  const hall = halls.find((h) => h.hallId === hallId);
  const open = snapshot.matches('open');
  // An answer (a number typed at the foot of the page too) shows at the top, with the gate's status.
  useEffect(() => {
    if (answer) window.scrollTo({ top: 0 });
  }, [answer]);
  // The network back: sync at once rather than at the next tick.
  useEffect(() => {
    const back = () => send({ type: 'SYNC' });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [send]);

  return (
    <Screen title={hall ? t('gate.titleAt', { hall: hall.name }) : t('gate.title')} backTo={STAFF_PATHS.area}>
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
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      {open ? (
        <section className={`gate-status${offline ? ' gate-status--offline' : ''}`} role="status" data-testid="gate-status">
          {offline ? <strong className="gate-status__line">{t('gate.offline')}</strong> : null}
          <span className="gate-status__line">
            {day ? t('gate.list', { n: day.tickets.length.toLocaleString(), time: hhmm(day.fetchedAt) }) : t('gate.noList')}
          </span>
          {queue.length > 0 ? (
            <span className="gate-status__queue">
              <span className="gate-status__line">{t('gate.waiting', { n: queue.length })}</span>
              <button type="button" className="btn gate-status__sync" onClick={() => send({ type: 'SYNC' })}>
                {t('gate.syncNow')}
              </button>
            </span>
          ) : null}
        </section>
      ) : null}
      {answer ? (
        <section
          className={`card gate-answer gate-answer--${answer.passed ? 'in' : 'out'}`}
          role={answer.passed ? 'status' : 'alert'}
          data-testid="gate-answer"
        >
          <strong className="gate-answer__word">{answerWord(t, collect, answer, t(`gate.forms.${form}`))}</strong>
          {answer.reason ? <p className="gate-answer__reason">{keepDates(tr(answer.reason))}</p> : null}
          {answer.passed && answer.offline ? <p className="gate-answer__reason">{t('gate.offlineSync')}</p> : null}
          {lines.slice(0, 3).map((line) => (
            <p key={line.key} className="gate-answer__ticket">
              {line.text}
            </p>
          ))}
          {lines.length > 3 ? (
            <p className="gate-answer__ticket">{t('gate.more', { n: answer.tickets.length - lines.slice(0, 3).reduce((n, line) => n + line.tickets, 0) })}</p>
          ) : null}
          <button type="button" className="btn btn--block gate-answer__next" onClick={() => send({ type: 'NEXT' })}>
            {t('gate.next')}
          </button>
        </section>
      ) : null}
      {report ? (
        <section className="card gate-report" role={report.problems.length ? 'alert' : 'status'} data-testid="gate-report">
          <div className="card__title">{t('gate.synced', { n: report.checkedIn })}</div>
          {report.problems.length ? <p className="gate-report__count">{t('gate.problems', { n: report.problems.length })}</p> : null}
          <ul className="gate-report__list">
            {report.problems.map((p) => (
              <li key={p.id} className={`gate-report__item gate-report__item--${p.outcome}`}>
                <strong>{t(p.outcome === 'duplicate' ? 'gate.duplicate' : 'gate.refused')}</strong> · {hhmm(p.scannedAt)} · {p.label}
                <span className="gate-report__reason">{p.reason}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--block" onClick={() => send({ type: 'CLOSE_REPORT' })}>
            {t('gate.closeReport')}
          </button>
        </section>
      ) : null}
      {hallId !== null && open ? (
        <>
          <GateMode mode={mode} form={form} offline={offline} onMode={(m) => send({ type: 'MODE', mode: m })} onForm={(f) => send({ type: 'FORM', form: f })} />
          <QrCamera onScan={(text) => send({ type: 'SCANNED', text })} />
          <section className="card">
            <OrderNumberField value={orderNumber} onChange={(value) => send({ type: 'ORDER_NUMBER.CHANGE', value })} />
            <button type="button" className="btn btn--primary btn--block team-action" onClick={() => send({ type: 'CHECK_ORDER' })}>
              {t(collect ? 'gate.collectOrder' : 'gate.checkOrder')}
            </button>
            <button type="button" className="btn btn--block team-action" onClick={() => send({ type: 'CHANGE_HALL' })}>
              {t('gate.changeHall')}
            </button>
          </section>
        </>
      ) : null}
      {error ? <Refusal message={tr(error)} /> : null}
      <LoadingOverlay
        show={
          snapshot.matches('loading') ||
          snapshot.matches({ open: 'checking' }) ||
          snapshot.matches({ open: 'collecting' }) ||
          snapshot.matches({ open: 'opening' })
        }
      />
    </Screen>
  );
}

/** The answer's big word: in (how many, offline or not) or not; collecting, handed out (how many, what) or not. */
function answerWord(t: TFunction, collect: boolean, answer: GateVerdict, form: string): string {
  if (collect) return answer.passed ? t('gate.collected', { n: answer.count, form }) : t('gate.notCollected');
  return answer.passed ? t(answer.offline ? 'gate.inOffline' : 'gate.in', { n: answer.count }) : t('gate.out');
}
