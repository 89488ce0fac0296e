/** Group accounts (docs/product.md §3 "Team" and "Group registration fields", §4 "Team account states",
 * "Team status pop-ups", §5): the registration's field rules, and a team's run-time status
 * read from its review, freezing and document dates. Pure: the caller passes today. */
import {
  checkCode,
  checkCreditCode,
  checkCustomName,
  checkEmail,
  checkName,
  checkPasswordsMatch,
  checkPhone,
  checkTeamPassword,
  FIELD_LABELS,
  required,
} from './fields.ts';
import { fill, type Text } from './text.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

/** teamType values (docs/product.md §3: 2 is a school). */
export const TEAM_TYPES = {
  unit: 1,
  school: 2,
  enterprise: 3,
  travelAgency: 4,
  contractedTravelAgency: 5,
} as const;
export type TeamType = (typeof TEAM_TYPES)[keyof typeof TEAM_TYPES];

export const TEAM_TYPE_NAMES: Record<TeamType, Text> = {
  1: { zh: '个体/民办非企业单位', en: 'Individual or non-enterprise unit' },
  2: { zh: '学校', en: 'School' },
  3: { zh: '企业', en: 'Enterprise' },
  4: { zh: '旅行社', en: 'Travel agency' },
  5: { zh: '签约旅行社', en: 'Contracted travel agency' },
};

/** Travel agencies register with their agreement with the museum, in two parts. */
export function needsAgreement(teamType: TeamType): boolean {
  return teamType === TEAM_TYPES.travelAgency || teamType === TEAM_TYPES.contractedTravelAgency;
}

/** How many days before a certificate or agreement expires the team is told (docs/product.md §4 pop-ups 4-5). */
export const EXPIRY_NOTICE_DAYS = 7;

export const TEAM_LABELS = {
  teamName: { zh: '团体名称', en: 'Group name' },
  contactName: { zh: '联系人', en: 'Contact person' },
  contactPhone: { zh: '联系人手机号', en: 'Contact mobile' },
  code: { zh: '验证码', en: 'Verification code' },
  creditCode: { zh: '统一社会信用代码', en: 'Unified social credit code' },
  address: { zh: '地址', en: 'Address' },
  password: { zh: '密码', en: 'Password' },
  oldPassword: { zh: '原密码', en: 'Current password' },
  creditUpload: { zh: '统一社会信用代码证书', en: 'Credit code certificate' },
  agreementUploads: { zh: '旅行社协议（两部分）', en: 'Travel agency agreement (both parts)' },
  letterUpload: { zh: '介绍信', en: 'Introduction letter' },
} as const satisfies Record<string, Text>;

export interface TeamRegistration {
  teamName: string;
  teamType: TeamType;
  contactName: string;
  contactPhone: string;
  code: string;
  creditCode: string;
  address: string;
  email?: string;
  password: string;
  confirmPassword: string;
  /** Upload ids (POST /common/ingore/upload). */
  creditUpload: string;
  agreementUploads: string[];
  letterUpload: string;
}

export type TeamField = keyof TeamRegistration;

export interface FieldError {
  field: TeamField;
  message: Text;
}

/** Every refusal of a registration form, field by field, in the order the form shows its
 * fields: the first is the one the screen takes the eye to, and names in its summary. */
export function checkTeamRegistration(r: TeamRegistration): FieldError[] {
  const out: FieldError[] = [];
  const add = (field: TeamField, message: Text | null) => {
    if (message) out.push({ field, message });
  };
  add('teamName', required(TEAM_LABELS.teamName, r.teamName) ?? checkCustomName(r.teamName));
  add('creditCode', required(TEAM_LABELS.creditCode, r.creditCode) ?? checkCreditCode(r.creditCode));
  add('contactName', required(TEAM_LABELS.contactName, r.contactName) ?? checkName(r.contactName));
  add('contactPhone', required(TEAM_LABELS.contactPhone, r.contactPhone) ?? checkPhone(r.contactPhone));
  add('code', required(TEAM_LABELS.code, r.code));
  add('address', required(TEAM_LABELS.address, r.address));
  if (r.email?.trim()) add('email', checkEmail(r.email));
  add('password', required(TEAM_LABELS.password, r.password) ?? checkTeamPassword(r.password));
  add('confirmPassword', checkPasswordsMatch(r.password, r.confirmPassword));
  add('creditUpload', required(TEAM_LABELS.creditUpload, r.creditUpload));
  if (needsAgreement(r.teamType) && r.agreementUploads.filter((u) => u.trim()).length < 2) {
    add('agreementUploads', required(TEAM_LABELS.agreementUploads, []));
  }
  add('letterUpload', required(TEAM_LABELS.letterUpload, r.letterUpload));
  return out;
}

/** docs/product.md §3 teamRunTimeStatus (its schema, with what the values mean: answers.ts teamRunTimeStatus). */
export type TeamRunTimeStatus = z.output<typeof answers.teamRunTimeStatus>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Dates 'YYYY-MM-DD' in museum time; a document is valid through its expiry date. */
export function teamRunTimeStatus(creditExpiresOn: string | null, protocolExpiresOn: string | null, today: string): TeamRunTimeStatus {
  const left = (date: string | null) => (date === null ? Infinity : daysBetween(today, date));
  const credit = left(creditExpiresOn);
  const protocol = left(protocolExpiresOn);
  return {
    creditStatus: credit >= 0 ? 1 : 0,
    protocolStatus: protocol >= 0 ? 1 : 0,
    creditWillExpireFlag: credit >= 0 && credit <= EXPIRY_NOTICE_DAYS,
    protocolWillExpireFlag: protocol >= 0 && protocol <= EXPIRY_NOTICE_DAYS,
  };
}

export const REVIEW_MESSAGES = {
  reason: { zh: '请填写不通过的原因', en: 'Please give the reason for the rejection' },
  creditDate: { zh: '请填写信用代码证书的有效期', en: 'Please enter the expiry date of the credit certificate' },
  protocolDate: { zh: '请填写旅行社协议的有效期', en: 'Please enter the expiry date of the travel agency agreement' },
  dateInPast: { zh: '有效期须晚于今天', en: 'An expiry date must be after today' },
} as const satisfies Record<string, Text>;

/** A staff decision on a registration: approval needs the credit certificate's expiry date
 * (and the agreement's, for a travel agency), each after today; a rejection needs a reason. */
export interface ReviewDecision {
  approve: boolean;
  reason?: string;
  creditExpiresOn?: string;
  protocolExpiresOn?: string;
}

export function checkReview(decision: ReviewDecision, teamType: TeamType, today: string): Text | null {
  if (!decision.approve) return decision.reason?.trim() ? null : REVIEW_MESSAGES.reason;
  if (!decision.creditExpiresOn) return REVIEW_MESSAGES.creditDate;
  const agency = needsAgreement(teamType);
  if (agency && !decision.protocolExpiresOn) return REVIEW_MESSAGES.protocolDate;
  const dates = agency ? [decision.creditExpiresOn, decision.protocolExpiresOn ?? ''] : [decision.creditExpiresOn];
  return dates.every((d) => expiresAfter(d, today)) ? null : REVIEW_MESSAGES.dateInPast;
}

/** A document's expiry date as the staff type it: a YYYY-MM-DD after today. */
const expiresAfter = (date: string, today: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && date > today;

/** The team status pop-ups (docs/product.md §4), in the order they are shown. */
export type TeamNoticeKind = 'creditExpired' | 'frozenSchool' | 'frozenOther' | 'protocolExpired' | 'creditWillExpire' | 'protocolWillExpire';

export const TEAM_NOTICES: Record<TeamNoticeKind, Text> = {
  creditExpired: {
    zh: '您的统一社会信用代码证书已过期，请上传新的证书，审核通过后方可预约。',
    en: 'Your credit code certificate has expired. Upload the new one: you can book again once it is approved.',
  },
  frozenSchool: {
    zh: '学校账号已被冻结，暂不能预约。请上传加盖学校公章的情况说明申请解冻。',
    en: 'The school account is frozen and cannot book. Upload an explanation stamped by the school to ask for unfreezing.',
  },
  frozenOther: {
    zh: '团体账号已被冻结，暂不能预约。请上传加盖公章的情况说明申请解冻，或联系客服。',
    en: 'The group account is frozen and cannot book. Upload a stamped explanation to ask for unfreezing, or contact service.',
  },
  protocolExpired: {
    zh: '旅行社协议已过期：仍可预约，但不享受协议优惠价格。请上传新的协议。',
    en: 'Your travel agency agreement has expired: you can still book, without the agreement prices. Upload the new agreement.',
  },
  creditWillExpire: {
    zh: '统一社会信用代码证书将于{date}到期，请及时上传新的证书。',
    en: 'Your credit code certificate expires on {date}: upload the new one in time.',
  },
  protocolWillExpire: {
    zh: '旅行社协议将于{date}到期，请及时上传新的协议。',
    en: 'Your travel agency agreement expires on {date}: upload the new one in time.',
  },
};

export interface TeamNotice {
  kind: TeamNoticeKind;
  message: Text;
}

/** What the team is told on arrival, in docs/product.md §4's order. */
export function teamNotices(team: {
  teamType: TeamType;
  status: 0 | 1;
  creditExpiresOn: string | null;
  protocolExpiresOn: string | null;
  teamRunTimeStatus: TeamRunTimeStatus;
}): TeamNotice[] {
  const s = team.teamRunTimeStatus;
  const kinds: TeamNoticeKind[] = [];
  if (s.creditStatus === 0) kinds.push('creditExpired');
  if (team.status === 1) kinds.push(team.teamType === TEAM_TYPES.school ? 'frozenSchool' : 'frozenOther');
  if (s.protocolStatus === 0) kinds.push('protocolExpired');
  if (s.creditWillExpireFlag) kinds.push('creditWillExpire');
  if (s.protocolWillExpireFlag) kinds.push('protocolWillExpire');
  return kinds.map((kind) => {
    const date = kind === 'creditWillExpire' ? team.creditExpiresOn : team.protocolExpiresOn;
    return { kind, message: fill(TEAM_NOTICES[kind], { date: date ?? '' }) };
  });
}

/** A new team password: the format, typed twice the same. */
export function checkNewPassword(password: string, confirmPassword: string): Text | null {
  return required(TEAM_LABELS.password, password) ?? checkTeamPassword(password) ?? checkPasswordsMatch(password, confirmPassword);
}

/** The password forms of the group area: change (logged in) and recover (forgotten). */
export interface PasswordForm {
  oldPassword: string;
  creditCode: string;
  contactPhone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export function checkPasswordForm(mode: 'change' | 'recover', f: PasswordForm): Text | null {
  const first =
    mode === 'change'
      ? required(TEAM_LABELS.oldPassword, f.oldPassword)
      : (required(TEAM_LABELS.creditCode, f.creditCode) ??
        checkCreditCode(f.creditCode) ??
        required(TEAM_LABELS.contactPhone, f.contactPhone) ??
        checkPhone(f.contactPhone) ??
        required(TEAM_LABELS.code, f.code));
  return first ?? checkNewPassword(f.password, f.confirmPassword);
}

/** Why a team cannot book now (docs/product.md §5 account rules, §8 "Account abnormal, cannot book: go to
 * the group centre", the centre's name on its own screen), or null. An agency whose agreement expired still books, without the
 * agreement prices (`discounts` false). */
export const TEAM_BOOKING_BLOCKS = {
  abnormal: { zh: '账户异常，无法预约：请前往团体中心查看', en: 'Account abnormal, cannot book: please go to the group centre' },
  creditExpired: {
    zh: '统一社会信用代码证书已过期，无法预约：请前往团体中心上传新的证书',
    en: 'The credit code certificate has expired, so the group cannot book: upload the new one in the group centre',
  },
} as const satisfies Record<string, Text>;

export function teamBookingBlock(team: { verifiedStatus: 0 | 1 | 2; status: 0 | 1; teamRunTimeStatus: TeamRunTimeStatus }): Text | null {
  if (team.verifiedStatus !== 1 || team.status === 1) return TEAM_BOOKING_BLOCKS.abnormal;
  if (team.teamRunTimeStatus.creditStatus === 0) return TEAM_BOOKING_BLOCKS.creditExpired;
  return null;
}

/** What the calendar says instead of its days to a team that cannot book, with what to do
 * (the request in the group centre): frozen, or its credit certificate expired; else null. */
export function bookingBlockNotice(team: { teamType: TeamType; verifiedStatus: 0 | 1 | 2; status: 0 | 1; teamRunTimeStatus: TeamRunTimeStatus }): Text | null {
  if (team.verifiedStatus !== 1 || teamBookingBlock(team) === null) return null;
  if (team.status === 1) return TEAM_NOTICES[team.teamType === TEAM_TYPES.school ? 'frozenSchool' : 'frozenOther'];
  return TEAM_NOTICES.creditExpired;
}

/** What a team asks the staff for after registration: unfreezing, a renewed certificate or
 * agreement, a new contact mobile. */
export type TeamRequestKind = 'unfreeze' | 'credit' | 'protocol' | 'phone';
/** The requests made with uploaded images. */
export type UploadRequestKind = Exclude<TeamRequestKind, 'phone'>;

/** A renewal is approved with the new document's expiry date. */
export const isRenewal = (kind: TeamRequestKind) => kind === 'credit' || kind === 'protocol';

export const REQUEST_REFUSALS = {
  notVerified: { zh: '团体尚未通过审核', en: 'The group has not been approved yet' },
  notFrozen: { zh: '账号未被冻结，无需申请解冻', en: 'The account is not frozen: there is nothing to unfreeze' },
  notSchool: {
    zh: '只有学校团体可申请恢复免费预约，其他团体请申请解冻',
    en: 'Only a school asks to have its free bookings restored; other groups ask to be unfrozen',
  },
  noAgreement: { zh: '只有旅行社需要上传协议', en: 'Only travel agencies upload an agreement' },
  pending: { zh: '已有一份申请在审核中，请耐心等待', en: 'A request of this kind is being reviewed; please wait for its result' },
} as const satisfies Record<string, Text>;

/** Why the team may not ask for `kind` now, or null; `pending`: it has one of that kind open. */
export function requestRefusal(team: { verifiedStatus: 0 | 1 | 2; status: 0 | 1; teamType: TeamType }, kind: TeamRequestKind, pending: boolean): Text | null {
  if (team.verifiedStatus !== 1) return REQUEST_REFUSALS.notVerified;
  if (kind === 'unfreeze' && team.status !== 1) return REQUEST_REFUSALS.notFrozen;
  if (kind === 'protocol' && !needsAgreement(team.teamType)) return REQUEST_REFUSALS.noAgreement;
  return pending ? REQUEST_REFUSALS.pending : null;
}

/** A staff decision on a team's request: a renewal is approved with the document's new expiry
 * date (after today); the others need none; a rejection needs a reason. */
export function checkRequestReview(kind: TeamRequestKind, decision: { approve: boolean; reason?: string; expiresOn?: string }, today: string): Text | null {
  if (!decision.approve) return decision.reason?.trim() ? null : REVIEW_MESSAGES.reason;
  if (!isRenewal(kind)) return null;
  if (!decision.expiresOn) return kind === 'credit' ? REVIEW_MESSAGES.creditDate : REVIEW_MESSAGES.protocolDate;
  return expiresAfter(decision.expiresOn, today) ? null : REVIEW_MESSAGES.dateInPast;
}

/** What a team changes itself (personalCenter/changeInfo): the address, the e-mail and the
 * contact person. The name and the credit code come from the certificate; the contact mobile
 * changes with a code to the new number. */
export interface TeamDetails {
  address: string;
  email: string;
  contactName: string;
}

export function checkTeamDetails(d: TeamDetails): Text | null {
  return (
    required(TEAM_LABELS.address, d.address) ??
    (d.email.trim() ? checkEmail(d.email) : null) ??
    required(TEAM_LABELS.contactName, d.contactName) ??
    checkName(d.contactName)
  );
}

/** personalCenter/changePhone: the new contact mobile and the code sent to it. The new number
 * replaces the registered one after staff review (docs/product.md §8 "phone differs"). */
export interface PhoneChange {
  phone: string;
  code: string;
}

export function checkPhoneChange(f: PhoneChange): Text | null {
  return required(FIELD_LABELS.phone, f.phone) ?? checkPhone(f.phone) ?? checkCode(f.code);
}
