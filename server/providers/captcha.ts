/** Built-in slider captcha: a server-issued challenge (gap position kept in the database),
 * one attempt each, and a single-use token with a TTL that placeOrder consumes. */
import type { CaptchaChallenge } from '../../src/domain/captcha.ts';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';

export const CAPTCHA = { width: 300, height: 150, pieceSize: 50, tolerance: 5, ttlMs: 2 * 60_000 } as const;

export const CAPTCHA_MESSAGES = {
  expired: { zh: '验证已失效，请刷新后重试', en: 'The check has expired; please refresh and try again' },
  failed: { zh: '验证失败，请重试', en: 'Verification failed; please try again' },
};

/** The shape the client draws (src/domain/captcha.ts). */
export type Challenge = CaptchaChallenge;

const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** A random pattern of soft shapes; the piece shows the same shapes through a 50x50 window. */
function pattern(): string {
  const palette = ['#4f7cac', '#7fb069', '#e6aa68', '#ca3c25', '#9d79bc', '#3aa7a3', '#f2d0a4'];
  let shapes = `<rect width="${CAPTCHA.width}" height="${CAPTCHA.height}" fill="#dfe9f3"/>`;
  for (let i = 0; i < 28; i++) {
    const color = palette[randomInt(palette.length)];
    const x = randomInt(CAPTCHA.width);
    const y = randomInt(CAPTCHA.height);
    if (i % 2 === 0) shapes += `<circle cx="${x}" cy="${y}" r="${randomInt(8, 34)}" fill="${color}" fill-opacity="0.75"/>`;
    else shapes += `<rect x="${x - 20}" y="${y - 12}" width="${randomInt(16, 60)}" height="${randomInt(10, 40)}" rx="6" fill="${color}" fill-opacity="0.7" transform="rotate(${randomInt(-40, 40)} ${x} ${y})"/>`;
  }
  return shapes;
}

export async function createChallenge(q: Queryable, now: Date): Promise<Challenge> {
  const { width, height, pieceSize } = CAPTCHA;
  const gapX = randomInt(80, 251);
  const pieceY = randomInt(10, height - pieceSize - 10 + 1);
  const captchaId = randomUUID();
  const shapes = pattern();
  const background =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shapes}` +
    `<rect x="${gapX}" y="${pieceY}" width="${pieceSize}" height="${pieceSize}" rx="6" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="2"/></svg>`;
  const piece =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pieceSize}" height="${pieceSize}" viewBox="${gapX} ${pieceY} ${pieceSize} ${pieceSize}">${shapes}` +
    `<rect x="${gapX + 1}" y="${pieceY + 1}" width="${pieceSize - 2}" height="${pieceSize - 2}" rx="6" fill="none" stroke="#fff" stroke-width="2"/></svg>`;
  await q.query('INSERT INTO captcha_challenges (id, gap_x, expires_at) VALUES ($1, $2, $3)', [
    captchaId,
    gapX,
    new Date(now.getTime() + CAPTCHA.ttlMs),
  ]);
  // Forget old challenges and tokens now and then.
  if (randomInt(50) === 0) {
    await q.query('DELETE FROM captcha_challenges WHERE expires_at < $1', [new Date(now.getTime() - 3600_000)]);
    await q.query('DELETE FROM captcha_tokens WHERE expires_at < $1', [new Date(now.getTime() - 3600_000)]);
  }
  return { captchaId, width, height, pieceSize, pieceY, background: svgUrl(background), piece: svgUrl(piece) };
}

/** One attempt per challenge: a right answer gets a single-use token. */
export async function checkChallenge(q: Queryable, captchaId: string, x: number, now: Date): Promise<string> {
  const [row] = await q.query<{ gap_x: number }>(
    'UPDATE captcha_challenges SET used = true WHERE id = $1 AND NOT used AND expires_at > $2 RETURNING gap_x',
    [captchaId, now],
  );
  if (!row) throw fail(CAPTCHA_MESSAGES.expired);
  if (Math.abs(x - row.gap_x) > CAPTCHA.tolerance) throw fail(CAPTCHA_MESSAGES.failed);
  const token = randomBytes(24).toString('base64url');
  await q.query('INSERT INTO captcha_tokens (token, expires_at) VALUES ($1, $2)', [token, new Date(now.getTime() + CAPTCHA.ttlMs)]);
  return token;
}

/** True once per valid token. */
export async function consumeToken(q: Queryable, token: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    'UPDATE captcha_tokens SET used = true WHERE token = $1 AND NOT used AND expires_at > $2 RETURNING token',
    [token, now],
  );
  return rows.length === 1;
}

/** For tests and tools: the gap of a challenge. */
export async function gapOf(q: Queryable, captchaId: string): Promise<number | null> {
  const [row] = await q.query<{ gap_x: number }>('SELECT gap_x FROM captcha_challenges WHERE id = $1', [captchaId]);
  return row?.gap_x ?? null;
}
