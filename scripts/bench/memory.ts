/** The memory of a benchmark's processes as Linux counts it (/proc), in MB: a process's peak
 * (VmHWM), its resident memory now (VmRSS) and its proportional share (Pss: a page shared by n
 * processes counts 1/n in each, so a sum over PostgreSQL's backends does not count its shared
 * buffers once per backend), and the children of a process (nginx's workers, the postmaster's
 * backends). */
import { readdirSync, readFileSync } from 'node:fs';

const mb = (kb: number) => kb / 1024;

function field(file: string, name: string): number {
  try {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return m ? mb(Number(m[1])) : 0;
  } catch {
    return 0; // gone between the listing and the read
  }
}

export const peakMb = (pid: number) => field(`/proc/${pid}/status`, 'VmHWM');
export const rssMb = (pid: number) => field(`/proc/${pid}/status`, 'VmRSS');
export const pssMb = (pid: number) => field(`/proc/${pid}/smaps_rollup`, 'Pss');

/** The processes whose parent is `pid`, with their command lines. */
export function childrenOf(pid: number): Array<{ pid: number; cmd: string }> {
  const found: Array<{ pid: number; cmd: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push({ pid: Number(name), cmd: readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch {
      /* gone */
    }
  }
  return found;
}

/** Calls `sample` every `ms` until stopped, keeping the largest value of each figure it returns. */
export function peaks<K extends string>(sample: () => Record<K, number>, ms = 1000): { stop(): Record<K, number> } {
  const top = {} as Record<K, number>;
  const take = () => {
    for (const [k, v] of Object.entries(sample()) as Array<[K, number]>) top[k] = Math.max(top[k] ?? 0, v);
  };
  take();
  const timer = setInterval(take, ms);
  return {
    stop() {
      clearInterval(timer);
      take();
      return top;
    },
  };
}
