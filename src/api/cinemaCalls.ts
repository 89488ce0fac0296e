/** The dome cinemas' reads (docs/product.md §7 "Pool, calendar and seats") and the packages. */
import type { z } from 'zod';
import type { packageOrderBody } from '../domain/contracts.ts';
import type { PackageDraft } from '../domain/packages.ts';
import type { CinemaSession, PlaceOrderResult, SeatMap, TicketPackage } from '../domain/types.ts';
import { call, callRaw } from './client.ts';

export const getCinemaSessions = (hallId: number, queryDate: string) =>
  call<CinemaSession[]>('/pool/getScheduleByHallId', { searchParams: { hallId, queryDate } });

/** Silent: the seat map shows its own refusal and retry. */
export const getSeatMap = (scheduleId: number) => call<SeatMap>('/pool/getSeatByScheduleId', { searchParams: { scheduleId }, silent: true });

/** The day's packages (admission and a film at one price), open without login. */
export const getPackages = (queryDate: string) => call<TicketPackage[]>('/pool/ingore/getPackages', { searchParams: { queryDate }, anonymous: true });

/** placeOrder with packageId; 502 (no order) comes back as data, as for a direct order. */
export const placePackage = (packageId: number, d: PackageDraft) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: {
      packageId,
      date: d.visitDate,
      admissionScheduleId: d.admissionScheduleId ?? 0,
      filmScheduleId: d.filmScheduleId ?? 0,
      visitors: d.visitors.map((v) => ({ userName: v.name, certificate: v.certificateType, certificateInfo: v.certificateNumber })),
      captchaToken: d.captchaToken ?? '',
    } satisfies z.input<typeof packageOrderBody>,
    silent: true,
  });
