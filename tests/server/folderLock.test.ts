/** One server per PGlite folder (server/db/folderLock.ts): a live holder keeps the folder; a killed
 * one's lock is taken over at once, even while its process is a zombie or its pid is reused. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderLockedError, lockFolder } from '../../server/db/folderLock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'museum-folder-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, 'server.lock');
const startOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];

describe.skipIf(process.platform !== 'linux')('the PGlite folder lock', () => {
  it('is refused while its holder lives, and released by it', async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await once(holder, 'spawn');
    try {
      writeFileSync(lockFile(), `${holder.pid} ${startOf(holder.pid!)}`);
      expect(() => lockFolder(dir)).toThrow(FolderLockedError);
    } finally {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
    const release = lockFolder(dir);
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    release();
    expect(() => readFileSync(lockFile())).toThrow();
  });

  it('is taken over when its holder is a zombie its parent has not reaped', async () => {
    // The shell starts a child, then becomes `sleep`, which never reaps it: killed, it stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60']);
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      // Killed before the shell became `sleep`, the child would be reaped by the shell itself.
      await expect.poll(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim()).toBe('sleep');
      process.kill(zombie, 'SIGKILL');
      await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1][0]).toBe('Z');
      writeFileSync(lockFile(), `${zombie} ${startOf(zombie)}`);
      lockFolder(dir)();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('is taken over when its pid now belongs to a process that started after it', () => {
    writeFileSync(lockFile(), `${process.ppid} 1`);
    lockFolder(dir)();
  });
});
