/** individualCustomers/personalCenter/coupon: the visitor's coupons (docs/product.md §2, §7 bindCoupon,
 * getCoupon). She redeems a printed code (bound to her account from then on) and reads her
 * coupons as valid, used and expired, each with what it is worth, where and until when. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindCoupon, getCoupons } from '../../api/couponCalls.ts';
import { checkCodeFormat, type CouponState } from '../../domain/coupons.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import type { Text } from '../../domain/text.ts';
import type { CouponView } from '../../domain/types.ts';
import { errorText } from '../../../machines/errors.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/vant.ts';
import '../../ui/centre.css';

const TABS: CouponState[] = ['valid', 'used', 'expired'];

export default function Coupons() {
  const { t } = useTranslation();
  const { data, failed, loading, reload } = useLoad(() => getCoupons(), []);
  const [tab, setTab] = useState<CouponState>('valid');
  const [code, setCode] = useState('');
  const [error, setError] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);

  const redeem = async () => {
    const refused = checkCodeFormat(code);
    if (refused) return setError(refused);
    setBusy(true);
    try {
      const bound = await bindCoupon(code);
      toastInfo(t('centre.couponBound', { name: bound.name }));
      setCode('');
      setTab('valid');
      reload();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const list = data?.[tab] ?? [];
  return (
    <Screen title={t('centre.coupons')} backTo={INDIVIDUAL_PATHS.personHome}>
      <section className="card centre-email">
        <Field
          type="text"
          label={t('centre.couponCode')}
          placeholder={t('centre.couponPlaceholder')}
          value={code}
          maxLength={32}
          onChange={(value) => (setCode(value), setError(null))}
        />
        {error ? <Refusal message={tr(error)} /> : null}
        <div className="centre-email__actions">
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void redeem()}>
            {t('centre.couponBind')}
          </button>
        </div>
      </section>
      <p className="hint centre-hint">{t('centre.couponHint')}</p>
      <div className="coupon-tabs" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`coupon-tab${tab === name ? ' coupon-tab--on' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(`centre.couponTabs.${name}`)} {data ? `(${data[name].length})` : ''}
          </button>
        ))}
      </div>
      {list.map((c) => (
        <CouponCard key={c.couponId} coupon={c} />
      ))}
      {data && list.length === 0 ? <div className="empty-state">{t(`centre.couponEmpty.${tab}`)}</div> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}

function CouponCard({ coupon: c }: { coupon: CouponView }) {
  const { t } = useTranslation();
  const kinds = c.priceKinds ? c.priceKinds.map((k) => t(`centre.couponKinds.${k}`)).join(' / ') : t('centre.couponAnyTicket');
  return (
    <section className={`card coupon-card coupon-card--${c.state}`} data-testid="coupon">
      <div className="coupon-card__worth">{c.kind === 'free' ? t('centre.couponFree') : t('centre.couponOff', { amount: formatMoney(c.amount) })}</div>
      <div className="coupon-card__body">
        <div className="card__title">{c.name}</div>
        <div className="hint">{t('centre.couponWhere', { what: kinds })}</div>
        <div className="hint">{t('centre.couponValidity', { from: c.startDate, to: c.endDate })}</div>
        <div className="coupon-card__code">{c.code}</div>
      </div>
    </section>
  );
}
