/** server/batches.ts: group commit of the callers of one key. */
import { describe, expect, it } from 'vitest';
import { batches } from '../../server/batches.ts';

/** A batcher whose runs wait until released, recording what each run was given. */
function recorder(most = 10) {
  const runs: string[][] = [];
  const releases: Array<() => void> = [];
  const ask = batches<string, string, string>({
    most,
    distinct: (item) => item.split('#')[0],
    run: async (items) => {
      runs.push(items);
      await new Promise<void>((resolve) => releases.push(resolve));
      if (items.includes('boom')) throw new Error('the whole batch failed');
      return items.map((item) =>
        item.startsWith('no') ? { status: 'rejected', reason: new Error(`refused ${item}`) } : { status: 'fulfilled', value: `sold ${item}` },
      );
    },
  });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { ask, runs, release: () => releases.shift()?.(), settle };
}

describe('batches', () => {
  it('the first caller runs at once, alone; those who come meanwhile run together next, in their order', async () => {
    const { ask, runs, release, settle } = recorder();
    const first = ask('s1', 'ann');
    expect(runs).toEqual([['ann']]);
    const later = ['bob', 'cat', 'dan'].map((who) => ask('s1', who));
    await settle();
    expect(runs).toHaveLength(1);
    expect([ask.waiting('s1'), ask.waiting('s2')]).toEqual([3, 0]);
    release();
    expect(await first).toBe('sold ann');
    await settle();
    expect(runs[1]).toEqual(['bob', 'cat', 'dan']);
    expect(ask.waiting('s1')).toBe(0);
    release();
    expect(await Promise.all(later)).toEqual(['sold bob', 'sold cat', 'sold dan']);
  });

  it('each caller gets her own answer; a run that throws answers each of its callers with the error', async () => {
    const { ask, release, settle } = recorder();
    const first = ask('s1', 'ann');
    const mixed = [ask('s1', 'bob'), ask('s1', 'no-cat'), ask('s1', 'dan')];
    release();
    await first;
    await settle();
    release();
    expect(await Promise.allSettled(mixed)).toMatchObject([
      { status: 'fulfilled', value: 'sold bob' },
      { status: 'rejected', reason: { message: 'refused no-cat' } },
      { status: 'fulfilled', value: 'sold dan' },
    ]);
    const blocker = ask('s1', 'fay');
    const failing = [ask('s1', 'eve'), ask('s1', 'boom')];
    release();
    await blocker;
    await settle();
    release();
    for (const answer of await Promise.allSettled(failing)) expect(answer).toMatchObject({ status: 'rejected', reason: { message: 'the whole batch failed' } });
  });

  it('a batch holds at most `most` callers and never one key twice; other keys run beside it', async () => {
    const { ask, runs, release, settle } = recorder(2);
    const all = [ask('s1', 'ann'), ask('s1', 'bob#1'), ask('s1', 'bob#2'), ask('s1', 'cat'), ask('s2', 'dan')];
    await settle();
    expect(runs).toEqual([['ann'], ['dan']]);
    release();
    release();
    await settle();
    expect(runs[2]).toEqual(['bob#1', 'cat']);
    release();
    await settle();
    expect(runs[3]).toEqual(['bob#2']);
    release();
    expect(await Promise.all(all)).toEqual(['sold ann', 'sold bob#1', 'sold bob#2', 'sold cat', 'sold dan']);
  });
});
