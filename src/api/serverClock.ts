/** The museum's day as the server's clock says: a staff device's own clock may be a day off (a
 * gate tablet left on the wrong time zone), and the day it shows decides which visitors pass.
 * The offset from this device's clock is asked once and kept; a failed ask is asked again. */
import { museumDate } from '../domain/museumTime.ts';
import { getServerTime } from './calls.ts';

/** A clock that asks `serverNow` (epoch ms) for the offset from `deviceNow`. */
export function serverClock(serverNow: () => Promise<number>, deviceNow: () => number = Date.now) {
  let offset: Promise<number> | null = null;
  const serverOffset = () =>
    (offset ??= serverNow().then(
      (now) => now - deviceNow(),
      (error: unknown) => {
        offset = null;
        throw error;
      },
    ));
  return {
    /** Today in the museum ('YYYY-MM-DD'), by the server's clock. */
    async museumToday(): Promise<string> {
      const ahead = await serverOffset();
      return museumDate(new Date(deviceNow() + ahead));
    },
  };
}

export const { museumToday } = serverClock(getServerTime);
