/** Group accounts (docs/product.md §3, §4, §5, §7 "Accounts"): registration, the credit-code check,
 * the team login by credit code and password, and what a team sees of itself. */
import type { z } from 'zod';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { consumeToken } from '../providers/captcha.ts';
import { museumDate } from '../time.ts';
import { maskPhone } from '../../src/domain/certificates.ts';
import type { creditCodeBody, passwordRecoveryBody, teamPasswordBody, teamRegisterBody } from '../../src/domain/contracts.ts';
import {
  checkNewPassword,
  checkTeamDetails,
  checkTeamRegistration,
  needsAgreement,
  teamRunTimeStatus,
  type TeamDetails,
  type TeamType,
} from '../../src/domain/team.ts';
import type { TeamInfo, TeamSummary } from '../../src/domain/types.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import { verifyCode } from './login.ts';
import { captchaNeeded, hashPassword, passwordMatches, recordWrongPassword, refuseLockedOut } from './passwords.ts';
import { uploadRowId } from './uploads.ts';
import { teamLangColumn, teamTypeColumn } from '../db/columns.ts';
import { frozenReasonIn } from '../../src/domain/teamFreezing.ts';

export const TEAM_TEXTS = {
  exists: { zh: '该统一社会信用代码已注册', en: 'This unified social credit code is already registered' },
  submitted: {
    zh: '注册已提交，将在3个工作日内完成审核，审核结果将以短信通知',
    en: 'Registration submitted: it is reviewed within 3 days, and the result comes by text message',
  },
  wrongPassword: { zh: '统一社会信用代码或密码错误', en: 'Credit code or password is incorrect' },
  captchaNeeded: { zh: '请先完成滑块验证', en: 'Please complete the slider check first' },
  notFound: { zh: '团体账号不存在，请重新登录', en: 'The group account does not exist; please log in again' },
  /** For the staff, who name a team by id. */
  noSuchTeam: { zh: '团体不存在', en: 'The group does not exist' },
  oldPassword: { zh: '原密码不正确', en: 'The current password is incorrect' },
  samePassword: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  recoveryMismatch: {
    zh: '信用代码与注册的联系人手机不匹配',
    en: 'The credit code and the registered contact mobile do not match',
  },
} satisfies Record<string, Text>;

type RegisterInput = z.output<typeof teamRegisterBody>;

/** Why a replaced registrant's open request was closed (the staff read it in the request's history). */
const REPLACED_REASON = 'registration replaced by a new registrant';

/** teamRegister: every field rule again, the SMS code of the contact mobile, the uploads
 * linked as the team's documents; the team waits for staff review. */
export async function registerTeam(deps: AppDeps, input: RegisterInput, ip: string, lang: Lang): Promise<{ message: string; teamId: number }> {
  const creditCode = input.creditCode.trim().toUpperCase();
  const form = { ...input, creditCode, teamType: input.teamType };
  const [first] = checkTeamRegistration(form);
  if (first) throw fail(first.message);
  // What can be refused without the code is refused first: a refusal then leaves the code unspent.
  if (await exists(deps.db, creditCode)) throw fail(TEAM_TEXTS.exists);
  for (const id of documentsOf(input, form.teamType).map(([, upload]) => upload)) await uploadRowId(deps.db, id);
  await verifyCode(deps, input.contactPhone.trim(), input.code, ip);
  const now = deps.clock();
  const passwordHash = await hashPassword(input.password);
  const teamId = await deps.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`team:${creditCode}`]);
    if (await exists(q, creditCode)) throw fail(TEAM_TEXTS.exists);
    const uploads = [];
    for (const [kind, id] of documentsOf(input, form.teamType)) uploads.push([kind, await uploadRowId(q, id)] as const);
    // A rejected registration is replaced: the same row waits for review again, but as a new
    // registrant's (docs/architecture.md "Tokens and sessions"): whoever registered before, perhaps
    // not the body the credit code names, keeps no token (the version moves on), no owner of
    // orders, carts or messages (a new owner user, made by migration 012's trigger), no frequent
    // visitors and no open request.
    const [team] = await q.query<{ id: number; replaced: boolean }>(
      `INSERT INTO teams (team_name, team_type, credit_code, contact_name, contact_phone, address, email, password_hash, created_at, lang)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (credit_code) DO UPDATE SET team_name = EXCLUDED.team_name, team_type = EXCLUDED.team_type, lang = EXCLUDED.lang,
         contact_name = EXCLUDED.contact_name, contact_phone = EXCLUDED.contact_phone, address = EXCLUDED.address,
         email = EXCLUDED.email, password_hash = EXCLUDED.password_hash, created_at = EXCLUDED.created_at,
         review_state = 'pending', review_reason = NULL, reviewed_at = NULL, reviewed_by = NULL,
         token_version = teams.token_version + 1
       RETURNING id, token_version > 0 AS replaced`,
      [
        input.teamName.trim(),
        form.teamType,
        creditCode,
        input.contactName.trim(),
        input.contactPhone.trim(),
        input.address.trim(),
        input.email?.trim() || null,
        passwordHash,
        now,
        lang,
      ],
    );
    if (team.replaced) await forgetRegistrant(q, team.id, input.teamName.trim(), now);
    await q.query('DELETE FROM team_documents WHERE team_id = $1', [team.id]);
    for (const [kind, uploadId] of uploads) {
      await q.query('INSERT INTO team_documents (team_id, kind, upload_id) VALUES ($1, $2, $3)', [team.id, kind, uploadId]);
    }
    return team.id;
  });
  return { teamId, message: TEAM_TEXTS.submitted[lang] };
}

/** What a replaced registrant made under the team goes with her: a new owner user (orders,
 * carts, messages, coupons stay with the old one, which nobody can log in as), the frequent
 * visitors deleted, open requests rejected. */
async function forgetRegistrant(q: Queryable, teamId: number, teamName: string, now: Date): Promise<void> {
  const [owner] = await q.query<{ id: number }>(
    'INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES (NULL, $1, 2, 0, $2) RETURNING id',
    [teamName, now],
  );
  await q.query('UPDATE teams SET user_id = $2 WHERE id = $1', [teamId, owner.id]);
  await q.query('DELETE FROM contacts WHERE team_id = $1', [teamId]);
  await q.query(`UPDATE team_requests SET state = 'rejected', review_reason = $2, reviewed_at = $3 WHERE team_id = $1 AND state = 'pending'`, [
    teamId,
    REPLACED_REASON,
    now,
  ]);
}

/** The documents a registration brings: [kind, upload id]. */
function documentsOf(input: RegisterInput, teamType: TeamType): Array<[kind: string, uploadId: string]> {
  return [
    ['credit', input.creditUpload],
    ['letter', input.letterUpload],
    ...(needsAgreement(teamType)
      ? ([
          ['protocol1', input.agreementUploads[0]],
          ['protocol2', input.agreementUploads[1]],
        ] as Array<[string, string]>)
      : []),
  ];
}

/** Registered and not rejected: a rejected team registers again under its credit code. */
async function exists(q: Queryable, creditCode: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM teams WHERE credit_code = $1 AND review_state <> 'rejected'`, [creditCode]);
  return rows.length > 0;
}

/** checkTeamIsExist */
export async function teamExists(deps: AppDeps, input: z.output<typeof creditCodeBody>): Promise<{ exists: boolean }> {
  return { exists: await exists(deps.db, input.creditCode.trim().toUpperCase()) };
}

export interface TeamLoginRefusal {
  captchaRequired: boolean;
}

/** The team login: credit code and password under the password throttle (services/passwords.ts):
 * the slider check once the account has had a few wrong passwords from anywhere, a lockout only
 * of the address that guessed. Unreviewed and rejected teams log in (to see why); they cannot buy. */
export async function loginTeam(deps: AppDeps, username: string, password: string, captchaToken: string | undefined, ip: string): Promise<{ teamId: number }> {
  const creditCode = username.trim().toUpperCase();
  const now = deps.clock();
  await refuseLockedOut(deps.db, creditCode, ip, now);
  if ((await captchaNeeded(deps.db, creditCode, now)) && !(captchaToken && (await consumeToken(deps.db, captchaToken, now)))) {
    throw fail(TEAM_TEXTS.captchaNeeded, 500, { captchaRequired: true } satisfies TeamLoginRefusal);
  }
  const [team] = await deps.db.query<{ id: number; password_hash: string }>('SELECT id, password_hash FROM teams WHERE credit_code = $1', [creditCode]);
  if (!(await passwordMatches(team?.password_hash ?? null, password))) {
    await recordWrongPassword(deps.db, creditCode, ip, now);
    throw fail(TEAM_TEXTS.wrongPassword, 500, { captchaRequired: await captchaNeeded(deps.db, creditCode, now) } satisfies TeamLoginRefusal);
  }
  return { teamId: team.id };
}

/** The columns of a team that the team and the staff both see, and their reading. */
export interface TeamSummaryRow {
  id: number;
  team_name: string;
  team_type: number;
  credit_code: string;
  contact_name: string;
  contact_phone: string;
  address: string;
  email: string | null;
  review_state: 'pending' | 'approved' | 'rejected';
  review_reason: string | null;
  frozen: boolean;
}

export const summaryOf = (r: TeamSummaryRow): TeamSummary => ({
  teamId: r.id,
  teamName: r.team_name,
  teamType: teamTypeColumn(r.team_type),
  creditCode: r.credit_code,
  contactName: r.contact_name,
  contactPhone: r.contact_phone,
  address: r.address,
  email: r.email,
});

interface TeamRow extends TeamSummaryRow {
  frozen_reason: string | null;
  /** Set with the reasons the bookings freeze a team for (teamFreezing.ts); a staff reason stays as typed. */
  frozen_reason_en: string | null;
  credit_expires_on: string | null;
  protocol_expires_on: string | null;
}

const VERIFIED = { approved: 1, pending: 0, rejected: 2 } as const;

export async function teamInfo(deps: AppDeps, teamId: number, lang: Lang = 'zh'): Promise<{ team: TeamInfo }> {
  const [t] = await deps.db.query<TeamRow>(
    `SELECT id, team_name, team_type, credit_code, contact_name, contact_phone, address, email, review_state, review_reason, frozen, frozen_reason, frozen_reason_en,
            to_char(credit_expires_on, 'YYYY-MM-DD') AS credit_expires_on, to_char(protocol_expires_on, 'YYYY-MM-DD') AS protocol_expires_on
       FROM teams WHERE id = $1`,
    [teamId],
  );
  if (!t) throw fail(TEAM_TEXTS.notFound, 401);
  return {
    team: {
      ...summaryOf(t),
      contactPhone: maskPhone(t.contact_phone),
      status: t.frozen ? 1 : 0,
      frozenReason: t.frozen && t.frozen_reason !== null ? frozenReasonIn(lang, t.frozen_reason, t.frozen_reason_en) : null,
      verifiedStatus: VERIFIED[t.review_state],
      reviewReason: t.review_reason,
      creditExpiresOn: t.credit_expires_on,
      protocolExpiresOn: t.protocol_expires_on,
      teamRunTimeStatus: teamRunTimeStatus(t.credit_expires_on, t.protocol_expires_on, museumDate(deps.clock())),
    },
  };
}

/** A text message to the team's contact mobile, in the language the team registered in.
 * Sent after the decision has committed: it stands even when the gateway is down, and the
 * team sees it in its centre. */
export async function notifyTeam(deps: AppDeps, teamId: number, text: Text): Promise<void> {
  const [t] = await deps.db.query<{ contact_phone: string; lang: unknown }>('SELECT contact_phone, lang FROM teams WHERE id = $1', [teamId]);
  if (!t) return;
  await deps.providers.sms
    .send({ phone: t.contact_phone, text: text[teamLangColumn(t.lang)], code: '', sentAt: deps.clock().getTime() })
    .catch(() => undefined);
}

/** updateTeamPassword */
export async function changeTeamPassword(deps: AppDeps, teamId: number, input: z.output<typeof teamPasswordBody>): Promise<null> {
  const refused = checkNewPassword(input.password, input.confirmPassword);
  if (refused) throw fail(refused);
  const [team] = await deps.db.query<{ password_hash: string }>('SELECT password_hash FROM teams WHERE id = $1', [teamId]);
  if (!team) throw fail(TEAM_TEXTS.notFound, 401);
  if (!(await passwordMatches(team.password_hash, input.oldPassword))) throw fail(TEAM_TEXTS.oldPassword);
  if (input.password === input.oldPassword) throw fail(TEAM_TEXTS.samePassword);
  // Every session of the team ends, this one too: a leaked token stops working with the old password.
  await deps.db.query('UPDATE teams SET password_hash = $2, token_version = token_version + 1 WHERE id = $1', [teamId, await hashPassword(input.password)]);
  return null;
}

/** getBackTeamPasswordApply: a code to the contact mobile the team registered, then the new
 * password; a wrong pair is refused without telling which half is wrong. The lockout is lifted,
 * and every session of the team ends. */
export async function recoverTeamPassword(deps: AppDeps, input: z.output<typeof passwordRecoveryBody>, ip: string): Promise<null> {
  const refused = checkNewPassword(input.password, input.confirmPassword);
  if (refused) throw fail(refused);
  const creditCode = input.creditCode.trim().toUpperCase();
  const phone = input.contactPhone.trim();
  // The code first: only the phone's owner learns whether the pair matches.
  await verifyCode(deps, phone, input.code, ip);
  const [team] = await deps.db.query<{ id: number }>('SELECT id FROM teams WHERE credit_code = $1 AND contact_phone = $2', [creditCode, phone]);
  if (!team) throw fail(TEAM_TEXTS.recoveryMismatch);
  await deps.db.tx(async (q) => {
    await q.query('UPDATE teams SET password_hash = $2, token_version = token_version + 1 WHERE id = $1', [team.id, await hashPassword(input.password)]);
    await q.query('DELETE FROM wrong_passwords WHERE credit_code = $1', [creditCode]);
  });
  return null;
}

/** updateTeamInfo and updateTeamContacterInfo: the team's own details, every rule again. */
export async function updateTeamDetails(deps: AppDeps, teamId: number, change: Partial<TeamDetails>): Promise<{ team: TeamInfo }> {
  const [t] = await deps.db.query<{ address: string; email: string | null; contact_name: string }>(
    'SELECT address, email, contact_name FROM teams WHERE id = $1',
    [teamId],
  );
  if (!t) throw fail(TEAM_TEXTS.notFound, 401);
  const details = { address: t.address, email: t.email ?? '', contactName: t.contact_name, ...change };
  const refused = checkTeamDetails(details);
  if (refused) throw fail(refused);
  await deps.db.query('UPDATE teams SET address = $2, email = $3, contact_name = $4 WHERE id = $1', [
    teamId,
    details.address.trim(),
    details.email.trim() || null,
    details.contactName.trim(),
  ]);
  return teamInfo(deps, teamId);
}
