/** A cart line as getShoppingCart answers it: held, or expired. */
import type { CartLine } from '../../src/domain/types.ts';

export const cartLine = (cartTicketId: number, expired = false): CartLine => ({
  cartTicketId,
  hallId: 1,
  hallName: 'Main hall',
  hallScheduleId: 11,
  visitDate: '2026-12-01',
  beginTime: '09:00',
  endTime: '12:00',
  userName: 'Zhang San',
  certificateType: '1',
  certificateInfo: '1101**********1237',
  ticketPriceId: 1,
  ticketName: 'Adult',
  price: 3000,
  deadline: 1_000_000,
  expired,
  status: expired ? 'expired' : 'held',
});
