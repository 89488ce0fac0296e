/** The group draft's calls (SPEC §7 "Pool", "Orders"): the team calendar, the halls taking
 * groups, the group settings of a hall and day, and placing a group order. */
import type { z } from 'zod';
import type { groupOrderBody } from '../domain/contracts.ts';
import type { GroupOrderRequest } from '../domain/groupRules.ts';
import type { CalendarDay, GroupSetting, HallPool, PlaceOrderResult } from '../domain/types.ts';
import { call, callRaw } from './client.ts';

export const getTeamCalendar = () => call<CalendarDay[]>('/pool/getHallCalendar');

export const getGroupHalls = (queryDate: string) =>
  call<HallPool[]>('/pool/ingore/getHall', { anonymous: true, searchParams: { openPerson: 2, queryDate, saleMode: 1 } });

export const getGroupSetting = (hallId: number, useDate: string) =>
  call<GroupSetting>('/config/orderRule/getSchoolFreeTicket', { searchParams: { hallId, useDate } });

/** 200 with the order, or 502 and none (passed through as data, SPEC §8); other refusals reject. */
export const placeGroupOrder = (request: GroupOrderRequest) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: request satisfies z.input<typeof groupOrderBody>,
    silent: true,
  });
