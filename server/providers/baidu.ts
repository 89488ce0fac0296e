/** Baidu AI open platform (face detection, certificate OCR): the access token of an API key and
 * secret (OAuth client credentials, valid 30 days), kept until shortly before it expires, and
 * its error envelope `{ error_code, error_msg }`. BAIDU_AIP_URL points the adapters at a local
 * fake in tests. */
export interface BaiduCredentials {
  url: string;
  apiKey: string;
  secretKey: string;
}

export class VendorError extends Error {}

const TIMEOUT_MS = 10_000;

export function baiduClient(credentials: BaiduCredentials, now: () => number = Date.now) {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: credentials.apiKey, client_secret: credentials.secretKey });
    const res = await fetch(`${credentials.url}/oauth/2.0/token?${query}`, { method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number; error?: string } | null;
    if (!res.ok || !body?.access_token) throw new VendorError(`baidu token: ${res.status} ${body?.error ?? ''}`);
    // A minute early, so a request never leaves with a token about to die.
    token = { value: body.access_token, until: now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  /** POSTs to an API path with the token; the parsed JSON, or VendorError for a transport
   * failure or an error code the caller did not expect (`expected` codes come back as they are). */
  async function post<T>(
    path: string,
    body: { json: unknown } | { form: Record<string, string> },
    expected: number[] = [],
  ): Promise<T & { error_code?: number }> {
    const send = async () => {
      const url = `${credentials.url}${path}?access_token=${encodeURIComponent(await accessToken())}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'json' in body ? 'application/json' : 'application/x-www-form-urlencoded' },
        body: 'json' in body ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new VendorError(`baidu ${path}: HTTP ${res.status}`);
      return (await res.json()) as T & { error_code?: number; error_msg?: string };
    };
    let answer = await send();
    // 110/111: the token is invalid or expired before its time: fetch a new one once.
    if (answer.error_code === 110 || answer.error_code === 111) {
      token = null;
      answer = await send();
    }
    const code = answer.error_code ?? 0;
    if (code !== 0 && !expected.includes(code)) throw new VendorError(`baidu ${path}: error ${code}`);
    return answer;
  }

  return { post };
}
