/** The console's screens need a staff token: without one (or when a call says it expired),
 * back to the console's login. */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { clearToken, getToken } from '../../api/session.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';

export function useStaffToken(failure?: unknown): boolean {
  const [, navigate] = useLocation();
  const expired = failure instanceof ApiError && failure.code === 401;
  const present = getToken('staff') !== null && !expired;
  useEffect(() => {
    if (present) return;
    clearToken('staff');
    navigate(STAFF_PATHS.login, { replace: true });
  }, [present, navigate]);
  return present;
}
