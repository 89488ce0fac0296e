/** What the gate keeps on its device (localStorage: a day is a few thousand tickets, well under
 * its quota): its id, the day's list of each hall it opened (today's only), and the check-ins
 * made offline until the server has answered them. And the network told apart from a refusal:
 * a call the network did not carry answers UNREACHABLE, a refusal stays an error. */
import { ApiError } from '../../api/client.ts';
import { UNREACHABLE, type GateDay, type GateQueueItem, type Unreachable } from '../../domain/gateOffline.ts';
import { museumDate } from '../../domain/museumTime.ts';

const ID = 'gate.id';
const QUEUE = 'gate.queue';
const DAY = 'gate.day.';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** This device's gate id, made once. */
export function gateId(): string {
  const known = localStorage.getItem(ID);
  if (known) return known;
  const id = crypto.randomUUID();
  localStorage.setItem(ID, id);
  return id;
}

export const storedQueue = (): GateQueueItem[] => {
  const queue = read<GateQueueItem[]>(QUEUE);
  return Array.isArray(queue) ? queue : [];
};

export function storeQueue(queue: GateQueueItem[]): void {
  localStorage.setItem(QUEUE, JSON.stringify(queue));
}

/** Keeps a hall's list, and drops the lists of other days. */
export function storeDay(day: GateDay): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(DAY) && read<GateDay>(key)?.date !== day.date) localStorage.removeItem(key);
  localStorage.setItem(`${DAY}${day.hallId}`, JSON.stringify(day));
}

/** The hall's stored list, if it is today's. */
export function storedDay(hallId: number): GateDay | null {
  const day = read<GateDay>(`${DAY}${hallId}`);
  return day && day.date === museumDate(new Date()) ? day : null;
}

/** The call's answer, or UNREACHABLE when the network did not carry it (no answer, a timeout). */
export async function reachable<T>(call: Promise<T>): Promise<T | Unreachable> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.code <= 0) return UNREACHABLE;
    throw error;
  }
}
