/** Museum time (Asia/Shanghai, a fixed +08:00: no daylight saving there), for the server's
 * rules and the screens that compare dates with "today" alike. */
export const MUSEUM_OFFSET_MS = 8 * 3600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the museum day containing `at`. */
export function museumDate(at: Date): string {
  const d = new Date(at.getTime() + MUSEUM_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DD HH:mm' in museum time: release times are written and compared so. */
export function museumMinute(at: Date): string {
  const d = new Date(at.getTime() + MUSEUM_OFFSET_MS);
  return `${museumDate(at)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The calendar day `days` after `date` ('YYYY-MM-DD'; negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'HH:mm:ss' in museum time: when a live figure was read. */
export function museumSecond(at: Date): string {
  const d = new Date(at.getTime() + MUSEUM_OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
