/** Login tokens: one cookie per account kind (SPEC §4), so an individual and a team
 * can be logged in side by side and a switch never leaks one kind's token to the other. */
export type AccountKind = 'individual' | 'team';

const cookieName = (kind: AccountKind) => `ticket_token_${kind}`;

export function getToken(kind: AccountKind): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${cookieName(kind)}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : null;
}

export function setToken(kind: AccountKind, token: string): void {
  // 7 days; the server's token expiry is what really counts.
  document.cookie = `${cookieName(kind)}=${encodeURIComponent(token)}; path=/; max-age=${7 * 86400}; samesite=lax`;
}

export function clearToken(kind: AccountKind): void {
  document.cookie = `${cookieName(kind)}=; path=/; max-age=0`;
}

/** Group mode: detected from "team" in the URL and kept as a local flag (SPEC §2). */
export function currentKind(): AccountKind {
  return localStorage.getItem('isTeam') === '1' ? 'team' : 'individual';
}

export function rememberKind(pathname: string): AccountKind {
  const kind: AccountKind = pathname.includes('team') ? 'team' : 'individual';
  localStorage.setItem('isTeam', kind === 'team' ? '1' : '0');
  return kind;
}
