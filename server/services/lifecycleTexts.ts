/** Messages and order states shared by the after-sale services (cancel, refund, rebook, views). */
import type { Text } from '../../src/domain/text.ts';
import type { OrderStatus } from '../../src/domain/types.ts';

export const LIFECYCLE_TEXTS = {
  notCancelable: { zh: '该订单当前状态不可取消', en: 'This order cannot be cancelled in its current state' },
  visitPassed: { zh: '参观日期已过，不能退票或改签', en: 'The visit date has passed: no refund or change' },
  rebookOtherHall: { zh: '改签只能选择同一场馆的场次', en: 'A change must keep the same hall' },
  rebookSameSession: { zh: '请选择与原场次不同的场次', en: 'Please choose a session other than the current one' },
  shortLinkNotFound: { zh: '链接无效或订单不存在', en: 'The link is invalid or the order does not exist' },
  refundAlertTitle: { zh: '退票须知', en: 'Refund notice' },
  checkingTitle: { zh: '检票须知', en: 'Ticket checking instructions' },
  buyTipsTitle: { zh: '购票须知', en: 'Booking tips' },
} satisfies Record<string, Text>;

export const PAID_ORDER_STATES: readonly OrderStatus[] = ['completed', 'partlyRefunded', 'changed'];
