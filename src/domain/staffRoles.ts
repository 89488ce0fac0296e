/** The museum staff's roles and what each may do; the server enforces them on every
 * staff route (`staffRoles` in the route's config), the console shows only what a role may use. */
import type { Text } from './text.ts';

export const STAFF_ROLES = ['admin', 'reviewer', 'gate', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff route does, by who may do it (an admin may do everything). */
export const STAFF_ABILITIES = {
  /** Group registrations, requests, freezing. */
  review: ['reviewer'],
  /** Checking tickets in at a gate. */
  checkIn: ['gate'],
  /** Taking a window payer's money. */
  takePayment: ['finance'],
  /** Listing requested invoices, issuing them, their PDFs. */
  invoice: ['finance'],
  /** Reading a day's figures (and its CSV). */
  figures: ['finance', 'reviewer'],
  /** Answering the visitors' and teams' message board. */
  reply: ['reviewer'],
  /** Refunds the payment platform refused: retried, or settled by hand. */
  refunds: ['finance'],
  /** Stopping and resuming sessions, their capacity, closing days, calling a session off: an admin's only. */
  operate: [],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffAbility = keyof typeof STAFF_ABILITIES;

export function staffMay(role: StaffRole, ability: StaffAbility): boolean {
  return role === 'admin' || (STAFF_ABILITIES[ability] as readonly StaffRole[]).includes(role);
}

/** The console's screens (STAFF_PATHS keys) and the ability each needs, in the menu's order:
 * the console's home shows a role only the screens it may use. */
export const STAFF_SCREENS = [
  ['teams', 'review'],
  ['messages', 'reply'],
  ['windowPayment', 'takePayment'],
  ['invoices', 'invoice'],
  ['refunds', 'refunds'],
  ['gate', 'checkIn'],
  ['day', 'figures'],
  ['sessions', 'operate'],
  ['settings', 'operate'],
  ['halls', 'operate'],
  ['packages', 'operate'],
  ['coupons', 'operate'],
  ['content', 'operate'],
] as const satisfies ReadonlyArray<readonly [string, StaffAbility]>;

export type StaffScreen = (typeof STAFF_SCREENS)[number][0];

export const staffScreensOf = (role: StaffRole): StaffScreen[] => STAFF_SCREENS.filter(([, ability]) => staffMay(role, ability)).map(([screen]) => screen);

/** Where a staff account's console opens (STAFF_PATHS): its own work. */
export const STAFF_HOME: Record<StaffRole, 'area' | 'teams' | 'gate' | 'windowPayment'> = {
  admin: 'area',
  reviewer: 'teams',
  gate: 'gate',
  finance: 'windowPayment',
};

export const STAFF_ROLE_TEXTS = {
  refused: { zh: '您的岗位无此权限', en: 'Your staff role may not do this' },
} as const satisfies Record<string, Text>;
