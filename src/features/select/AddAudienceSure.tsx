/** select/addAudienceSure: review, the price from the server, the agreement, the slider,
 * then the order. Risk refusals and code 502 are the machine's states (docs/product.md §4). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { chosenHall, chosenSession } from '../../../machines/purchase.machine.ts';
import { maskCertificate } from '../../domain/certificates.ts';
import { seatText } from '../../domain/seats.ts';
import { tr } from '../../i18n/index.ts';
import { alert, confirm } from '../../ui/feedback.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { formatMoney } from '../../ui/money.ts';
import { RichText } from '../../ui/RichText.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { Agreement, SliderSheet } from '../../widgets/Agreement.tsx';
import { usePurchase, usePurchaseScreen } from './purchase.tsx';
import { QueueCountdown } from './QueueRoom.tsx';
import { useCertificateTypes } from '../../widgets/useCertificateTypes.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { useFirstOrderTips } from './useFirstOrderTips.ts';

export default function AddAudienceSure() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [, navigate] = useLocation();
  const actor = usePurchaseScreen('review', navigate);
  const context = usePurchase((s) => s.context);
  const pricing = usePurchase((s) => s.matches({ review: 'pricing' }));
  const priceFailed = usePurchase((s) => s.matches({ review: 'failed' }));
  const verifying = usePurchase((s) => s.matches({ review: 'verifying' }));
  const submitting = usePurchase((s) => s.matches({ review: 'submitting' }));
  const riskRejected = usePurchase((s) => s.matches({ review: 'riskRejected' }));
  const placedOrder = usePurchase((s) => (s.matches('placed') ? s.context.orderId : null));
  const carted = usePurchase((s) => s.matches('carted'));
  const cartConflict = usePurchase((s) => s.matches({ review: 'cartConflict' }));
  const addingToCart = usePurchase((s) => s.matches({ review: 'addingToCart' }) || s.matches({ review: 'emptyingCart' }));
  const certificateTypes = useCertificateTypes();
  const hall = chosenHall(context);
  const session = chosenSession(context);
  const quote = context.quote;
  const firstOrder = useFirstOrderTips(settings.texts.first_order_tips);

  useEffect(() => {
    if (placedOrder == null) return;
    navigate(pathTo(INDIVIDUAL_PATHS.payOrder, { id: placedOrder }), { replace: true });
    actor.send({ type: 'RESET' });
  }, [placedOrder, navigate, actor]);

  useEffect(() => {
    if (!carted) return;
    navigate(INDIVIDUAL_PATHS.shoppingCart, { replace: true });
    actor.send({ type: 'RESET' });
  }, [carted, navigate, actor]);

  useEffect(() => {
    if (!cartConflict) return;
    void confirm({
      title: t('cart.otherDateTitle'),
      message: t('cart.otherDateMessage'),
      confirmButtonText: t('cart.emptyIt'),
      cancelButtonText: t('common.cancel'),
    }).then((empty) => actor.send({ type: empty ? 'EMPTY_CART' : 'DISMISS' }));
  }, [cartConflict, actor, t]);

  useEffect(() => {
    if (!riskRejected) return;
    void alert({ title: t('review.riskTitle'), message: context.riskPrompt ?? '', confirmButtonText: t('common.ok') }).then(() =>
      actor.send({ type: 'DISMISS' }),
    );
  }, [riskRejected, context.riskPrompt, actor, t]);

  const typeLabel = (value: string) => certificateTypes.find((o) => o.dictValue === value)?.dictLabel ?? '';

  return (
    <Screen
      title={t('review.title')}
      backTo={pathTo(hall?.cinema ? INDIVIDUAL_PATHS.cinemaAddAudience : INDIVIDUAL_PATHS.addAudience, { id: context.hallScheduleId ?? 0 })}
    >
      <QueueCountdown />
      <section className="card stack">
        <div className="card__title">{hall?.name}</div>
        <div className="row">
          <span className="muted">{t('review.date')}</span>
          <span>{context.date}</span>
        </div>
        <div className="row">
          <span className="muted">{t('review.session')}</span>
          <span>
            {session?.beginTime}-{session?.endTime}
          </span>
        </div>
        {hall?.cinema ? (
          <div className="row">
            <span className="muted">{t('cinema.seats')}</span>
            {context.seatPlaces.length > 0 ? (
              <span className="review-seats" data-testid="review-seats">
                {context.seatPlaces.map((p) => tr(seatText(p))).join(' · ')}
              </span>
            ) : (
              <span className="hint">{t('cinema.assigned')}</span>
            )}
          </div>
        ) : null}
        {context.seatPlaces.length > 0 ? (
          <button type="button" className="link review-change-seats" onClick={() => actor.send({ type: 'CHANGE_SEATS' })}>
            {t('cinema.changeSeats')}
          </button>
        ) : null}
      </section>
      <section className="card stack">
        <div className="card__title">{t('review.visitors', { n: context.visitors.length })}</div>
        {context.visitors.map((visitor, index) => (
          <div key={index} className="review-visitor">
            <strong>{visitor.name}</strong>
            <span className="muted">
              {typeLabel(visitor.certificateType)} {maskCertificate(visitor.certificateNumber)}
            </span>
            <span className="tag">{session?.priceTicketPoolVOS.find((p) => p.ticketPriceId === visitor.ticketPriceId)?.name}</span>
            {visitor.coupon ? <span className="tag tag--ok">{t('review.coupon', { code: visitor.coupon })}</span> : null}
          </div>
        ))}
      </section>
      <section className="card stack">
        <div className="card__title">{t('review.price')}</div>
        {priceFailed ? (
          <div className="row">
            <span className="error-text">{context.error ? tr(context.error) : t('errors.unknown')}</span>
            <button type="button" className="link" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {quote?.lines.map((line) => (
          <div key={line.ticketPriceId} className="row">
            <span>
              {line.name} × {line.count}
            </span>
            <span>{formatMoney(line.amount)}</span>
          </div>
        ))}
        {quote && quote.discount > 0 ? (
          <div className="row" data-testid="discount">
            <span>{t('review.discount')}</span>
            <span className="error-text">-{formatMoney(quote.discount)}</span>
          </div>
        ) : null}
      </section>
      {settings.texts.buy_tips ? (
        <section className="card">
          <div className="card__title">{t('review.buyTips')}</div>
          <RichText html={settings.texts.buy_tips} />
        </section>
      ) : null}
      <Agreement accepted={context.agreementAccepted} onToggle={() => actor.send({ type: 'AGREEMENT.TOGGLE' })} />
      {context.error && !priceFailed ? <Refusal message={tr(context.error)} /> : null}
      <FooterBar>
        <span className="footer-bar__sum">
          {t('review.total')} <strong>{quote ? formatMoney(quote.total) : '--'}</strong>
        </span>
        <button type="button" className="btn btn--ghost" disabled={!quote || submitting || addingToCart} onClick={() => actor.send({ type: 'ADD_TO_CART' })}>
          {t('cart.add')}
        </button>
        <button type="button" className="btn btn--primary" disabled={!quote || submitting || addingToCart} onClick={() => actor.send({ type: 'SUBMIT' })}>
          {t('review.submit')}
        </button>
      </FooterBar>
      <SliderSheet open={verifying} onPassed={(token) => actor.send({ type: 'SLIDER.PASSED', token })} onCancel={() => actor.send({ type: 'SLIDER.CANCEL' })} />
      <LoadingOverlay show={pricing || submitting || addingToCart} label={submitting ? t('review.submitting') : undefined} />
      <Sheet
        open={firstOrder.open}
        centered
        title={t('review.firstOrderTitle')}
        onClose={firstOrder.close}
        footer={
          <button type="button" className="btn btn--primary btn--block" onClick={firstOrder.close}>
            {t('review.firstOrderOk')}
          </button>
        }
      >
        <RichText html={settings.texts.first_order_tips ?? ''} />
      </Sheet>
    </Screen>
  );
}
