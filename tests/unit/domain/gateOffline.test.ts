import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  afterSync,
  checkedAtOf,
  gateDigest,
  offlineVerdict,
  queueItem,
  scanText,
  type GateDay,
  type GateDayTicket,
  type GateQueueItem,
} from '../../../src/domain/gateOffline.ts';
import type { Text } from '../../../src/domain/text.ts';

const ticket = (id: number, over: Partial<GateDayTicket> = {}): GateDayTicket => ({
  ticketId: id,
  qrDigest: `qr${id}`,
  orderDigest: 'order1',
  userName: `林*${id}`,
  certificateInfo: '1101**********1234',
  grade: null,
  ticketName: 'Adult',
  beginTime: '09:00',
  endTime: '12:00',
  status: 'toBeChecked',
  checkedAt: null,
  ...over,
});
const DAY: GateDay = {
  hallId: 1,
  hallName: 'Main exhibition hall',
  date: '2030-03-06',
  fetchedAt: 0,
  tickets: [ticket(1), ticket(2), ticket(3, { status: 'checked', checkedAt: '09:12', orderDigest: 'order2' })],
};
const AT = new Date('2030-03-06T02:05:00Z').getTime(); // 10:05 in Shanghai
const scan = (code: { qr: string } | { orderNumber: string }) => ({ id: 'item', hallId: 1, gateId: 'g', scannedAt: AT, code });
const en = (v: { reason: Text | null }) => v.reason?.en ?? null;
const zh = (v: { reason: Text | null }) => v.reason?.zh ?? null;

describe('the offline check at the gate', () => {
  it('lets a known ticket in once: a second scan is refused from the local queue, a checked one with its time, an unknown one as not of this hall today', () => {
    const first = offlineVerdict(DAY, [], { qr: 'T1...' }, 'qr1');
    expect(first).toMatchObject({
      passed: true,
      count: 1,
      reason: null,
      offline: true,
      tickets: [{ ticketId: 1, userName: '林*1', hallName: 'Main exhibition hall', visitDate: '2030-03-06', passed: true }],
    });
    const queue = [queueItem(first, scan({ qr: 'T1...' }))];
    expect(queue[0]).toMatchObject({ ticketIds: [1], label: '林*1', scannedAt: AT });
    const again = offlineVerdict(DAY, queue, { qr: 'T1...' }, 'qr1');
    expect(again.passed).toBe(false);
    expect(en(again)).toBe('Already checked in offline here (10:05), waiting to sync');
    expect(zh(again)).toBe('本机已离线检票（10:05），待同步');
    expect(en(offlineVerdict(DAY, queue, { qr: 'x' }, 'qr3'))).toBe('Already checked in (09:12)');
    const unknown = offlineVerdict(DAY, queue, { qr: 'x' }, 'forged');
    expect(unknown).toMatchObject({ passed: false, count: 0, tickets: [] });
    expect(en(unknown)).toBe('Not a ticket of this hall today (offline check)');
    expect(zh(unknown)).toBe('非本场馆今日门票（离线核验）');
  });

  it("lets in a group's tickets still to check by its order number, and refuses the number once all are in", () => {
    const queue = [queueItem(offlineVerdict(DAY, [], { qr: 'x' }, 'qr1'), scan({ qr: 'x' }))];
    const group = offlineVerdict(DAY, queue, { orderNumber: 'p1' }, 'order1');
    expect(group).toMatchObject({ passed: true, count: 1 });
    expect(group.tickets.map((x) => [x.ticketId, x.passed])).toEqual([
      [1, false],
      [2, true],
    ]);
    const both = [...queue, queueItem(group, { ...scan({ orderNumber: 'p1' }), id: 'item2' })];
    expect(both[1].label).toBe('林*2');
    expect(offlineVerdict(DAY, both, { orderNumber: 'p1' }, 'order1').passed).toBe(false);
    // A QR digest never matches an order's, nor the other way round.
    expect(offlineVerdict(DAY, [], { qr: 'x' }, 'order1').passed).toBe(false);
    expect(queueItem(offlineVerdict({ ...DAY, tickets: [ticket(1), ticket(2)] }, [], { orderNumber: 'p1' }, 'order1'), scan({ orderNumber: 'p1' })).label).toBe(
      '林*1 +1',
    );
  });

  it('digests what the server digests: the QR as read, the order number in upper case', async () => {
    expect(scanText({ qr: ' T1.1.abc.sig \n' })).toBe('T1.1.abc.sig');
    expect(scanText({ orderNumber: ' p2030abc ' })).toBe('P2030ABC');
    for (const text of ['T1.41.nonce-nonce.signature', '订单', '']) expect(await gateDigest(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});

describe('the sync', () => {
  const item = (id: string, label = id): GateQueueItem => ({ id, hallId: 1, gateId: 'g', scannedAt: AT, code: { qr: id }, ticketIds: [1], label });
  it('removes only the items the server answered, and reports duplicates and refusals', () => {
    const { queue, report } = afterSync([item('a'), item('b'), item('c'), item('d')], {
      items: [
        { id: 'a', outcome: 'checkedIn', count: 1, reason: null },
        { id: 'b', outcome: 'duplicate', count: 0, reason: 'Already checked in (10:00)' },
        { id: 'd', outcome: 'refused', count: 0, reason: 'This ticket was refunded' },
        { id: 'zz', outcome: 'checkedIn', count: 9, reason: null },
      ],
    });
    expect(queue.map((x) => x.id)).toEqual(['c']);
    expect(report).toEqual({
      checkedIn: 1,
      problems: [
        { id: 'b', label: 'b', scannedAt: AT, outcome: 'duplicate', reason: 'Already checked in (10:00)' },
        { id: 'd', label: 'd', scannedAt: AT, outcome: 'refused', reason: 'This ticket was refunded' },
      ],
    });
  });

  it("keeps a scan time only when it is today's and not ahead of the server", () => {
    const now = new Date('2030-03-06T02:00:00Z');
    expect(checkedAtOf(now.getTime() - 3_600_000, now)).toEqual(new Date(now.getTime() - 3_600_000));
    expect(checkedAtOf(now.getTime() + 1, now)).toEqual(now);
    // 23:59 the day before in Shanghai (15:59 UTC).
    expect(checkedAtOf(new Date('2030-03-05T15:59:00Z').getTime(), now)).toEqual(now);
    expect(checkedAtOf(new Date('2030-03-05T16:00:00Z').getTime(), now)).toEqual(new Date('2030-03-05T16:00:00Z'));
  });
});
