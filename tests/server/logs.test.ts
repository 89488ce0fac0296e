/** The server's log (docs/operations.md §7): an error is written by default with its cause, and
 * nothing personal is. */
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, upload, type TestApp } from './helpers.ts';
import { logLines } from './logLines.ts';
import { localFace } from '../../server/providers/face.ts';
import { every } from '../../server/jobs/every.ts';

/** An app whose log lines are collected, parsed. */
async function loggedApp(logLevel: 'warn' | 'info', face?: ReturnType<typeof localFace>) {
  const { stream, lines } = logLines();
  const t = await makeApp({ logLevel, logStream: stream }, face ? { providers: { face } } : {});
  return { t, lines };
}

let open: TestApp | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('the log', () => {
  it('writes an error by default, with its cause and the request id, and no request line', async () => {
    const broken = { ...localFace(), detect: () => Promise.reject(new Error('the detector crashed')) };
    const { t, lines } = await loggedApp('warn', broken);
    open = t;
    await t.db.query("UPDATE sys_config SET value = '1' WHERE key = 'face_enable'");
    const token = await t.tokenFor('13700000011');
    const picture = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c0c0c0' } })
      .jpeg()
      .toBuffer();
    const { uploadId } = (await upload(t, 'face.jpg', picture)).data!;
    const answer = await t.call('GET', `/system/collection/checkFace?url=${uploadId}`, { token, lang: 'en' });
    expect(answer.code).toBe(500);
    await expect.poll(() => lines.filter((l) => l.level === 50)).toHaveLength(1);
    const [error] = lines.filter((l) => l.level === 50);
    expect(error).toMatchObject({ err: { message: 'the detector crashed' }, reqId: expect.any(String) });
    expect(JSON.stringify(error.err)).toContain('at ');
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('at LOG=1 writes each request, with a mobile or certificate number masked and no header', async () => {
    const { t, lines } = await loggedApp('info');
    open = t;
    await t.call('GET', '/pool/ingore/getCalendar?phone=13812345678&id=11010119900307123X', { token: 'secret-token' });
    await expect.poll(() => lines.find((l) => l.msg === 'incoming request')).toBeTruthy();
    const text = JSON.stringify(lines);
    expect(text).toContain('138***78');
    expect(text).toContain('110***3X');
    expect(text).not.toContain('13812345678');
    expect(text).not.toContain('secret-token');
  });

  it('names a full disk: the visitor is told to try again in her language, the operator reads "disk full"', async () => {
    const { t, lines } = await loggedApp('warn');
    open = t;
    const token = await t.tokenFor('13700000012');
    // What PGlite and PostgreSQL answer a write when the disk is full (seen on a full tmpfs).
    const full = Object.assign(new pg.DatabaseError('could not extend file "base/5/16385": No space left on device', 0, 'error'), { code: '53100' });
    const { query, tx } = t.db;
    const refused = () => Promise.reject(full);
    t.db.query = refused;
    t.db.tx = refused;
    try {
      const answer = await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token, lang: 'en' });
      expect(answer).toMatchObject({ code: 502, msg: 'The system is busy; please try again later' });
    } finally {
      t.db.query = query;
      t.db.tx = tx;
    }
    await expect
      .poll(() => lines.find((l) => l.level === 50))
      .toMatchObject({
        msg: 'storage disk full',
        fault: 'disk full',
        cause: expect.stringContaining('No space left on device'),
        reqId: expect.any(String),
      });
  });

  it("names a full disk in a job's failed round", async () => {
    const logged: string[] = [];
    // /dev/full: every write fails as on a full disk (ENOSPC).
    const stop = every('uploadSweep', () => writeFile('/dev/full', 'x'), 5, { log: (line) => logged.push(line) });
    try {
      await expect.poll(() => logged[0]).toMatch(/^\[jobs\] uploadSweep failed \(storage disk full\): Error: ENOSPC/);
    } finally {
      await stop();
    }
  });
});
