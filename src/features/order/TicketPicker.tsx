import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../domain/types.ts';

/** The ticket checkboxes of the refund and date-change sheets; `frozen` while the selection is
 * being checked (a tick then would be dropped by the sheet's machine and spring back). */
export function TicketPicker(props: {
  order: OrderDetail;
  selectable: number[];
  selected: number[];
  onToggle: (ticketId: number) => void;
  onAll: () => void;
  frozen?: boolean;
}) {
  const { t } = useTranslation();
  const { order, selectable, selected, onToggle, onAll, frozen = false } = props;
  return (
    <div className="stack">
      <label className="pick-row">
        <input type="checkbox" disabled={frozen} checked={selectable.length > 0 && selected.length === selectable.length} onChange={onAll} />
        <span>{t('cart.all')}</span>
      </label>
      {order.tickets.map((ticket) => (
        <label key={ticket.ticketId} className="pick-row">
          <input
            type="checkbox"
            disabled={frozen || !selectable.includes(ticket.ticketId)}
            checked={selected.includes(ticket.ticketId)}
            onChange={() => onToggle(ticket.ticketId)}
          />
          <span className="pick-row__text">
            <strong>{ticket.userName}</strong> <span className="muted">{ticket.ticketName}</span>
          </span>
          <span className="tag">{t(`ticketStatus.${ticket.status}`)}</span>
        </label>
      ))}
    </div>
  );
}
