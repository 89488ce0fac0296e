import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../src/api/session.ts';

/** What the browser is told when the token cookie is written. */
function written(protocol: string, write: () => void): string[] {
  const lines: string[] = [];
  vi.stubGlobal('location', { protocol });
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
