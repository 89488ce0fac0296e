/** A log stream for an app under test (`makeApp({ logStream })`), and its lines as they arrive, parsed. */
import { PassThrough } from 'node:stream';

export function logLines(): { stream: PassThrough; lines: Array<Record<string, unknown>> } {
  const stream = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  stream.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    ),
  );
  return { stream, lines };
}
