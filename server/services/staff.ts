/** The museum staff's review console (issue: group accounts): staff log in with their own
 * accounts, list registrations, look at the uploaded documents, approve or reject. The team
 * hears the result by text message either way. */
import type { z } from 'zod';
import { lockRows } from '../db/locks.ts';
import type { StaffRole } from '../../src/domain/staffRoles.ts';
import { audit } from './audit.ts';
import type { AppDeps } from '../context.ts';
import { fail, MSG } from '../http.ts';
import type { reviewBody, staffTeamsQuery } from '../../src/domain/contracts.ts';
import { checkReview, needsAgreement } from '../../src/domain/team.ts';
import { fill, type Lang, type Text } from '../../src/domain/text.ts';
import type { Page, TeamDocumentKind, TeamForReview } from '../../src/domain/types.ts';
import { passwordMatches, recordWrongPassword, refuseLockedOut, STAFF_KEY } from './passwords.ts';
import { notifyTeam, summaryOf, TEAM_TEXTS, type TeamSummaryRow } from './teams.ts';
import { museumDate } from '../time.ts';
import { teamTypeColumn } from '../db/columns.ts';
import { frozenReasonIn } from '../../src/domain/teamFreezing.ts';

export const STAFF_TEXTS = {
  wrongPassword: { zh: '用户名或密码错误', en: 'Username or password is incorrect' },
  reviewed: { zh: '该注册已审核，请刷新列表', en: 'This registration has been reviewed already; please refresh the list' },
  uploadNotFound: { zh: '文件不存在', en: 'The file does not exist' },
  approvedSms: {
    zh: '【科技馆】您的团体账号“{name}”已通过审核，请使用统一社会信用代码登录预约。',
    en: '[Science Museum] Your group account "{name}" is approved: log in with your credit code to book.',
  },
  rejectedSms: {
    zh: '【科技馆】您的团体账号“{name}”未通过审核，原因：{reason}。请修改后重新提交。',
    en: '[Science Museum] Your group account "{name}" was not approved: {reason}. Please correct it and register again.',
  },
} satisfies Record<string, Text>;

/** The console's login: the password throttle per address (services/passwords.ts), without the slider. */
export async function loginStaff(deps: AppDeps, username: string, password: string, ip: string): Promise<{ staffId: number }> {
  const key = `${STAFF_KEY}${username.trim()}`;
  const now = deps.clock();
  await refuseLockedOut(deps.db, key, ip, now);
  const [staff] = await deps.db.query<{ id: number; password_hash: string }>('SELECT id, password_hash FROM staff_users WHERE username = $1', [
    username.trim(),
  ]);
  if (!(await passwordMatches(staff?.password_hash ?? null, password))) {
    await recordWrongPassword(deps.db, key, ip, now);
    throw fail(STAFF_TEXTS.wrongPassword);
  }
  return { staffId: staff.id };
}

export async function staffMe(deps: AppDeps, staffId: number): Promise<{ username: string; role: StaffRole }> {
  const [me] = await deps.db.query<{ username: string; role: StaffRole }>('SELECT username, role FROM staff_users WHERE id = $1', [staffId]);
  if (!me) throw fail(MSG.unauthorized, 401);
  return me;
}

const TEAM_SELECT = `SELECT t.id, t.team_name, t.team_type, t.credit_code, t.contact_name, t.contact_phone, t.address, t.email,
    t.review_state, t.review_reason, t.frozen, t.frozen_reason, t.frozen_reason_en, to_char(t.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time,
    coalesce((SELECT json_agg(json_build_object('kind', d.kind, 'uploadId', u.token) ORDER BY d.kind)
                FROM team_documents d JOIN uploads u ON u.id = d.upload_id WHERE d.team_id = t.id), '[]') AS documents
  FROM teams t`;

interface TeamRow extends TeamSummaryRow {
  frozen_reason: string | null;
  /** Null only for a staff reason typed before the reasons were chosen from a list. */
  frozen_reason_en: string | null;
  create_time: string;
  documents: Array<{ kind: TeamDocumentKind; uploadId: string }> | string;
}

/** The team as the console shows it, its freeze reason in the reader's language. */
const view = (r: TeamRow, lang: Lang): TeamForReview => ({
  ...summaryOf(r),
  reviewState: r.review_state,
  reviewReason: r.review_reason,
  frozen: r.frozen,
  frozenReason: r.frozen_reason === null ? null : frozenReasonIn(lang, r.frozen_reason, r.frozen_reason_en),
  createTime: r.create_time,
  // PGlite and pg both parse json, but a driver may hand it over as text.
  documents: typeof r.documents === 'string' ? (JSON.parse(r.documents) as TeamForReview['documents']) : r.documents,
});

/** Registrations in one review state, oldest first (the order they are worked through). */
export async function listTeams(deps: AppDeps, query: z.output<typeof staffTeamsQuery>, lang: Lang): Promise<Page<TeamForReview>> {
  const rows = await deps.db.query<TeamRow>(`${TEAM_SELECT} WHERE t.review_state = $1 ORDER BY t.created_at, t.id LIMIT $2 OFFSET $3`, [
    query.state,
    query.pageSize,
    (query.pageNum - 1) * query.pageSize,
  ]);
  const [{ n }] = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams WHERE review_state = $1', [query.state]);
  return { rows: rows.map((r) => view(r, lang)), total: n };
}

export async function teamForReview(deps: AppDeps, teamId: number, lang: Lang): Promise<TeamForReview> {
  const [row] = await deps.db.query<TeamRow>(`${TEAM_SELECT} WHERE t.id = $1`, [teamId]);
  if (!row) throw fail(TEAM_TEXTS.noSuchTeam);
  return view(row, lang);
}

/** An image a team sent the staff (a registration's document, a request's), for the console only. */
export async function uploadImage(deps: AppDeps, uploadId: string): Promise<{ mime: string; bytes: Buffer }> {
  const [row] = await deps.db.query<{ mime: string; bytes: Buffer | Uint8Array }>(
    `SELECT u.mime, u.bytes FROM uploads u WHERE u.token = $1 AND (
       EXISTS (SELECT 1 FROM team_documents d WHERE d.upload_id = u.id)
       OR EXISTS (SELECT 1 FROM team_requests r WHERE u.id IN (r.upload_id, r.upload2_id)))`,
    [uploadId],
  );
  if (!row) throw fail(STAFF_TEXTS.uploadNotFound);
  return { mime: row.mime, bytes: Buffer.from(row.bytes) };
}

/** Approve (with the documents' expiry dates) or reject (with a reason); once per registration. */
export async function reviewTeam(deps: AppDeps, staffId: number, teamId: number, input: z.output<typeof reviewBody>, lang: Lang): Promise<TeamForReview> {
  const reason = input.reason?.trim() ?? '';
  const now = deps.clock();
  const team = await deps.db.tx(async (q) => {
    const [t] = await lockRows(q, 'teams', { id: teamId }, ['team_type', 'review_state', 'team_name']);
    if (!t) throw fail(TEAM_TEXTS.noSuchTeam);
    if (t.review_state !== 'pending') throw fail(STAFF_TEXTS.reviewed);
    const refused = checkReview(input, teamTypeColumn(t.team_type), museumDate(now));
    if (refused) throw fail(refused);
    await q.query(
      `UPDATE teams SET review_state = $2, review_reason = $3, reviewed_at = $4, reviewed_by = $5,
              credit_expires_on = $6, protocol_expires_on = $7 WHERE id = $1`,
      [
        teamId,
        input.approve ? 'approved' : 'rejected',
        input.approve ? null : reason,
        now,
        staffId,
        input.approve ? input.creditExpiresOn : null,
        input.approve && needsAgreement(teamTypeColumn(t.team_type)) ? input.protocolExpiresOn : null,
      ],
    );
    await audit(q, staffId, input.approve ? 'approveTeam' : 'rejectTeam', `team:${teamId}`, input.approve ? null : { reason }, now);
    return t;
  });
  const text = input.approve ? fill(STAFF_TEXTS.approvedSms, { name: team.team_name }) : fill(STAFF_TEXTS.rejectedSms, { name: team.team_name, reason });
  await notifyTeam(deps, teamId, text);
  return teamForReview(deps, teamId, lang);
}
