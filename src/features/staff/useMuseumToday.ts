/** A staff screen's today, by the server's clock (src/api/serverClock.ts): null until known. */
import { museumToday } from '../../api/serverClock.ts';
import { useLoad } from '../../ui/useLoad.ts';

export function useMuseumToday() {
  return useLoad(museumToday, []);
}
