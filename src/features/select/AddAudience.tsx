/** select/addAudience/{id}: up to 4 visitors with name, certificate and ticket type. Every
 * rule is the machine's (src/domain); this screen shows the violations where they belong. */
import '../../ui/vant.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { chosenHall, chosenSession } from '../../../machines/purchase.machine.ts';
import { canAddVisitor, canRemoveVisitor } from '../../../machines/visitorList.ts';
import { VISITORS_PER_ORDER_INDIVIDUAL } from '../../domain/limits.ts';
import type { Violation, VisitorDraft } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { QueueCountdown } from './QueueRoom.tsx';
import { ContactPick } from './ContactPick.tsx';
import { TicketTypes } from './TicketTypes.tsx';
import { CouponPick } from './CouponPick.tsx';
import { getCoupons } from '../../api/couponCalls.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { VisitorCard } from './VisitorCard.tsx';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';

export default function AddAudience() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = usePurchaseScreen('visitors', navigate);
  const visitors = usePurchase((s) => s.context.visitors);
  const violations = usePurchase((s) => s.context.violations);
  const hall = usePurchase((s) => chosenHall(s.context));
  const session = usePurchase((s) => chosenSession(s.context));
  const date = usePurchase((s) => s.context.date);
  const general = violations.filter((v) => !v.field);
  // Her coupons to choose from; without them (or when they cannot be read) no choice is shown.
  const coupons = useLoad(() => getCoupons(true), []).data;

  const fieldError = (index: number, name: keyof VisitorDraft) => violations.find((v) => v.field?.index === index && v.field.name === name)?.message;

  return (
    <Screen
      title={t('addAudience.title')}
      backTo={hall?.cinema ? pathTo(INDIVIDUAL_PATHS.cinemaSelect, { id: hall.hallId }) : pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date })}
    >
      <QueueCountdown />
      <div className="card row">
        <span>
          <strong>{hall?.name}</strong>
          <br />
          <span className="muted">
            {date} {session?.beginTime}-{session?.endTime}
          </span>
        </span>
        <span className="tag tag--ok">{t('day.left', { n: session?.ticketPool ?? 0 })}</span>
      </div>
      {visitors.map((visitor, index) => (
        <VisitorCard
          key={index}
          index={index}
          visitor={visitor}
          errorOf={(field) => fieldError(index, field)}
          onChange={(change) => actor.send({ type: 'VISITOR.CHANGE', index, ...change })}
          onRemove={canRemoveVisitor(visitors, index) ? () => actor.send({ type: 'VISITOR.REMOVE', index }) : undefined}
        >
          <ContactPick
            onPick={(person) => {
              actor.send({ type: 'VISITOR.CHANGE', index, field: 'name', value: person.name });
              actor.send({ type: 'VISITOR.CHANGE', index, field: 'certificateType', value: person.certificateType });
              actor.send({ type: 'VISITOR.CHANGE', index, field: 'certificateNumber', value: person.certificateNumber });
            }}
          />
          <TicketTypes
            index={index}
            prices={session?.priceTicketPoolVOS ?? []}
            chosen={visitor.ticketPriceId}
            error={fieldError(index, 'ticketPriceId')}
            onChoose={(value) => actor.send({ type: 'VISITOR.CHANGE', index, field: 'ticketPriceId', value })}
          />
          <CouponPick
            index={index}
            coupons={coupons?.valid ?? []}
            hallId={hall?.hallId ?? null}
            price={session?.priceTicketPoolVOS.find((p) => p.ticketPriceId === visitor.ticketPriceId)}
            chosen={visitor.coupon}
            chosenByOthers={visitors.filter((_, i) => i !== index).map((v) => v.coupon)}
            error={fieldError(index, 'coupon')}
            onChoose={(value) => actor.send({ type: 'VISITOR.CHANGE', index, field: 'coupon', value })}
          />
        </VisitorCard>
      ))}
      {canAddVisitor(visitors) ? (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => actor.send({ type: 'VISITOR.ADD' })}>
          + {t('addAudience.add', { max: VISITORS_PER_ORDER_INDIVIDUAL })}
        </button>
      ) : (
        <p className="hint">{t('addAudience.max', { max: VISITORS_PER_ORDER_INDIVIDUAL })}</p>
      )}
      <GeneralViolations list={general} />
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" onClick={() => actor.send({ type: 'CONFIRM' })}>
          {t('common.next')}
        </button>
      </FooterBar>
    </Screen>
  );
}

function GeneralViolations({ list }: { list: Violation[] }) {
  if (list.length === 0) return null;
  return (
    <div className="notice-bar notice-bar--danger" role="alert">
      <ul className="violations">
        {list.map((v) => (
          <li key={v.rule}>{tr(v.message)}</li>
        ))}
      </ul>
    </div>
  );
}
