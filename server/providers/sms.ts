/** SMS codes: the console simulator (default) and an HTTP gateway adapter. */
import type { SmsConfig } from '../config.ts';
import { maskPhone } from '../../src/domain/certificates.ts';

export interface SmsMessage {
  phone: string;
  text: string;
  /** The verification code it carries ('' for a notice: a review result). */
  code: string;
  /** epoch ms */
  sentAt: number;
}

export interface SmsProvider {
  readonly name: 'console' | 'http';
  send(message: SmsMessage): Promise<void>;
  /** Only the console simulator keeps an outbox: one phone's messages, newest first. */
  outbox?: (phone: string) => SmsMessage[];
}

export function consoleSms(log: (line: string) => void = (line) => console.log(line)): SmsProvider {
  const sent: SmsMessage[] = [];
  return {
    name: 'console',
    async send(message) {
      sent.unshift(message);
      if (sent.length > 500) sent.length = 500;
      // The developer needs the code; the phone stays masked even here (logs are kept and shipped).
      log(`[sms] to ${maskPhone(message.phone)} code ${message.code}`);
    },
    outbox: (phone) => sent.filter((m) => m.phone === phone),
  };
}

/** A generic JSON SMS gateway: POST { phone, text } with a bearer key. */
export function httpSms(url: string, apiKey: string): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ phone: message.phone, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export function smsProvider(config: SmsConfig): SmsProvider {
  return config.provider === 'http' ? httpSms(config.url, config.key) : consoleSms();
}
