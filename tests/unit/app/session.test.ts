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
    const [https] = written('https:', () => setToken('individual', 'abc'));
    expect(https).toMatch(/^ticket_token_individual=abc; max-age=604800; path=\/; samesite=lax; secure$/);
    const [http] = written('http:', () => setToken('team', 'abc'));
    expect(http).toMatch(/samesite=lax$/);
    const [cleared] = written('https:', () => clearToken('individual'));
    expect(cleared).toBe('ticket_token_individual=; max-age=0; path=/; samesite=lax; secure');
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
