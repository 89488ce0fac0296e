/** The phone's kept tickets (src/api/offlineTickets.ts): per account, gone at logout, a refunded ticket gone at once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropTickets, keepOrder, keepUpcoming, keptTickets } from '../../../src/api/offlineTickets.ts';
import { clearToken, setToken } from '../../../src/api/session.ts';
import { museumDate } from '../../../src/domain/museumTime.ts';
import type { OrderDetail } from '../../../src/domain/types.ts';

const stored = new Map<string, string>();
let cookies = new Map<string, string>();

beforeEach(() => {
  stored.clear();
  cookies = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  });
  vi.stubGlobal('location', { protocol: 'http:' });
  vi.stubGlobal('document', {
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...flags] = line.split('; ');
      const [name, value] = pair.split('=');
      if (flags.includes('max-age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A token as the server signs it: only its `sub` is read on the phone. */
const tokenOf = (userId: number) => `e30.${btoa(JSON.stringify({ sub: String(userId), kind: 'individual' })).replace(/=+$/, '')}.sig`;
const loginAs = (userId: number) => setToken('individual', tokenOf(userId));

const today = museumDate(new Date());
const order = (orderId: number, ticketIds: number[], status: 'toBeChecked' | 'refunded' = 'toBeChecked'): OrderDetail => ({
  orderId,
  orderNumber: `N${orderId}`,
  status: 'completed',
  amount: 0,
  ticketNum: ticketIds.length,
  createTime: `${today} 08:00:00`,
  visitDate: today,
  hallName: 'Main hall',
  beginTime: '23:00',
  endTime: '23:59',
  isCandidate: false,
  candidate: null,
  payDeadline: null,
  payTime: null,
  tickets: ticketIds.map((ticketId) => ({
    ticketId,
    userName: 'Ana Lima',
    certificateType: '2',
    certificateInfo: 'E1****78',
    ticketName: 'Adult',
    price: 0,
    status,
    qrCode: `qr-${ticketId}`,
  })),
});
const shown = () => keptTickets().tickets.map((t) => t.ticketId);

describe("the phone's kept tickets", () => {
  it("are one account's: another account on the same phone sees none of them", () => {
    loginAs(7);
    keepUpcoming([order(1, [10, 11])]);
    expect(shown()).toEqual([10, 11]);
    loginAs(8);
    expect(shown()).toEqual([]);
    keepOrder(order(2, [20]));
    expect(shown()).toEqual([20]);
    loginAs(7);
    expect(shown()).toEqual([]);
  });

  it('hold the masked visitor and the QR, nothing of the certificate', () => {
    loginAs(7);
    keepOrder(order(1, [10]));
    expect(stored.get('offlineTickets')).toMatch(/"visitor":"A\*+a"/);
    expect(stored.get('offlineTickets')).not.toMatch(/Ana Lima|E1\*/);
  });

  it('go at logout', () => {
    loginAs(7);
    keepUpcoming([order(1, [10])]);
    clearToken('individual');
    expect(stored.has('offlineTickets')).toBe(false);
    loginAs(7);
    expect(shown()).toEqual([]);
  });

  it('lose a refunded ticket at once, and at the next answer of its order', () => {
    loginAs(7);
    keepUpcoming([order(1, [10, 11]), order(2, [20])]);
    dropTickets([10]);
    expect(shown()).toEqual([11, 20]);
    keepOrder(order(2, [20], 'refunded'));
    expect(shown()).toEqual([11]);
    keepUpcoming([]);
    expect(shown()).toEqual([]);
  });

  it('are none without a login, and a broken store reads as none', () => {
    keepUpcoming([order(1, [10])]);
    expect(stored.has('offlineTickets')).toBe(false);
    loginAs(7);
    stored.set('offlineTickets', '{not json');
    expect(shown()).toEqual([]);
  });
});
