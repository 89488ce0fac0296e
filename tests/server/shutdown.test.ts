/** SIGTERM's graceful stop (docs/operations.md §8), on a server listening on a real port: a
 * request in flight when the stop begins is answered in full and its connection closed, a new
 * connection is refused, and only then do the jobs stop, the worker pool's threads end and the
 * database close. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage } from '../../server/providers/sms.ts';
import { gracefulShutdown } from '../../server/shutdown.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('a graceful stop', () => {
  it('answers the request in flight, refuses new connections, then stops the jobs, ends the worker threads and closes the database', async () => {
    // The SMS gateway holds the code's message until the test lets it go: the request is in flight.
    let entered = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sms = t.deps.providers.sms;
    const send = sms.send.bind(sms);
    sms.send = async (message: SmsMessage) => {
      entered = true;
      await held;
      return send(message);
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;

    const answer = fetch(`${base}/prod-api/ingore/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en_us' },
      body: JSON.stringify({ phone: '13700000101' }),
    }).then(async (r) => ({ status: r.status, connection: r.headers.get('connection'), body: await r.json() }));
    await expect.poll(() => entered).toBe(true);

    // The worker pool has a thread running (a task that finds no face detector installed).
    const work = t.deps.work;
    expect(await work.run({ kind: 'warmFace', root: '/nonexistent' })).toBe(false);
    expect(work.stats().alive).toBe(1);

    const done: string[] = [];
    const stop = gracefulShutdown(
      {
        app: t.app,
        jobs: [() => done.push('job A'), async () => done.push('job B')],
        work: { close: () => work.close().then(() => void done.push('work pool')) },
        db: { close: async () => void done.push('database') },
        unlock: () => done.push('lock'),
      },
      (line) => done.push(line),
    );
    const stopped = stop('SIGTERM');
    // A second signal joins the stop under way.
    expect(stop('SIGINT')).toBe(stopped);

    // No new connection is taken while the request in flight still runs.
    await expect
      .poll(() =>
        fetch(`${base}/healthz`).then(
          () => 'answered',
          (e: Error) => (e.cause as { code?: string })?.code,
        ),
      )
      .toBe('ECONNREFUSED');
    expect(done).toEqual(['[server] SIGTERM: shutting down']);

    release();
    // Answered in full, and its connection closed after it: kept alive, it would hold the stop for
    // the keep-alive timeout.
    expect(await answer).toEqual({ status: 200, connection: 'close', body: expect.objectContaining({ code: 200 }) });
    await stopped;
    expect(done).toEqual(['[server] SIGTERM: shutting down', 'job A', 'job B', 'work pool', 'database', 'lock']);
    expect(work.stats().alive).toBe(0);
    expect(sms.outbox!('13700000101')).toHaveLength(1);
  });
});
