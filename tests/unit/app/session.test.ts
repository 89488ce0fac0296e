import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, mustBind, setMustBind, setToken } from '../../../src/api/session.ts';

const stored = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
};

/** What the browser is told when the token cookie is written. */
function written(protocol: string, write: () => void): string[] {
  const lines: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('localStorage', fakeStorage);
  vi.stubGlobal('document', {
    set cookie(v: string) {
      lines.push(v);
    },
  });
  write();
  return lines;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token cookies', () => {
  it('are SameSite=Lax, and Secure where the app is served over HTTPS', () => {
    const [https] = written('https:', () => setToken('staff', 'abc'));
    expect(https).toMatch(/^ticket_token_staff=abc; max-age=604800; path=\/; samesite=lax; secure$/);
    const [http] = written('http:', () => setToken('staff', 'abc'));
    expect(http).toMatch(/samesite=lax$/);
    const [cleared] = written('https:', () => clearToken('individual'));
    expect(cleared).toBe('ticket_token_individual=; max-age=0; path=/; samesite=lax; secure');
  });
});

describe('one account kind at a time', () => {
  it("a visitor's login clears a team's token, a team's a visitor's (and the bind flag); staff touch neither", () => {
    vi.stubGlobal('localStorage', fakeStorage);
    setMustBind(true);
    expect(written('https:', () => setToken('individual', 'v'))).toEqual([
      'ticket_token_individual=v; max-age=604800; path=/; samesite=lax; secure',
      'ticket_token_team=; max-age=0; path=/; samesite=lax; secure',
    ]);
    expect(written('https:', () => setToken('team', 't'))).toEqual([
      'ticket_token_team=t; max-age=604800; path=/; samesite=lax; secure',
      'ticket_token_individual=; max-age=0; path=/; samesite=lax; secure',
    ]);
    expect(mustBind()).toBe(false);
    expect(written('https:', () => setToken('staff', 's'))).toHaveLength(1);
  });
});

describe('the bind flag (an account the chat app created, no phone yet)', () => {
  it('goes with the visitor token, and only with it', () => {
    vi.stubGlobal('localStorage', fakeStorage);
    written('https:', () => setMustBind(true));
    expect(mustBind()).toBe(true);
    written('https:', () => clearToken('team'));
    expect(mustBind()).toBe(true);
    written('https:', () => clearToken('individual'));
    expect(mustBind()).toBe(false);
  });
});
