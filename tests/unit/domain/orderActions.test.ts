import { describe, expect, it } from 'vitest';
import { orderActions } from '../../../src/domain/orderActions.ts';
import type { OrderDetail, TicketStatus } from '../../../src/domain/types.ts';

const order = (status: OrderDetail['status'], tickets: TicketStatus[], shortLinkFlag: string | null = null): OrderDetail => ({
  orderId: 1,
  orderNumber: 'P'.padEnd(23, '0'),
  status,
  amount: 3000,
  ticketNum: tickets.length,
  createTime: '2026-11-22 10:00:00',
  visitDate: '2026-11-24',
  hallName: 'Main',
  beginTime: '09:00',
  endTime: '12:00',
  isCandidate: false,
  candidate: null,
  payDeadline: null,
  payTime: null,
  shortLinkFlag,
  tickets: tickets.map((s, i) => ({
    ticketId: i + 1,
    userName: 'A',
    certificateType: '1',
    certificateInfo: '1101**********1234',
    ticketName: 'Adult',
    price: 3000,
    status: s,
    qrCode: null,
  })),
});

describe('orderActions', () => {
  it('an unpaid order can be paid or cancelled, nothing else', () => {
    expect(orderActions(order('toBePaid', ['toBePaid']))).toEqual({
      pay: true,
      cancel: true,
      refund: false,
      rebook: false,
      invoice: false,
      share: false,
    });
  });
  it('a paid order with valid tickets can be refunded, changed, invoiced and shared', () => {
    expect(orderActions(order('completed', ['toBeChecked', 'checked'], 'flag'))).toEqual({
      pay: false,
      cancel: false,
      refund: true,
      rebook: true,
      invoice: true,
      share: true,
    });
  });
  it('once every ticket is used or gone, only the invoice remains', () => {
    expect(orderActions(order('partlyRefunded', ['checked', 'refunded']))).toMatchObject({ refund: false, rebook: false, invoice: true });
    expect(orderActions(order('refunded', ['refunded']))).toMatchObject({ refund: false, invoice: false });
    expect(orderActions(order('canceled', ['canceled']))).toMatchObject({ pay: false, cancel: false, invoice: false });
  });
});
