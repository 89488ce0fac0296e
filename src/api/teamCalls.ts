/** The group area's calls (docs/product.md §7 "Accounts", "Helpers"): login, registration, uploads,
 * the team's own info. */
import type { z } from 'zod';
import type {
  agreementUploadsBody,
  creditCodeBody,
  faqQuery,
  noticeQuery,
  loginBody,
  oneUploadBody,
  passwordRecoveryBody,
  requestKindBody,
  teamContactBody,
  teamInfoBody,
  teamPasswordBody,
  teamPhoneBody,
  teamRegisterBody,
} from '../domain/contracts.ts';
import {
  TEAM_TYPES,
  type PasswordForm,
  type PhoneChange,
  type TeamDetails,
  type TeamRegistration,
  type TeamRequestKind,
  type TeamType,
  type UploadRequestKind,
} from '../domain/team.ts';
import type { Faq, Notice, Page, TeamInfo, TeamRequest } from '../domain/types.ts';
import { museumDate } from '../domain/museumTime.ts';
import { ApiError, call } from './client.ts';

type In<S extends z.ZodType> = z.input<S>;

/** The team login: the token, or the refusal with whether the slider check must come first. */
export async function teamLogin(creditCode: string, password: string, captchaToken: string | null) {
  try {
    const json = { username: creditCode, password, ...(captchaToken ? { captchaToken } : {}) } satisfies In<typeof loginBody>;
    const { token } = await call<{ token: string }>('/login', { method: 'post', json, anonymous: true, silent: true });
    return { token, refused: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 500) throw error;
    const captchaRequired = (error.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;
    return { token: null, refused: { message: error.message, captchaRequired } };
  }
}

export const checkTeamExists = (creditCode: string) =>
  call<{ exists: boolean }>('/system/user/ingore/checkTeamIsExist', {
    method: 'post',
    json: { creditCode } satisfies In<typeof creditCodeBody>,
    anonymous: true,
    silent: true,
  });

export const registerTeam = (form: TeamRegistration) =>
  call<{ teamId: number; message: string }>('/ingore/teamRegister', {
    method: 'post',
    json: {
      ...form,
      email: form.email?.trim() || undefined,
      agreementUploads: form.agreementUploads.filter((id) => id !== ''),
    } satisfies In<typeof teamRegisterBody>,
    anonymous: true,
    silent: true,
  });

export const getTeamInfo = () => call<{ team: TeamInfo }>('/getUserInfoToTeam').then((d) => d.team);

export const changeTeamPassword = (f: PasswordForm) =>
  call<null>('/system/user/updateTeamPassword', {
    method: 'post',
    json: { oldPassword: f.oldPassword, password: f.password, confirmPassword: f.confirmPassword } satisfies In<typeof teamPasswordBody>,
    silent: true,
  });

export const recoverTeamPassword = (f: PasswordForm) =>
  call<null>('/system/user/ingore/getBackTeamPasswordApply', {
    method: 'post',
    json: {
      creditCode: f.creditCode,
      contactPhone: f.contactPhone,
      code: f.code,
      password: f.password,
      confirmPassword: f.confirmPassword,
    } satisfies In<typeof passwordRecoveryBody>,
    anonymous: true,
    silent: true,
  });

const REQUEST_PATHS: Record<UploadRequestKind, string> = {
  unfreeze: '/system/user/freeAccountApply',
  credit: '/system/user/updateTeamCredit',
  protocol: '/system/user/updateTeamProtocol',
};

/** A school asks to have its free bookings restored, another group to be unfrozen: the same
 * request to the staff under the school's own call (docs/product.md §4.10). */
const requestPath = (kind: UploadRequestKind, teamType: TeamType) =>
  kind === 'unfreeze' && teamType === TEAM_TYPES.school ? '/system/user/restoreTeamFreeOrderApply' : REQUEST_PATHS[kind];

/** A request to the staff with its uploaded images (the agreement: two parts). */
export const sendTeamRequest = (kind: UploadRequestKind, teamType: TeamType, uploadIds: string[]) =>
  call<TeamRequest>(requestPath(kind, teamType), {
    method: 'post',
    json:
      kind === 'protocol'
        ? ({ uploadIds: [uploadIds[0], uploadIds[1]] } satisfies In<typeof agreementUploadsBody>)
        : ({ uploadId: uploadIds[0] } satisfies In<typeof oneUploadBody>),
    silent: true,
  });

export const getMyRequests = () => call<TeamRequest[]>('/system/user/teamRequests');

/** validateRenewSubmitApply: whether a request of `kind` may be sent now, and why not. */
export const checkRequestAllowed = (kind: TeamRequestKind) =>
  call<{ allowed: boolean; message: string | null }>('/system/user/validateRenewSubmitApply', {
    method: 'post',
    json: { kind } satisfies In<typeof requestKindBody>,
  });

/** personalCenter/changePhone: the new contact mobile and its code, for staff review. */
export const requestPhoneChange = (f: PhoneChange) =>
  call<TeamRequest>('/system/user/updateTeamContacterMobile', {
    method: 'post',
    json: { phone: f.phone, code: f.code } satisfies In<typeof teamPhoneBody>,
    silent: true,
  });

/** personalCenter/changeInfo: the address and e-mail, then the contact person. */
export async function saveTeamDetails(d: TeamDetails): Promise<void> {
  await call('/system/user/updateTeamInfo', { method: 'post', json: { address: d.address, email: d.email } satisfies In<typeof teamInfoBody>, silent: true });
  await call('/system/user/updateTeamContacterInfo', {
    method: 'post',
    json: { contactName: d.contactName } satisfies In<typeof teamContactBody>,
    silent: true,
  });
}

// Content for groups: questions and notices (no login)
export const getFaqs = () => call<Faq[]>('/basesetting/HallSetting/ingore/TeamFAQs', { searchParams: {} satisfies In<typeof faqQuery>, anonymous: true });

export const getNotices = (pageNum = 1, pageSize = 20) =>
  call<Page<Notice>>('/basesetting/HallSetting/ingore/getInformationManagement', {
    searchParams: { pageNum, pageSize, applicableEnd: museumDate(new Date()) } satisfies In<typeof noticeQuery>,
    anonymous: true,
  });

export const getNotice = (id: number) =>
  call<Page<Notice>>('/basesetting/HallSetting/ingore/getInformationManagement', {
    searchParams: { pageNum: 1, pageSize: 1, id } satisfies In<typeof noticeQuery>,
    anonymous: true,
  }).then((page) => page.rows[0] ?? null);
