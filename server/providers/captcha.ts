/** The captcha behind placeOrder and checkout: an interface, and the built-in slider. The
 * slider's challenge is a raster image with the gap only in its pixels (the gap's x stays in
 * the database); an answer is checked once, on the end position and on how the piece was
 * dragged there; failures are capped per address; a right answer yields a single-use token
 * with a TTL that placeOrder consumes. Tests of other things use `testCaptcha` (CAPTCHA=test, refused
 * in production): the same picture and checks, the gap always at TEST_CAPTCHA_GAP_X and the drag
 * not judged, so that solving it is neither a puzzle nor a race with the machine's speed.
 * An external captcha service fits the same interface:
 * `issue` hands the client what its widget needs, `verify` asks the vendor and then mints our
 * token with `mintToken`. */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sharp } from '../lazy.ts';
import { isHumanDrag, type CaptchaChallenge, type DragSample } from '../../src/domain/captcha.ts';
import type { Text } from '../../src/domain/text.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';

export const CAPTCHA = {
  width: 300,
  height: 150,
  pieceSize: 50,
  tolerance: 5,
  ttlMs: 2 * 60_000,
  /** Failed answers one address may give in the window before it gets no more challenges. */
  failuresPerAddress: 20,
  failureWindowMs: 10 * 60_000,
} as const;

export const CAPTCHA_MESSAGES = {
  expired: { zh: '验证已失效，请刷新后重试', en: 'The check has expired; please refresh and try again' },
  failed: { zh: '验证失败，请重试', en: 'Verification failed; please try again' },
  tooMany: { zh: '验证失败次数过多，请{n}分钟后再试', en: 'Too many failed checks; please try again in {n} min' },
} satisfies Record<string, Text>;

export interface CaptchaAnswer {
  captchaId: string;
  x: number;
  trail: DragSample[];
}

export interface CaptchaProvider {
  readonly name: string;
  issue(q: Queryable, now: Date, ip: string): Promise<CaptchaChallenge>;
  /** A single-use token for a right answer; throws the refusal otherwise. */
  verify(q: Queryable, answer: CaptchaAnswer, now: Date, ip: string): Promise<string>;
}

/** A random pattern of soft shapes, as SVG markup. */
function pattern(): string {
  const palette = ['#4f7cac', '#7fb069', '#e6aa68', '#ca3c25', '#9d79bc', '#3aa7a3', '#f2d0a4'];
  let shapes = `<rect width="${CAPTCHA.width}" height="${CAPTCHA.height}" fill="#dfe9f3"/>`;
  for (let i = 0; i < 34; i++) {
    const color = palette[randomInt(palette.length)];
    const x = randomInt(CAPTCHA.width);
    const y = randomInt(CAPTCHA.height);
    if (i % 2 === 0) shapes += `<circle cx="${x}" cy="${y}" r="${randomInt(8, 34)}" fill="${color}" fill-opacity="0.75"/>`;
    else
      shapes += `<rect x="${x - 20}" y="${y - 12}" width="${randomInt(16, 60)}" height="${randomInt(10, 40)}" rx="6" fill="${color}" fill-opacity="0.7" transform="rotate(${randomInt(-40, 40)} ${x} ${y})"/>`;
  }
  return shapes;
}

const svg = (body: string, w: number = CAPTCHA.width, h: number = CAPTCHA.height) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);
const pngUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Draws a challenge: the background with the gap (and a fainter decoy) and the piece cut from
 * the same picture. Only pixels leave the server. */
async function draw(gapX: number, pieceY: number): Promise<{ background: Buffer; piece: Buffer }> {
  const { pieceSize: s, width } = CAPTCHA;
  const shapes = pattern();
  let decoyX = randomInt(0, width - s + 1);
  if (Math.abs(decoyX - gapX) < s) decoyX = (gapX + s + randomInt(0, width - 2 * s)) % (width - s);
  const background = await sharp(
    svg(
      shapes +
        `<rect x="${decoyX}" y="${pieceY}" width="${s}" height="${s}" rx="6" fill="#000" fill-opacity="0.22"/>` +
        `<rect x="${gapX}" y="${pieceY}" width="${s}" height="${s}" rx="6" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="2"/>`,
    ),
  )
    .png()
    .toBuffer();
  const piece = await sharp(svg(shapes))
    .extract({ left: gapX, top: pieceY, width: s, height: s })
    .composite([{ input: svg(`<rect x="1" y="1" width="${s - 2}" height="${s - 2}" rx="6" fill="none" stroke="#fff" stroke-width="2"/>`, s, s) }])
    .png()
    .toBuffer();
  return { background, piece };
}

/** Minutes until this address may try again, or 0. */
async function blockedFor(q: Queryable, ip: string, now: Date): Promise<number> {
  const rows = await q.query<{ expires_at: Date }>(
    `SELECT expires_at FROM captcha_challenges WHERE ip = $1 AND failed AND expires_at > $2 ORDER BY expires_at DESC LIMIT $3`,
    [ip, new Date(now.getTime() - CAPTCHA.failureWindowMs + CAPTCHA.ttlMs), CAPTCHA.failuresPerAddress],
  );
  if (rows.length < CAPTCHA.failuresPerAddress) return 0;
  // Free again when the oldest of the counted failures leaves the window.
  const until = rows[rows.length - 1].expires_at.getTime() - CAPTCHA.ttlMs + CAPTCHA.failureWindowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}

const tooMany = (n: number): Text => ({
  zh: CAPTCHA_MESSAGES.tooMany.zh.replace('{n}', String(n)),
  en: CAPTCHA_MESSAGES.tooMany.en.replace('{n}', String(n)),
});

/** Where testCaptcha's gap always is. */
export const TEST_CAPTCHA_GAP_X = 200;

/** The slider: its gap where `gapX` puts it, the drag judged when `judgeDrag`. */
const slider = (name: string, gapX: () => number, judgeDrag: boolean): CaptchaProvider => ({
  name,

  async issue(q, now, ip) {
    const blocked = await blockedFor(q, ip, now);
    if (blocked) throw fail(tooMany(blocked));
    const { width, height, pieceSize } = CAPTCHA;
    const gap = gapX();
    const pieceY = randomInt(10, height - pieceSize - 10 + 1);
    const captchaId = randomUUID();
    const { background, piece } = await draw(gap, pieceY);
    await q.query('INSERT INTO captcha_challenges (id, gap_x, expires_at, ip) VALUES ($1, $2, $3, $4)', [
      captchaId,
      gap,
      new Date(now.getTime() + CAPTCHA.ttlMs),
      ip,
    ]);
    // Forget old challenges and tokens now and then.
    if (randomInt(50) === 0) {
      await q.query('DELETE FROM captcha_challenges WHERE expires_at < $1', [new Date(now.getTime() - 3600_000)]);
      await q.query('DELETE FROM captcha_tokens WHERE expires_at < $1', [new Date(now.getTime() - 3600_000)]);
    }
    return { captchaId, width, height, pieceSize, pieceY, background: pngUrl(background), piece: pngUrl(piece) };
  },

  async verify(q, { captchaId, x, trail }, now, ip) {
    const blocked = await blockedFor(q, ip, now);
    if (blocked) throw fail(tooMany(blocked));
    // One attempt per challenge.
    const [row] = await q.query<{ gap_x: number }>('UPDATE captcha_challenges SET used = true WHERE id = $1 AND NOT used AND expires_at > $2 RETURNING gap_x', [
      captchaId,
      now,
    ]);
    if (!row) throw fail(CAPTCHA_MESSAGES.expired);
    if (Math.abs(x - row.gap_x) > CAPTCHA.tolerance || (judgeDrag && !isHumanDrag(trail, x))) {
      await q.query('UPDATE captcha_challenges SET failed = true, ip = $2 WHERE id = $1', [captchaId, ip]);
      throw fail(CAPTCHA_MESSAGES.failed);
    }
    return mintToken(q, now);
  },
});

export const sliderCaptcha = slider('slider', () => randomInt(80, CAPTCHA.width - CAPTCHA.pieceSize + 1), true);
export const testCaptcha = slider('test', () => TEST_CAPTCHA_GAP_X, false);

/** Our single-use token, whichever service judged the answer. */
export async function mintToken(q: Queryable, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await q.query('INSERT INTO captcha_tokens (token, expires_at) VALUES ($1, $2)', [token, new Date(now.getTime() + CAPTCHA.ttlMs)]);
  return token;
}

/** True once per valid token. */
export async function consumeToken(q: Queryable, token: string, now: Date): Promise<boolean> {
  return (await consumeTokens(q, [{ token, now }])).has(token);
}

/** consumeToken for several buyers in one statement, each token judged at its own `now`: the
 * tokens spent now (a token given twice is spent once). */
export async function consumeTokens(q: Queryable, uses: ReadonlyArray<{ token: string; now: Date }>): Promise<Set<string>> {
  const rows = await q.query<{ token: string }>(
    `UPDATE captcha_tokens c SET used = true FROM unnest($1::text[], $2::timestamptz[]) AS u(token, now)
      WHERE c.token = u.token AND NOT c.used AND c.expires_at > u.now RETURNING c.token`,
    [uses.map((u) => u.token), uses.map((u) => u.now)],
  );
  return new Set(rows.map((r) => r.token));
}

/** Tokens spent by a transaction that then refused their buyers (not enough tickets left): usable
 * again, as when a buyer's own transaction rolls back. */
export async function restoreTokens(q: Queryable, tokens: readonly string[]): Promise<void> {
  if (tokens.length > 0) await q.query('UPDATE captcha_tokens SET used = false WHERE token = ANY($1::text[])', [tokens]);
}

/** For tests and tools, never over HTTP: the gap of a challenge. */
export async function gapOf(q: Queryable, captchaId: string): Promise<number | null> {
  const [row] = await q.query<{ gap_x: number }>('SELECT gap_x FROM captcha_challenges WHERE id = $1', [captchaId]);
  return row?.gap_x ?? null;
}
