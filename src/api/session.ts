/** Login tokens: one cookie per account kind (docs/product.md §4.8), so a switch never leaks one
 * kind's token to the other; a visitor's or a team's login clears the other kind's. */
import type { AccountKind } from '../domain/areas.ts';

export type { AccountKind };

/** The visitor and group areas' kinds, and the museum staff's console. */
export type TokenKind = AccountKind | 'staff';

const cookieName = (kind: TokenKind) => `ticket_token_${kind}`;

export function getToken(kind: TokenKind): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${cookieName(kind)}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : null;
}

/** SameSite keeps the cookie off other sites' requests; Secure keeps it off plain HTTP
 * wherever the app is served over HTTPS (as in production). */
const flags = () => `path=/; samesite=lax${globalThis.location?.protocol === 'https:' ? '; secure' : ''}`;

export function setToken(kind: TokenKind, token: string): void {
  // 7 days; the server's token expiry is what really counts.
  document.cookie = `${cookieName(kind)}=${encodeURIComponent(token)}; max-age=${7 * 86400}; ${flags()}`;
  // One account on a phone at a time: whoever logs in as a visitor is not left in a team's account,
  // or the other way round (a school's secretary on the family phone). Staff are apart.
  if (kind !== 'staff') clearToken(kind === 'team' ? 'individual' : 'team');
}

/** Where the visitor's tickets for a gate without signal are kept (src/api/offlineTickets.ts). */
export const OFFLINE_TICKETS_KEY = 'offlineTickets';

export function clearToken(kind: TokenKind): void {
  document.cookie = `${cookieName(kind)}=; max-age=0; ${flags()}`;
  if (kind !== 'individual') return;
  setMustBind(false);
  // Logout, a cancelled account, an expired login, a team's login: the tickets go with the login.
  localStorage.removeItem(OFFLINE_TICKETS_KEY);
}

/** The visitor is logged in to an account the chat app created, no phone bound yet: the guard
 * sends her to the bind screen (the server refuses her everything else anyway). */
export function mustBind(): boolean {
  return localStorage.getItem('mustBindPhone') === '1';
}

export function setMustBind(on: boolean): void {
  if (on) localStorage.setItem('mustBindPhone', '1');
  else localStorage.removeItem('mustBindPhone');
}

/** Group mode: detected from "team" in the URL and kept as a local flag (docs/product.md §2). */
export function currentKind(): AccountKind {
  return localStorage.getItem('isTeam') === '1' ? 'team' : 'individual';
}

export function rememberKind(pathname: string): AccountKind {
  const kind: AccountKind = pathname === '/team' || pathname.startsWith('/team/') ? 'team' : 'individual';
  localStorage.setItem('isTeam', kind === 'team' ? '1' : '0');
  return kind;
}
