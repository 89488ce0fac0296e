/** The dome cinemas' reads (SPEC §7 "Pool, calendar and seats"). */
import type { CinemaSession, SeatMap } from '../domain/types.ts';
import { call } from './client.ts';

export const getCinemaSessions = (hallId: number, queryDate: string) =>
  call<CinemaSession[]>('/pool/getScheduleByHallId', { searchParams: { hallId, queryDate } });

/** Silent: the seat map shows its own refusal and retry. */
export const getSeatMap = (scheduleId: number) => call<SeatMap>('/pool/getSeatByScheduleId', { searchParams: { scheduleId }, silent: true });
