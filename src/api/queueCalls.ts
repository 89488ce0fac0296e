/** The release queue's calls (docs/product.md §2.13). Each answer carries the client's clock at
 * its arrival, so the machine's countdowns run on the server's time (machines/ticker.ts). */
import type { z } from 'zod';
import type { queueEnterBody, queuePositionBody } from '../domain/contracts.ts';
import type { QueueStatus } from '../domain/releaseQueue.ts';
import { call } from './client.ts';

const received = (status: QueueStatus) => ({ ...status, receivedAt: Date.now() });

export const checkQueue = async (date: string) => received(await call<QueueStatus>('/queue/check', { searchParams: { date }, silent: true }));

export const enterQueue = async (date: string, captchaToken: string) =>
  received(await call<QueueStatus>('/queue/enter', { method: 'post', json: { date, captchaToken } satisfies z.input<typeof queueEnterBody>, silent: true }));

export const readQueue = async (ticket: string) =>
  received(await call<QueueStatus>('/queue/position', { method: 'post', json: { ticket } satisfies z.input<typeof queuePositionBody>, silent: true }));
