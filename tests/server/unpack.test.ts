/** A fresh PGlite folder unpacked from the build's template (server/db/unpack.ts): PGlite opens
 * it as the database that was packed, and a start stopped halfway is unpacked again. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/db.ts';
import { unpackTemplate } from '../../server/db/unpack.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unpack-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function template(): Promise<Uint8Array> {
  const db = await openPglite();
  await db.query(`CREATE TABLE halls (id serial PRIMARY KEY, name text NOT NULL)`);
  await db.query(`INSERT INTO halls (name) VALUES ('主展厅'), ('Dome')`);
  const raw = db.raw as { dumpDataDir(c: 'gzip'): Promise<Blob> };
  const packed = new Uint8Array(await (await raw.dumpDataDir('gzip')).arrayBuffer());
  await db.close();
  return packed;
}

describe('the database template unpacked into a fresh folder', () => {
  it('opens as the packed database, writable, and again after a restart', async () => {
    const packed = await template();
    const dir = folder();
    // A start stopped halfway left a file behind and no PG_VERSION: unpacked over it.
    writeFileSync(path.join(dir, 'global.partial'), 'x');
    unpackTemplate(packed, dir);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    let db = await openPglite({ dataDir: dir });
    expect(await db.query('SELECT name FROM halls ORDER BY id')).toEqual([{ name: '主展厅' }, { name: 'Dome' }]);
    await db.query(`INSERT INTO halls (name) VALUES ('Children')`);
    await db.close();
    db = await openPglite({ dataDir: dir });
    expect(await db.query('SELECT count(*)::int AS n FROM halls')).toEqual([{ n: 3 }]);
    await db.close();
  });

  it('refuses a damaged template and leaves no PG_VERSION, so the next start tries again', () => {
    const dir = folder();
    expect(() => unpackTemplate(new Uint8Array([1, 2, 3]), dir)).toThrow();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  });
});
