/** Museum time (Asia/Shanghai, a fixed +08:00: no daylight saving there). */
import { MUSEUM_OFFSET_MS as OFFSET_MS, museumDate } from '../src/domain/museumTime.ts';

export { museumDate };

export type Clock = () => Date;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in museum time. */
export function museumDateTime(at: Date): string {
  const d = new Date(at.getTime() + OFFSET_MS);
  return `${museumDate(at)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The instant of a museum-local date and 'HH:mm' time. */
export function museumInstant(date: string, time = '00:00'): Date {
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+08:00`);
}

export { addDays } from '../src/domain/museumTime.ts';

/** 0 = Sunday ... 6 = Saturday */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isDate(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
}
