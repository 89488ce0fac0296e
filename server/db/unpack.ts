/** A fresh PGlite folder unpacked from the build's template (scripts/build-server.mjs packs it
 * with PGlite's own dumpDataDir: a gzipped ustar of the database folder). PGlite can load it
 * itself (`loadDataDir`), but through its emulated file system: on a small machine that took
 * about twice the time of writing the same 1,300 files here with Node's own calls, and it comes
 * before the server's first answer. PGlite then opens the folder as one it made. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

/** A folder and the files of a ustar archive (no links or other kinds: PGlite's dump has none). */
export function readTar(tar: Uint8Array): Array<{ name: string; dir: boolean; data: Uint8Array }> {
  const entries: Array<{ name: string; dir: boolean; data: Uint8Array }> = [];
  const text = (block: Uint8Array, from: number, to: number) => {
    const field = block.subarray(from, to);
    const end = field.indexOf(0);
    return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('utf8');
  };
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header[0] === 0) break; // the archive's end
    const prefix = text(header, 345, 500);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const size = parseInt(text(header, 124, 136).trim() || '0', 8);
    const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]);
    if (type !== '0' && type !== '5') throw new Error(`unexpected entry of type ${type} (${name}) in the database template`);
    const clean = path.posix.normalize(name.replace(/^\/+/, ''));
    if (clean.startsWith('..') || !Number.isSafeInteger(size) || size < 0) throw new Error(`bad entry ${name} in the database template`);
    at += BLOCK;
    entries.push({ name: clean, dir: type === '5', data: tar.subarray(at, at + size) });
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/** Writes the template's folders and files into `dir` (existing, empty of a database). PG_VERSION,
 * by which PGlite and open.ts tell a database folder, is written last: a start stopped halfway
 * leaves a folder without it, which the next start unpacks again over what is there. */
export function unpackTemplate(gzipped: Uint8Array, dir: string): void {
  writeDataDir(readTar(gunzipSync(gzipped)), dir);
}

/** Writes a database folder's entries (a template's, a backup's) into `dir`, PG_VERSION last. */
export function writeDataDir(entries: ReturnType<typeof readTar>, dir: string): void {
  const last = entries.filter((e) => e.name === 'PG_VERSION');
  const made = new Set(['.']);
  const folder = (name: string) => {
    if (made.has(name)) return;
    mkdirSync(path.join(dir, name), { recursive: true, mode: 0o700 });
    made.add(name);
  };
  for (const e of entries) {
    if (e.name === 'PG_VERSION' || e.name === '.') continue;
    if (e.dir) folder(e.name);
    else {
      folder(path.posix.dirname(e.name));
      writeFileSync(path.join(dir, e.name), e.data, { mode: 0o600 });
    }
  }
  if (last.length !== 1) {
    rmSync(path.join(dir, 'PG_VERSION'), { force: true });
    throw new Error('the database archive has no PG_VERSION (not a PGlite folder)');
  }
  writeFileSync(path.join(dir, 'PG_VERSION'), last[0].data, { mode: 0o600 });
}
