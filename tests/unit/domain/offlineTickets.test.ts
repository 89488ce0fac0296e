import { describe, expect, it } from 'vitest';
import { bookOfUpcoming, bookWithOrder, bookWithout, liveTicketsOf, shownOffline } from '../../../src/domain/offlineTickets.ts';
import type { OrderDetail } from '../../../src/domain/types.ts';

type Ticket = OrderDetail['tickets'][number];

const ticket = (ticketId: number, over: Partial<Ticket> = {}): Ticket => ({
  ticketId,
  userName: '王小明',
  certificateType: '1',
  certificateInfo: '1101**********1234',
  ticketName: '成人票',
  price: 3000,
  status: 'toBeChecked',
  qrCode: `qr-${ticketId}`,
  ...over,
});

const order = (orderId: number, visitDate: string, tickets: Ticket[], beginTime = '09:00'): OrderDetail => ({
  orderId,
  orderNumber: `N${orderId}`,
  status: 'completed',
  amount: 3000 * tickets.length,
  ticketNum: tickets.length,
  createTime: '2030-03-01 10:00:00',
  visitDate,
  hallName: '主展厅',
  beginTime,
  endTime: '12:00',
  isCandidate: false,
  candidate: null,
  payDeadline: null,
  payTime: '2030-03-01 10:01:00',
  tickets,
});

const TODAY = '2030-03-05';

describe('the tickets a phone keeps for a gate without signal', () => {
  it('are those still to check, with a QR, the visitor masked and nothing of the certificate', () => {
    const kept = liveTicketsOf(
      order(1, TODAY, [
        ticket(1),
        ticket(2, { status: 'refunded' }),
        ticket(3, { status: 'checked' }),
        ticket(4, { qrCode: null }),
        ticket(5, { userName: '李四' }),
      ]),
      100,
    );
    expect(kept.map((t) => [t.ticketId, t.visitor])).toEqual([
      [1, '王*明'],
      [5, '李*'],
    ]);
    expect(JSON.stringify(kept)).not.toMatch(/王小明|1101/);
  });

  it("carry the ticket's own session after a date change", () => {
    const [moved] = liveTicketsOf(order(1, TODAY, [ticket(1, { visitDate: '2030-03-07', beginTime: '14:00', endTime: '16:00', hallName: '儿童乐园' })]), 100);
    expect(moved).toMatchObject({ visitDate: '2030-03-07', beginTime: '14:00', endTime: '16:00', hallName: '儿童乐园' });
  });

  it('of the whole list: today and the coming days, soonest first; past days and refunded tickets not', () => {
    const book = bookOfUpcoming(
      '7',
      [order(2, '2030-03-06', [ticket(20)]), order(1, TODAY, [ticket(10)], '14:00'), order(3, '2030-03-04', [ticket(30)])],
      TODAY,
      100,
    );
    expect(book.account).toBe('7');
    expect(book.tickets.map((t) => t.ticketId)).toEqual([10, 20]);
  });

  it('one order answered replaces only its own tickets: a refund online takes the ticket away', () => {
    const book = bookOfUpcoming('7', [order(1, TODAY, [ticket(10), ticket(11)]), order(2, '2030-03-06', [ticket(20)])], TODAY, 100);
    const refunded = bookWithOrder(book, '7', order(1, TODAY, [ticket(10), ticket(11, { status: 'refunded' })]), TODAY, 200);
    expect(refunded.tickets.map((t) => [t.ticketId, t.savedAt])).toEqual([
      [10, 200],
      [20, 100],
    ]);
    expect(bookWithout(refunded, [10]).tickets.map((t) => t.ticketId)).toEqual([20]);
  });

  it("never mix accounts: another account's order replaces the book, and a book is shown only to its account", () => {
    const ana = bookOfUpcoming('7', [order(1, TODAY, [ticket(10)])], TODAY, 100);
    const bo = bookWithOrder(ana, '8', order(2, TODAY, [ticket(20)]), TODAY, 200);
    expect(bo).toMatchObject({ account: '8', tickets: [{ ticketId: 20 }] });
    expect(shownOffline(ana, '8', TODAY).tickets).toEqual([]);
    expect(shownOffline(ana, null, TODAY).tickets).toEqual([]);
    expect(shownOffline(ana, '7', TODAY).tickets.map((t) => t.ticketId)).toEqual([10]);
  });

  it('shown offline: a day gone by is no longer shown, and "last updated" is the oldest confirmation', () => {
    const book = bookWithOrder(bookOfUpcoming('7', [order(1, TODAY, [ticket(10)])], TODAY, 100), '7', order(2, '2030-03-06', [ticket(20)]), TODAY, 300);
    expect(shownOffline(book, '7', TODAY)).toMatchObject({ since: 100 });
    expect(shownOffline(book, '7', '2030-03-06')).toMatchObject({ tickets: [{ ticketId: 20 }], since: 300 });
    expect(shownOffline(book, '7', '2030-03-07')).toEqual({ tickets: [], since: null });
  });
});
