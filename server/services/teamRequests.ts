/** What a team asks the staff for after registration (docs/product.md §4 "Team freezing and
 * restrictions", §7): unfreezing with a stamped explanation (freeAccountApply), a renewed
 * credit certificate (updateTeamCredit), a renewed agreement (updateTeamProtocol), a new
 * contact mobile (updateTeamContacterMobile, docs/product.md §8 "phone differs"), a school's
 * free bookings restored (restoreTeamFreeOrderApply: its unfreezing); the staff decide,
 * freeze a team with a reason, and the team hears it by text message. */
import type { z } from 'zod';
import { audit } from './audit.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import type { freezeBody, requestReviewBody, teamPhoneBody } from '../../src/domain/contracts.ts';
import {
  checkPhoneChange,
  checkRequestReview,
  needsAgreement,
  REQUEST_REFUSALS,
  requestRefusal,
  teamBookingBlock,
  TEAM_TYPES,
  type TeamRequestKind,
  type UploadRequestKind,
} from '../../src/domain/team.ts';
import { checkStaffFreeze, staffFreezeReason } from '../../src/domain/teamFreezing.ts';
import { fill, type Lang, type Text } from '../../src/domain/text.ts';
import type { TeamRequest } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';
import { verifyCode } from './login.ts';
import { notifyTeam, TEAM_TEXTS, teamInfo } from './teams.ts';
import { uploadRowId } from './uploads.ts';
import { teamTypeColumn } from '../db/columns.ts';

export const REQUEST_TEXTS = {
  samePhone: { zh: '新手机号码与当前联系人手机相同', en: 'The new mobile number is the contact mobile already' },
  requestNotFound: { zh: '申请不存在', en: 'The request does not exist' },
  reviewed: { zh: '该申请已审核，请刷新列表', en: 'This request has been reviewed already; please refresh the list' },
  approvedSms: { zh: '【科技馆】您的{what}申请已通过。', en: '[Science Museum] Your {what} request is approved.' },
  rejectedSms: { zh: '【科技馆】您的{what}申请未通过，原因：{reason}。', en: '[Science Museum] Your {what} request was not approved: {reason}.' },
  frozenSms: {
    zh: '【科技馆】您的团体账号已被冻结，原因：{reason}。可上传加盖公章的情况说明申请解冻。',
    en: '[Science Museum] Your group account is frozen: {reason}. Upload a stamped explanation to ask for unfreezing.',
  },
} satisfies Record<string, Text>;

const KIND_NAMES: Record<TeamRequestKind, Text> = {
  unfreeze: { zh: '解冻', en: 'unfreezing' },
  credit: { zh: '证书更新', en: 'certificate renewal' },
  protocol: { zh: '协议更新', en: 'agreement renewal' },
  phone: { zh: '联系人手机变更', en: 'contact mobile change' },
};

/** Why the team may not send a request of `kind` now (validateRenewSubmitApply), or null. */
async function refusalFor(deps: AppDeps, teamId: number, kind: TeamRequestKind): Promise<Text | null> {
  const { team } = await teamInfo(deps, teamId);
  const [open] = await deps.db.query("SELECT 1 FROM team_requests WHERE team_id = $1 AND kind = $2 AND state = 'pending'", [teamId, kind]);
  return requestRefusal(team, kind, open !== undefined);
}

export async function requestAllowed(deps: AppDeps, teamId: number, kind: TeamRequestKind, lang: Lang) {
  const refused = await refusalFor(deps, teamId, kind);
  return { allowed: refused === null, message: refused ? refused[lang] : null };
}

/** A team's request with its images: one of a kind at a time; the kind must make sense for the team now. */
export async function submitRequest(deps: AppDeps, teamId: number, kind: UploadRequestKind, uploadIds: string[]): Promise<TeamRequest> {
  const refused = await refusalFor(deps, teamId, kind);
  if (refused) throw fail(refused);
  return insertRequest(deps, teamId, kind, async (q) => {
    const uploads = [];
    for (const uploadId of uploadIds) uploads.push(await uploadRowId(q, uploadId));
    return { upload_id: uploads[0], upload2_id: uploads[1] ?? null, new_phone: null };
  });
}

/** restoreTeamFreeOrderApply: a frozen school asks to have its free bookings back (its pupils
 * book free, and the freeze stopped that). It is the school's way of asking to be unfrozen,
 * with the same stamped explanation: one unfreeze request to the staff, whichever path sent it
 * (docs/product.md §4.10). Other groups have no free bookings to restore. */
export async function requestFreeBookingsBack(deps: AppDeps, teamId: number, uploadId: string): Promise<TeamRequest> {
  const { team } = await teamInfo(deps, teamId);
  if (team.teamType !== TEAM_TYPES.school) throw fail(REQUEST_REFUSALS.notSchool);
  return submitRequest(deps, teamId, 'unfreeze', [uploadId]);
}

/** A new contact mobile, proved by the code sent to it; it replaces the registered one when the staff approve. */
export async function requestPhoneChange(deps: AppDeps, teamId: number, input: z.output<typeof teamPhoneBody>, ip: string): Promise<TeamRequest> {
  const phone = input.phone.trim();
  const bad = checkPhoneChange({ phone, code: input.code });
  if (bad) throw fail(bad);
  const refused = await refusalFor(deps, teamId, 'phone');
  if (refused) throw fail(refused);
  const [current] = await deps.db.query<{ contact_phone: string }>('SELECT contact_phone FROM teams WHERE id = $1', [teamId]);
  if (current?.contact_phone === phone) throw fail(REQUEST_TEXTS.samePhone);
  await verifyCode(deps, phone, input.code, ip);
  return insertRequest(deps, teamId, 'phone', async () => ({ upload_id: null, upload2_id: null, new_phone: phone }));
}

interface RequestWhat {
  upload_id: number | null;
  upload2_id: number | null;
  new_phone: string | null;
}

async function insertRequest(deps: AppDeps, teamId: number, kind: TeamRequestKind, what: (q: Queryable) => Promise<RequestWhat>): Promise<TeamRequest> {
  const now = deps.clock();
  const id = await deps.db.tx(async (q) => {
    const w = await what(q);
    const rows = await q.query<{ id: number }>(
      `INSERT INTO team_requests (team_id, kind, upload_id, upload2_id, new_phone, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (team_id, kind) WHERE state = 'pending' DO NOTHING RETURNING id`,
      [teamId, kind, w.upload_id, w.upload2_id, w.new_phone, now],
    );
    if (rows.length === 0) throw fail(REQUEST_REFUSALS.pending);
    return rows[0].id;
  });
  return (await requestsWhere(deps.db, 'r.id = $1', [id]))[0];
}

const REQUEST_SELECT = `SELECT r.id, r.team_id, t.team_name, t.team_type, t.credit_code, r.kind, r.state, r.review_reason, r.new_phone,
    to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time,
    u1.token AS upload1, u2.token AS upload2
  FROM team_requests r JOIN teams t ON t.id = r.team_id LEFT JOIN uploads u1 ON u1.id = r.upload_id LEFT JOIN uploads u2 ON u2.id = r.upload2_id`;

interface RequestRow {
  id: number;
  team_id: number;
  team_name: string;
  team_type: number;
  credit_code: string;
  kind: TeamRequestKind;
  state: TeamRequest['state'];
  review_reason: string | null;
  new_phone: string | null;
  create_time: string;
  upload1: string | null;
  upload2: string | null;
}

async function requestsWhere(q: Queryable, where: string, params: unknown[]): Promise<TeamRequest[]> {
  const rows = await q.query<RequestRow>(`${REQUEST_SELECT} WHERE ${where} ORDER BY r.created_at, r.id`, params);
  return rows.map((r) => ({
    requestId: r.id,
    teamId: r.team_id,
    teamName: r.team_name,
    teamType: teamTypeColumn(r.team_type),
    creditCode: r.credit_code,
    kind: r.kind,
    state: r.state,
    reviewReason: r.review_reason,
    createTime: r.create_time,
    uploadIds: [r.upload1, r.upload2].filter((u) => u !== null),
    newPhone: r.new_phone,
  }));
}

/** The team's own requests, newest first. */
export async function myRequests(deps: AppDeps, teamId: number): Promise<TeamRequest[]> {
  return (await requestsWhere(deps.db, 'r.team_id = $1', [teamId])).reverse();
}

/** checkTeamFreezeById: whether the team may book now, and why not. A team asks about itself only. */
export async function teamFreezeStatus(deps: AppDeps, teamId: number, askedFor: number, lang: Lang) {
  if (askedFor !== teamId) throw fail(REQUEST_TEXTS.requestNotFound);
  const { team } = await teamInfo(deps, teamId, lang);
  const block = teamBookingBlock(team);
  return {
    frozen: team.status === 1,
    frozenReason: team.frozenReason,
    canBook: block === null,
    message: block ? block[lang] : null,
    // An agency whose agreement expired books at the public prices (docs/product.md §4).
    discounts: needsAgreement(team.teamType) ? team.teamRunTimeStatus.protocolStatus === 1 : true,
  };
}

/** The staff's list of requests in one state, oldest first. */
export async function requestsForReview(deps: AppDeps, state: TeamRequest['state']): Promise<TeamRequest[]> {
  return requestsWhere(deps.db, 'r.state = $1', [state]);
}

/** Approve (unfreeze; or set the renewed document's expiry date, after today) or reject with a reason. */
export async function reviewRequest(deps: AppDeps, staffId: number, requestId: number, input: z.output<typeof requestReviewBody>): Promise<TeamRequest> {
  const reason = input.reason?.trim() ?? '';
  const now = deps.clock();
  const request = await deps.db.tx(async (q) => {
    const [r] = await lockRows(q, 'team_requests', { id: requestId }, ['team_id', 'kind', 'state']);
    if (!r) throw fail(REQUEST_TEXTS.requestNotFound);
    if (r.state !== 'pending') throw fail(REQUEST_TEXTS.reviewed);
    const refused = checkRequestReview(r.kind, input, museumDate(now));
    if (refused) throw fail(refused);
    await q.query('UPDATE team_requests SET state = $2, review_reason = $3, reviewed_at = $4, reviewed_by = $5 WHERE id = $1', [
      requestId,
      input.approve ? 'approved' : 'rejected',
      input.approve ? null : reason,
      now,
      staffId,
    ]);
    await audit(q, staffId, input.approve ? 'approveRequest' : 'rejectRequest', `request:${requestId}`, { team: r.team_id, kind: r.kind }, now);
    if (input.approve) {
      if (r.kind === 'unfreeze') await q.query('UPDATE teams SET frozen = false, frozen_reason = NULL, frozen_reason_en = NULL WHERE id = $1', [r.team_id]);
      if (r.kind === 'credit') await q.query('UPDATE teams SET credit_expires_on = $2 WHERE id = $1', [r.team_id, input.expiresOn]);
      if (r.kind === 'protocol') await q.query('UPDATE teams SET protocol_expires_on = $2 WHERE id = $1', [r.team_id, input.expiresOn]);
      if (r.kind === 'phone') {
        await q.query('UPDATE teams SET contact_phone = r.new_phone FROM team_requests r WHERE teams.id = $1 AND r.id = $2', [r.team_id, requestId]);
      }
    }
    return r;
  });
  const what = KIND_NAMES[request.kind];
  await notifyTeam(deps, request.team_id, input.approve ? fill(REQUEST_TEXTS.approvedSms, { what }) : fill(REQUEST_TEXTS.rejectedSms, { what, reason }));
  return (await requestsWhere(deps.db, 'r.id = $1', [requestId]))[0];
}

/** The staff freeze a team with a reason from the list and a note: kept in both languages, so
 * the team reads it in its own, and told by text message in the team's language. */
export async function freezeTeam(deps: AppDeps, staffId: number, teamId: number, input: z.output<typeof freezeBody>): Promise<null> {
  const refused = checkStaffFreeze(input.kind, input.reason);
  if (refused) throw fail(refused);
  const reason = staffFreezeReason(input.kind, input.reason);
  await deps.db.tx(async (q) => {
    const rows = await q.query('UPDATE teams SET frozen = true, frozen_reason = $2, frozen_reason_en = $3 WHERE id = $1 RETURNING id', [
      teamId,
      reason.zh,
      reason.en,
    ]);
    if (rows.length === 0) throw fail(TEAM_TEXTS.noSuchTeam);
    await audit(q, staffId, 'freezeTeam', `team:${teamId}`, { kind: input.kind, note: input.reason.trim() }, deps.clock());
  });
  await notifyTeam(deps, teamId, fill(REQUEST_TEXTS.frozenSms, { reason }));
  return null;
}
