/** The settings museum staff own (docs/product.md §3 config): which config keys an admin may
 * change, what each means, and the values each takes. Texts (tips, policies, agreements) are
 * HTML in zh and en, sanitized on the server when saved and again when shown. */
import { fill, type Text } from './text.ts';

interface KeyRule {
  label: Text;
  min: number;
  max: number;
  /** An empty value is allowed and means "never" or "no limit". */
  emptyAllowed?: boolean;
}

export const STAFF_CONFIG_KEYS = {
  person_shoppingcart_hold_period: { label: { zh: '购物车保留（分钟）', en: 'Cart hold (minutes)' }, min: 1, max: 120 },
  person_pay_hold_period: { label: { zh: '个人订单支付时限（分钟）', en: 'Time to pay a visitor order (minutes)' }, min: 1, max: 120 },
  team_pay_hold_period: { label: { zh: '团体订单支付时限（分钟）', en: 'Time to pay a group order (minutes)' }, min: 1, max: 1440 },
  refund_percentage: { label: { zh: '部分退票最多比例（%）', en: 'Largest partial refund (%)' }, min: 1, max: 100, emptyAllowed: true },
  hall_main_oneperson_totalfreechild: { label: { zh: '主展厅每位成人可带免费儿童', en: 'Free children per adult, main hall' }, min: 0, max: 4 },
  hall_temporary_oneperson_totalfreechild: { label: { zh: '短期展厅每位成人可带免费儿童', en: 'Free children per adult, short-term hall' }, min: 0, max: 4 },
  black_list_missed_visits: { label: { zh: '失约几次限制预约', en: 'Missed visits before booking is blocked' }, min: 1, max: 20 },
  black_list_window_days: { label: { zh: '失约统计天数', en: 'Days missed visits count for' }, min: 1, max: 3650 },
  team_min_arrival_percent: { label: { zh: '免费学生最低到馆比例（%）', en: 'Free pupils who must come (%)' }, min: 0, max: 100 },
  team_refund_freeze_count: { label: { zh: '团体退票几次冻结（0 为不冻结）', en: 'Group refunds before freezing (0: never)' }, min: 0, max: 50 },
  agency_discount_percent: { label: { zh: '签约旅行社价格（%）', en: 'Contracted agency price (%)' }, min: 1, max: 100 },
  audience_message_function: { label: { zh: '留言板开放（1 开 / 0 关）', en: 'Message board open (1: on, 0: off)' }, min: 0, max: 1 },
  face_enable: { label: { zh: '人像采集开放（1 开 / 0 关）', en: 'Face photos offered (1: on, 0: off)' }, min: 0, max: 1 },
  ocr_enable: { label: { zh: '证件识别开放（1 开 / 0 关）', en: 'Certificate recognition offered (1: on, 0: off)' }, min: 0, max: 1 },
  refund_for_print_ticket: {
    label: { zh: '已领纸质票或手环可退票（1 可 / 0 不可）', en: 'Collected tickets (paper or wristband) refundable (1: yes, 0: no)' },
    min: 0,
    max: 1,
  },
  change_switch_after_get_ticket: {
    label: { zh: '已领纸质票或手环可改签（1 可 / 0 不可）', en: 'Collected tickets (paper or wristband) changeable (1: yes, 0: no)' },
    min: 0,
    max: 1,
  },
  // A museum that builds its catalogue in the console says here when its English texts are ready.
  i18n: { label: { zh: '英文界面开放（1 开 / 0 关）', en: 'English offered (1: on, 0: off)' }, min: 0, max: 1 },
  leader_free_per_charged: {
    label: { zh: '领队免费所需付费票数（空为不免）', en: 'Paid tickets for a free tour leader (empty: never)' },
    min: 1,
    max: 500,
    emptyAllowed: true,
  },
} as const satisfies Record<string, KeyRule>;

export type StaffConfigKey = keyof typeof STAFF_CONFIG_KEYS;

/** One setting an admin saves. */
export type SettingsChange = { kind: 'config'; key: string; value: string } | { kind: 'text'; name: string; zh: string; en: string };

export const SETTINGS_TEXTS = {
  unknownKey: { zh: '该配置项不可修改', en: 'This setting cannot be changed here' },
  range: { zh: '“{label}”须为 {min} 到 {max} 之间的整数', en: '"{label}" must be a whole number from {min} to {max}' },
  unknownText: { zh: '该文案不存在', en: 'No such text' },
  textEmpty: { zh: '中文和英文文案都不能为空', en: 'Both the Chinese and the English text are needed' },
} as const satisfies Record<string, Text>;

/** The texts a museum writes (docs/product.md §1.3): a fresh production database has none of
 * them, and the settings screen offers each to be written. */
export const MUSEUM_TEXT_NAMES = [
  'system_name',
  'museum_name',
  'notice',
  'buy_tips',
  'first_order_tips',
  'ticketing_tips',
  'visit_time',
  'user_agreement',
  'portrait_agreement',
  'refund_alert',
  'refund_change_policy',
  'ticket_checking_instructions',
  'museumStopSaleContent',
  'closed_reason',
  'stopped_reason',
] as const;
export const isMuseumTextName = (name: string) => (MUSEUM_TEXT_NAMES as readonly string[]).includes(name);

export const isStaffConfigKey = (key: string): key is StaffConfigKey => Object.hasOwn(STAFF_CONFIG_KEYS, key);

/** Why this value may not be stored under this key (null: it may). */
export function checkConfigValue(key: string, value: string): Text | null {
  if (!isStaffConfigKey(key)) return SETTINGS_TEXTS.unknownKey;
  const rule: KeyRule = STAFF_CONFIG_KEYS[key];
  const v = value.trim();
  if (v === '' && rule.emptyAllowed) return null;
  if (!/^\d{1,6}$/.test(v) || Number(v) < rule.min || Number(v) > rule.max)
    return fill(SETTINGS_TEXTS.range, { label: rule.label, min: rule.min, max: rule.max });
  return null;
}
