/** Our own origin, for what the chat app and the payment platform are told (the OAuth
 * redirect_uri, the pages the JS-SDK signs, the pay notify_url): PUBLIC_URL when set; without it
 * (the demo), the origin the request was sent to, only when its Host is one of ALLOWED_HOSTS.
 * The Host header is the sender's to write: trusted blindly, anyone could have us sign their
 * site's pages or name their address as ours. */
import type { FastifyRequest } from 'fastify';
import type { Text } from '../src/domain/text.ts';
import { hostName } from './config.ts';
import type { AppConfig } from './context.ts';
import { fail } from './http.ts';

export const ORIGIN_TEXTS = {
  unknownHost: { zh: '该访问地址不属于本站，请通过本站网址访问', en: "This address is not one of this site's; please open the site at its own address" },
} satisfies Record<string, Text>;

/** The origin of `protocol://host` when `host` is one of `allowed` (a name alone allows any
 * port); null otherwise, or for a Host that is not a plain host[:port]. */
export function allowedOrigin(protocol: string, host: string, allowed: readonly string[]): string | null {
  const name = hostName(host);
  if (!name) return null;
  const url = new URL(`${protocol}://${name}`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.includes(url.hostname) || allowed.includes(`${url.hostname}:${port}`) ? url.origin : null;
}

/** Our origin for this request (see above); a refusal when its Host is not allowed. */
export function ourOrigin(req: FastifyRequest, config: Pick<AppConfig, 'publicUrl' | 'allowedHosts'>): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = allowedOrigin(req.protocol, req.host, config.allowedHosts);
  if (!origin) throw fail(ORIGIN_TEXTS.unknownHost);
  return origin;
}
