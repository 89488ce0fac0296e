/** A visitor's ticket type: one chip per price of the session (its name and amount, or free),
 * with the rule it breaks under it. Inside a VisitorCard (addAudience, the waiting list). */
import { useTranslation } from 'react-i18next';
import type { Text } from '../../domain/text.ts';
import type { PricePool } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { formatMoney } from '../../ui/money.ts';

export function TicketTypes({
  index,
  prices,
  chosen,
  error,
  onChoose,
}: {
  index: number;
  prices: readonly PricePool[];
  chosen: number | null;
  error?: Text;
  onChoose: (ticketPriceId: number) => void;
}) {
  const { t } = useTranslation();
  // A free type named free ("Free child", 免费儿童票) says so once.
  const priceText = (price: PricePool) =>
    price.price !== 0 ? formatMoney(price.price) : price.name.toLowerCase().includes(t('common.free').toLowerCase()) ? '' : t('common.free');
  return (
    <div className="ticket-types" role="radiogroup" aria-label={t('addAudience.ticketType')}>
      <span className="ticket-types__label">{t('addAudience.ticketType')}</span>
      {prices.map((price) => (
        <label key={price.ticketPriceId} className={`chip${chosen === price.ticketPriceId ? ' chip--on' : ''}`}>
          <input type="radio" name={`ticket-${index}`} checked={chosen === price.ticketPriceId} onChange={() => onChoose(price.ticketPriceId)} />
          {price.name} {priceText(price)}
        </label>
      ))}
      {error ? <p className="error-text">{tr(error)}</p> : null}
    </div>
  );
}
