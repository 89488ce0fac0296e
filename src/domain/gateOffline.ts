/** The gate during a short outage: the day's tickets of the gate's hall, cached on
 * the device when it opens the hall, answer a scan the server cannot; the check-ins wait in a
 * local queue and are synced when the network returns, the server refusing duplicates then.
 *
 * The cache holds what a gate needs to recognise and show a ticket, and nothing that would let
 * a stolen tablet make or read more: the SHA-256 digest of each ticket's QR payload (a code
 * matches only if it is the one issued: the payload's nonce and signature cannot be guessed
 * from the digest), the digest of its order number (a group typed in), the holder's masked
 * name and certificate, the ticket's name and session, and whether it is checked already.
 * Pure: the digest is computed by the caller (WebCrypto on the gate, `gateDigest`). */
import { GATE_REFUSALS, gateLines } from './gate.ts';
import { MUSEUM_OFFSET_MS, museumDate } from './museumTime.ts';
import { fill, type Text } from './text.ts';
import type { GateAnswer } from './types.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

export const GATE_OFFLINE_REFUSALS = {
  unknown: { zh: '非本场馆今日门票（离线核验）', en: 'Not a ticket of this hall today (offline check)' },
  queued: { zh: '本机已离线检票（{time}），待同步', en: 'Already checked in offline here ({time}), waiting to sync' },
  noList: { zh: '网络不通，本机也没有今日名单：请恢复网络后再检票', en: 'Offline, and this gate has no list of today: check in when the network is back' },
  collect: {
    zh: '网络不通：取票须在服务器登记，未登记。请恢复网络后再扫一次',
    en: 'Offline: a collection must be recorded on the server, and was not. Scan again when the network is back',
  },
} as const satisfies Record<string, Text>;

/** What a scan is: a QR text as read, or an order number typed in. */
export type ScanCode = { qr: string } | { orderNumber: string };

/** One ticket of the day as the gate caches it (GET /staff/gate/day; its schema in answers.ts). */
export type GateDayTicket = z.output<typeof answers.gateDayTicket>;

/** A hall's tickets of the day, as fetched (epoch ms) for the offline check. */
export type GateDay = z.output<typeof answers.gateDay>;

/** A check-in made offline, waiting on the device until the server has answered it. */
export interface GateQueueItem {
  /** Random (the device's), so a replayed sync is recognised and applied once. */
  id: string;
  hallId: number;
  /** Which device scanned it. */
  gateId: string;
  /** When it was scanned, epoch ms (the device's clock; the server bounds it). */
  scannedAt: number;
  code: ScanCode;
  /** The cached tickets it let in: a second scan of any of them is refused offline. */
  ticketIds: number[];
  /** Whose tickets, masked, for the sync report. */
  label: string;
}

/** What the server says of each synced item (POST /staff/gate/sync). */
export type GateSyncAnswer = z.output<typeof answers.gateSyncAnswer>;

/** What the gate shows after a sync: how many went in, and every duplicate and refusal. */
export interface GateSyncReport {
  checkedIn: number;
  problems: Array<{ id: string; label: string; scannedAt: number; outcome: 'duplicate' | 'refused'; reason: string }>;
}

/** What a gate shows for a scan, online or offline: in (how many) or not (why). */
export interface GateVerdict {
  passed: boolean;
  count: number;
  reason: Text | null;
  /** Answered from the device's list, to be synced. */
  offline: boolean;
  tickets: GateAnswer['tickets'];
}

/** The text a scan's digest is taken of: the QR as read (trimmed), or the order number as the
 * server reads it (trimmed, upper case). */
export function scanText(code: ScanCode): string {
  return 'qr' in code ? code.qr.trim() : code.orderNumber.trim().toUpperCase();
}

/** SHA-256 of a text, hex: the same on the gate (WebCrypto) and the server (Node's WebCrypto). */
export async function gateDigest(text: string): Promise<string> {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 'HH:mm' of an instant (epoch ms) in museum time. */
export const hhmm = (at: number) => new Date(at + MUSEUM_OFFSET_MS).toISOString().slice(11, 16);

/** The gate's answer from its list, for a scan whose digest is `digest`: tickets of this hall
 * today not checked in (neither on the server when the list was fetched, nor in the local
 * queue) go in; any other scan is refused with the reason. */
export function offlineVerdict(day: GateDay, queue: readonly GateQueueItem[], code: ScanCode, digest: string): GateVerdict {
  const matching = day.tickets.filter((t) => ('qr' in code ? t.qrDigest : t.orderDigest) === digest);
  const queuedAt = new Map<number, number>();
  for (const item of queue) for (const id of item.ticketIds) queuedAt.set(id, item.scannedAt);
  const passing = matching.filter((t) => t.status === 'toBeChecked' && !queuedAt.has(t.ticketId));
  const first = matching.find((t) => !passing.includes(t));
  const reason =
    passing.length > 0
      ? null
      : !first
        ? GATE_OFFLINE_REFUSALS.unknown
        : queuedAt.has(first.ticketId)
          ? fill(GATE_OFFLINE_REFUSALS.queued, { time: hhmm(queuedAt.get(first.ticketId)!) })
          : fill(GATE_REFUSALS.checked, { time: first.checkedAt ?? '' });
  return {
    passed: passing.length > 0,
    count: passing.length,
    reason,
    offline: true,
    tickets: matching.map((t) => ({
      ticketId: t.ticketId,
      userName: t.userName,
      certificateInfo: t.certificateInfo,
      grade: t.grade,
      ticketName: t.ticketName,
      hallName: day.hallName,
      visitDate: day.date,
      beginTime: t.beginTime,
      endTime: t.endTime,
      passed: passing.includes(t),
    })),
  };
}

/** The queue item of an offline check-in that let tickets in. */
export function queueItem(verdict: GateVerdict, scan: { id: string; hallId: number; gateId: string; scannedAt: number; code: ScanCode }): GateQueueItem {
  const passed = verdict.tickets.filter((t) => t.passed);
  // Who the gate showed first (a person, or a grade and its count), and how many lines more.
  const lines = gateLines(passed);
  const label = lines.length > 1 ? `${lines[0].who} +${lines.length - 1}` : (lines[0]?.who ?? '');
  return { ...scan, ticketIds: passed.map((t) => t.ticketId), label };
}

/** The queue once the server has answered a sync: an item leaves only when answered; the report
 * lists every duplicate and refusal for the staff to read. */
export function afterSync(queue: readonly GateQueueItem[], answer: GateSyncAnswer): { queue: GateQueueItem[]; report: GateSyncReport } {
  const answered = new Map(answer.items.map((a) => [a.id, a]));
  const report: GateSyncReport = { checkedIn: 0, problems: [] };
  for (const item of queue) {
    const a = answered.get(item.id);
    if (!a) continue;
    if (a.outcome === 'checkedIn') report.checkedIn += a.count;
    else report.problems.push({ id: item.id, label: item.label, scannedAt: item.scannedAt, outcome: a.outcome, reason: a.reason ?? '' });
  }
  return { queue: queue.filter((item) => !answered.has(item.id)), report };
}

/** When an offline check-in counts as made: its scan time if that is today and not in the
 * future (the device's clock is not trusted beyond that), else the time of the sync. */
export function checkedAtOf(scannedAt: number, now: Date): Date {
  const at = new Date(scannedAt);
  return scannedAt <= now.getTime() && museumDate(at) === museumDate(now) ? at : now;
}

/** What a call answers when the network did not carry it (no answer, a timeout): the gate then
 * answers from its list. A refusal from the server is an answer, never this. */
export interface Unreachable {
  unreachable: true;
}
export const UNREACHABLE: Unreachable = { unreachable: true };
export const isUnreachable = (value: unknown): value is Unreachable => typeof value === 'object' && value !== null && 'unreachable' in value;

/** How often an online gate reloads its list (tickets sold since, checked at other gates). */
export const GATE_REFRESH_MS = 5 * 60_000;

/** What a gate does on its ticker: sync check-ins that wait (trying is also how it finds the
 * network back); else, offline or without a list, try to load it again; else reload a list
 * older than GATE_REFRESH_MS. */
export function gateChore(s: { queued: number; offline: boolean; loadedAt: number | null; now: number }): 'sync' | 'refresh' | null {
  if (s.queued > 0) return 'sync';
  if (s.offline || s.loadedAt === null || s.now - s.loadedAt >= GATE_REFRESH_MS) return 'refresh';
  return null;
}
