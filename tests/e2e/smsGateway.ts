/** A local SMS gateway as the server's HTTP adapter speaks to it (server/providers/sms.ts: POST
 * `{ phone, text }` with a bearer key): for a spec on a production instance, where there is no
 * simulator's outbox. It keeps what it was sent, and refuses a wrong key as a gateway would. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';

export interface SmsGateway {
  /** The environment that points the server's SMS adapter here. */
  env: Record<string, string>;
  /** The texts sent to `phone`, oldest first. */
  textsTo(phone: string): string[];
  /** The code of the last text sent to `phone`, once one has come. */
  codeFor(phone: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const key = `key-${process.pid}-${Date.now()}`;
  const sent: Array<{ phone: string; text: string }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${key}`) {
        res.writeHead(401).end();
        return;
      }
      const { phone, text } = JSON.parse(body) as { phone: string; text: string };
      sent.push({ phone, text });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const textsTo = (phone: string) => sent.filter((m) => m.phone === phone).map((m) => m.text);
  return {
    env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: `http://127.0.0.1:${port}/send`, SMS_HTTP_KEY: key },
    textsTo,
    async codeFor(phone) {
      let code = '';
      await expect
        .poll(() => {
          code = /\d{6}/.exec(textsTo(phone).at(-1) ?? '')?.[0] ?? '';
          return code;
        })
        .not.toBe('');
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
