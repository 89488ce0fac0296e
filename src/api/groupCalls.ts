/** The group draft's calls (docs/product.md §7 "Pool", "Orders"): the team calendar, the halls taking
 * groups, the group settings of a hall and day, placing a group order or putting it in the
 * team's cart, and the team's cart. (Removing and paying for an entry are the visitor's cart
 * calls: the same paths, answered per token.) */
import type { z } from 'zod';
import type { groupOrderBody } from '../domain/contracts.ts';
import type { GroupOrderRequest } from '../domain/groupRules.ts';
import type { CalendarDay, CartAddResult, GroupCart, GroupSetting, HallPool, PlaceOrderResult } from '../domain/types.ts';
import { call, callRaw } from './client.ts';

export const getTeamCalendar = () => call<CalendarDay[]>('/pool/getHallCalendar');

export const getGroupHalls = (queryDate: string) =>
  call<HallPool[]>('/pool/ingore/getHall', { anonymous: true, searchParams: { openPerson: 2, queryDate, saleMode: 1 } });

export const getGroupSetting = (hallId: number, useDate: string) =>
  call<GroupSetting>('/config/orderRule/getSchoolFreeTicket', { searchParams: { hallId, useDate } });

/** 200 with the order, or 502 and none (passed through as data, docs/product.md §8); other refusals reject. */
export const placeGroupOrder = (request: GroupOrderRequest) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: request satisfies z.input<typeof groupOrderBody>,
    silent: true,
  });

/** placeOrder with poolFlag 1: the group waits in the team's cart, holding its places. */
export const addGroupToCart = (request: GroupOrderRequest) =>
  callRaw<CartAddResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: { ...request, poolFlag: 1 } satisfies z.input<typeof groupOrderBody>,
    silent: true,
  });

export const getGroupCart = () => call<GroupCart>('/query/order/getShoppingCart');
