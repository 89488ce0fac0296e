/** team/select/addAudienceSure: the group order's summary (hall, day, session, leader, who
 * comes), its tickets with the free ones and the price as the group rules compute them, how it
 * is paid (online now, or at the window by two days before the visit), the agreement, the
 * slider, then the order; or, but for a dome's group, into the team's cart. The server prices
 * it again and refuses a total that changed. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { chosenGroupSession, groupCartable, groupQuote, isSchoolDraft, picksGroupSeats, windowPayOffered } from '../../../machines/groupDraft.machine.ts';
import { maskCertificate, maskPhone } from '../../domain/certificates.ts';
import { agencyPriceApplies, windowPayLastDay, type GroupRole } from '../../domain/groupRules.ts';
import { OFFLINE_PAY_DAYS_BEFORE } from '../../domain/limits.ts';
import { tr } from '../../i18n/index.ts';
import { Agreement, SliderSheet } from '../../widgets/Agreement.tsx';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useGroupDraft, useGroupPath, useGroupScreen } from './groupDraft.ts';
import './team.css';

const ROLE_LABELS: Record<GroupRole, string> = {
  student: 'group.student',
  teacher: 'group.teacherRole',
  leader: 'group.leaderRole',
  visitor: 'group.visitor',
  child: 'group.child',
};

export default function GroupSure() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useGroupScreen('review', navigate);
  const context = useGroupDraft((s) => s.context);
  const verifying = useGroupDraft((s) => s.matches('slider'));
  const submitting = useGroupDraft((s) => s.matches('submitting'));
  const carting = useGroupDraft((s) => s.matches('carting'));
  const chosen = chosenGroupSession(context);
  const quote = groupQuote(context);
  const { draft, setting } = context;
  const school = isSchoolDraft(context);
  const refusal = context.error ?? context.violations[0]?.message ?? null;
  const back = useGroupPath(school ? 'teachers' : 'audience');
  const windowOpen = windowPayOffered(context);
  const lastWindowDay = windowPayLastDay(draft.visitDate);

  return (
    <Screen title={t('group.sureTitle')} backTo={back}>
      <section className="card">
        <dl className="info-list">
          <div className="info-row">
            <dt>{t('group.hall')}</dt>
            <dd>{chosen?.hall.name}</dd>
          </div>
          <div className="info-row">
            <dt>{t('group.date')}</dt>
            <dd>{draft.visitDate}</dd>
          </div>
          <div className="info-row">
            <dt>{t('group.session')}</dt>
            <dd>
              {chosen?.session.beginTime}-{chosen?.session.endTime}
            </dd>
          </div>
          {chosen?.hall.cinema ? (
            <div className="info-row">
              <dt>{t('group.seats')}</dt>
              <dd data-testid="group-seats">
                {context.seatPlaces.length > 0
                  ? t('group.seatsChosen', { n: context.seatPlaces.length, rows: [...new Set(context.seatPlaces.map((p) => p.rowLabel))].join(', ') })
                  : t('group.seatsTogether')}
                {picksGroupSeats(context) ? (
                  <button type="button" className="link group-seats__choose" onClick={() => actor.send({ type: 'CHOOSE_SEATS' })}>
                    {t(context.seats.length > 0 ? 'group.changeSeats' : 'group.chooseSeats')}
                  </button>
                ) : null}
              </dd>
            </div>
          ) : null}
          <div className="info-row">
            <dt>{t('group.leader')}</dt>
            <dd>
              {draft.leader.name} · {maskCertificate(draft.leader.certificateNumber)} · {maskPhone(draft.leader.phone)}
            </dd>
          </div>
        </dl>
      </section>
      {quote ? (
        <section className="card stack" data-testid="group-quote">
          <div className="card__title">{t('group.people', { n: quote.size })}</div>
          {quote.lines.map((line) => (
            <div key={`${line.role}-${line.free}`} className="group-line">
              <span className="group-line__who">
                {t(line.free && line.role === 'child' ? 'group.freeChild' : ROLE_LABELS[line.role])} × {line.count}
              </span>
              <span>{line.free ? t('common.free') : formatMoney(line.amount)}</span>
            </div>
          ))}
          {setting && school ? <p className="hint">{t('group.freeQuota', { n: setting.freeStudentQuota })}</p> : null}
          {setting && agencyPriceApplies(setting) ? <p className="hint">{t('group.agencyPrice', { p: setting.agencyDiscountPercent })}</p> : null}
        </section>
      ) : null}
      <section className="card">
        <div className="card__title">{t('group.payMethod')}</div>
        <div className="pay-methods" role="radiogroup" aria-label={t('group.payMethod')}>
          {(['online', 'window'] as const).map((method) => {
            // Past its last day the window is shown closed, with why, not refused at placing.
            const closed = method === 'window' && !windowOpen;
            return (
              <label key={method} className={`session${draft.payMethod === method ? ' session--on' : ''}${closed ? ' session--off' : ''}`}>
                <input
                  type="radio"
                  name="payMethod"
                  checked={draft.payMethod === method}
                  disabled={closed}
                  aria-describedby={closed ? 'window-closed' : undefined}
                  onChange={() => actor.send({ type: 'PAY_METHOD.CHANGE', value: method })}
                />
                <span>{t(method === 'online' ? 'group.payOnline' : 'group.payWindow')}</span>
              </label>
            );
          })}
        </div>
        {!windowOpen ? (
          <p className="hint" id="window-closed" data-testid="window-closed">
            {t('group.windowClosed', { date: lastWindowDay, n: OFFLINE_PAY_DAYS_BEFORE })}
          </p>
        ) : draft.payMethod === 'window' ? (
          <p className="hint">{t('group.windowHint', { date: lastWindowDay })}</p>
        ) : null}
      </section>
      <Agreement accepted={context.agreementAccepted} onToggle={() => actor.send({ type: 'AGREEMENT.TOGGLE' })} />
      {refusal ? <Refusal message={tr(refusal)} /> : null}
      <FooterBar>
        <span className="footer-bar__sum">
          {t('group.sum')} <strong>{quote ? formatMoney(quote.total) : '--'}</strong>
        </span>
        {groupCartable(context) ? (
          <button type="button" className="btn" disabled={!quote || carting || submitting} onClick={() => actor.send({ type: 'ADD_TO_CART' })}>
            {t('group.addToCart')}
          </button>
        ) : null}
        <button type="button" className="btn btn--primary" disabled={!quote || submitting || carting} onClick={() => actor.send({ type: 'SUBMIT' })}>
          {t('group.submit')}
        </button>
      </FooterBar>
      <SliderSheet open={verifying} onPassed={(token) => actor.send({ type: 'SLIDER.PASSED', token })} onCancel={() => actor.send({ type: 'SLIDER.CANCEL' })} />
      <LoadingOverlay show={submitting || carting} label={submitting ? t('group.submitting') : carting ? t('group.carting') : undefined} />
    </Screen>
  );
}
