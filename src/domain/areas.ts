/** The two areas of the app (SPEC §2): where each starts, and where a login may send you. */
export type AccountKind = 'individual' | 'team';

export const AREA_PREFIX: Record<AccountKind, string> = { individual: '/individualCustomers', team: '/team' };

export const AREA_START: Record<AccountKind, string> = {
  individual: '/individualCustomers/select/selectDate',
  team: '/team/select/selectDate',
};

/** A `redirect` query only ever leads to a path inside this app (ARCHITECTURE §8): anything
 * else (another site, a protocol, a backslash or space trick) goes to the area's start. */
export function safeRedirect(value: string | null | undefined, kind: AccountKind): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s]|:\/\//.test(value)) {
    return AREA_START[kind];
  }
  return value;
}
