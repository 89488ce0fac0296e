/** select/packageAddSure?id=&date=: a package, admission and a dome film at one price. An
 * admission time and a film, up to 4 visitors, the agreement, the slider, then payment. The
 * film's seats are assigned together when the order is placed. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { packagePurchaseMachine } from '../../../machines/packagePurchase.machine.ts';
import { getPackages, placePackage } from '../../api/cinemaCalls.ts';
import { canRemoveVisitor } from '../../../machines/visitorList.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { isSessionOpen } from '../../domain/sessions.ts';
import type { SchedulePool } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { Agreement, SliderSheet } from '../../widgets/Agreement.tsx';
import { AddVisitor } from './AddVisitor.tsx';
import { VisitorCard } from './VisitorCard.tsx';
import '../../ui/cinema.css';

const machine = packagePurchaseMachine.provide({
  actors: {
    loadPackages: fromPromise(({ input }) => getPackages(input)),
    placePackage: fromPromise(({ input }) => placePackage(input.packageId, input.draft)),
  },
});

/** One radio per session; a closed one says why. */
function Sessions({
  name,
  sessions,
  chosen,
  label,
  onPick,
}: {
  name: string;
  sessions: SchedulePool[];
  chosen: number | null;
  label: (s: SchedulePool) => string;
  onPick: (id: number) => void;
}) {
  return (
    <div className="sessions" role="radiogroup" aria-label={name}>
      {sessions.map((s) => {
        const ok = isSessionOpen(s);
        const on = chosen === s.hallScheduleId;
        return (
          <label key={s.hallScheduleId} className={`session${ok ? '' : ' session--off'}${on ? ' session--on' : ''}`}>
            <input type="radio" name={name} disabled={!ok} checked={on} onChange={() => onPick(s.hallScheduleId)} />
            <span className="session__time">{label(s)}</span>
            <span className="session__state">{ok ? null : <span className="tag tag--off tag--reason">{s.disabledText}</span>}</span>
          </label>
        );
      })}
    </div>
  );
}

export default function PackageAddSure() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const date = query.get('date') ?? '';
  const [snapshot, send] = useMachine(machine, { input: { packageId: Number(query.get('id')), date } });
  const { pkg, visitors, violations, error, agreementAccepted, admissionScheduleId, filmScheduleId } = snapshot.context;

  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.context.orderId)
      navigate(pathTo(INDIVIDUAL_PATHS.payOrder, { id: snapshot.context.orderId }), { replace: true });
  }, [snapshot.status, snapshot.context.orderId, navigate]);

  const fieldError = (index: number, name: string) => violations.find((v) => v.field?.index === index && v.field.name === name);
  const general = violations.find((v) => !v.field);
  return (
    <Screen title={pkg?.name ?? t('cinema.package')} backTo={pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date })}>
      {pkg ? (
        <>
          <section className="card">
            <div className="card__title">
              <span>{pkg.name}</span>
              <span className="prices__amount">{t('cinema.perPerson', { price: formatMoney(pkg.price) })}</span>
            </div>
            <p className="card__sub">{pkg.intro}</p>
            <p className="muted">{date}</p>
          </section>
          <section className="card">
            <div className="card__title">{pkg.admission.hallName}</div>
            <Sessions
              name={pkg.admission.hallName}
              sessions={pkg.admission.sessions}
              chosen={admissionScheduleId}
              label={(s) => `${s.beginTime}-${s.endTime}`}
              onPick={(scheduleId) => send({ type: 'PICK_ADMISSION', scheduleId })}
            />
          </section>
          <section className="card">
            <div className="card__title">{pkg.film.hallName}</div>
            <Sessions
              name={pkg.film.hallName}
              sessions={pkg.film.sessions}
              chosen={filmScheduleId}
              label={(s) => `${s.beginTime} ${pkg.film.sessions.find((f) => f.hallScheduleId === s.hallScheduleId)?.film?.name ?? ''}`}
              onPick={(scheduleId) => send({ type: 'PICK_FILM', scheduleId })}
            />
            <p className="hint">{t('cinema.assigned')}</p>
          </section>
          {visitors.map((visitor, index) => (
            <VisitorCard
              key={index}
              index={index}
              visitor={visitor}
              errorOf={(field) => fieldError(index, field)?.message}
              onChange={(change) =>
                send(change.field === 'certificateType' ? { type: 'VISITOR.TYPE', index, value: change.value } : { type: 'VISITOR.CHANGE', index, ...change })
              }
              onRemove={canRemoveVisitor(visitors, index) ? () => send({ type: 'VISITOR.REMOVE', index }) : undefined}
            />
          ))}
          <AddVisitor visitors={visitors} onAdd={() => send({ type: 'VISITOR.ADD' })} />
          <Agreement accepted={agreementAccepted} onToggle={() => send({ type: 'AGREEMENT.TOGGLE' })} />
          {general || error ? <Refusal message={tr((general?.message ?? error)!)} /> : null}
          <FooterBar>
            <span className="footer-bar__sum">
              {t('review.total')} <strong>{formatMoney(pkg.price * visitors.length)}</strong>
            </span>
            <button type="button" className="btn btn--primary" disabled={!snapshot.matches('choosing')} onClick={() => send({ type: 'SUBMIT' })}>
              {t('review.submit')}
            </button>
          </FooterBar>
        </>
      ) : null}
      {snapshot.matches('failed') ? (
        <>
          {error ? <Refusal message={tr(error)} /> : null}
          <LoadFailed onRetry={() => send({ type: 'RETRY' })} />
        </>
      ) : null}
      <SliderSheet
        open={snapshot.matches('verifying')}
        onPassed={(token) => send({ type: 'SLIDER.PASSED', token })}
        onCancel={() => send({ type: 'SLIDER.CANCEL' })}
      />
      <LoadingOverlay
        show={snapshot.matches('loading') || snapshot.matches('submitting')}
        label={snapshot.matches('submitting') ? t('review.submitting') : undefined}
      />
    </Screen>
  );
}
