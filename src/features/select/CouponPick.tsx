/** A visitor's coupon on the add-visitor screen (docs/product.md §2 "optionally ... coupons"): none, or one
 * of her valid coupons that applies to this ticket and that no other visitor has chosen
 * (src/domain/coupons.ts). Shown only when she has valid coupons; the server's price applies it. */
import { useTranslation } from 'react-i18next';
import { couponsForTicket } from '../../domain/coupons.ts';
import type { Text } from '../../domain/text.ts';
import type { CouponView, PricePool } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { formatMoney } from '../../ui/money.ts';

export function CouponPick({
  index,
  coupons,
  hallId,
  price,
  chosen,
  chosenByOthers,
  error,
  onChoose,
}: {
  index: number;
  coupons: readonly CouponView[];
  hallId: number | null;
  price: PricePool | undefined;
  chosen: string | null | undefined;
  chosenByOthers: ReadonlyArray<string | null | undefined>;
  error?: Text;
  onChoose: (code: string | null) => void;
}) {
  const { t } = useTranslation();
  if (!coupons.some((c) => c.state === 'valid')) return null;
  const options = couponsForTicket(coupons, hallId !== null && price ? { hallId, priceKind: price.kind } : null, chosenByOthers);
  // A coupon chosen before the ticket type changed stays listed, so the server's refusal names it.
  const current = coupons.find((c) => c.code === chosen);
  const listed = current && !options.includes(current) ? [current, ...options] : options;
  const worth = (c: CouponView) => (c.kind === 'free' ? t('addAudience.couponFree') : t('addAudience.couponOff', { amount: formatMoney(c.amount) }));
  return (
    <label className="coupon-pick">
      <span className="ticket-types__label">{t('addAudience.coupon')}</span>
      <select
        className="coupon-pick__select"
        name={`coupon-${index}`}
        value={chosen ?? ''}
        onChange={(e) => onChoose(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{listed.length > 0 ? t('addAudience.couponNone') : t('addAudience.couponNoneFits')}</option>
        {listed.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} · {worth(c)}
          </option>
        ))}
      </select>
      {error ? <p className="error-text">{tr(error)}</p> : null}
    </label>
  );
}
