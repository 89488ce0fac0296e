/** The two areas of the app (docs/product.md §2): where each starts, and where a login may send you. */
import { INDIVIDUAL_PATHS, TEAM_PATHS } from './paths.ts';

export type AccountKind = 'individual' | 'team';

export const AREA_PREFIX: Record<AccountKind, string> = { individual: INDIVIDUAL_PATHS.area, team: TEAM_PATHS.area };

export const AREA_START: Record<AccountKind, string> = {
  individual: INDIVIDUAL_PATHS.selectDate,
  team: TEAM_PATHS.selectDate,
};

export const AREA_LOGIN: Record<AccountKind, string> = { individual: INDIVIDUAL_PATHS.login, team: TEAM_PATHS.login };

/** A `redirect` query only ever leads to a path inside this app (docs/architecture.md §8): anything
 * else (another site, a protocol, a backslash or space trick) goes to the area's start. */
export function safeRedirect(value: string | null | undefined, kind: AccountKind): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s]|:\/\//.test(value)) {
    return AREA_START[kind];
  }
  return value;
}
