/** The staff console's calls (ours): its own login and token, the review of registrations. */
import type { z } from 'zod';
import type {
  applyTemplateBody,
  templateBody,
  checkInBody,
  collectBody,
  gateSyncBody,
  freezeBody,
  requestReviewBody,
  reviewBody,
  staffInvoicesQuery,
  staffLoginBody,
  staffTeamsQuery,
  windowPaymentBody,
} from '../domain/contracts.ts';
import type { QueueFigures } from '../domain/queueFigures.ts';
import type {
  ApplyReport,
  CallOffPreview,
  CallOffProgress,
  FailedRefund,
  GateAnswer,
  InvoiceSummary,
  Page,
  SessionTemplates,
  StaffDay,
  StaffInvoice,
  StaffSettings,
  TeamForReview,
  TeamRequest,
  WindowOrder,
} from '../domain/types.ts';
import type { ApplyRequest, TemplateDraft } from '../domain/sessionTemplates.ts';
import type { DayChange } from '../domain/staffDay.ts';
import type { GateDay, GateQueueItem, GateSyncAnswer } from '../domain/gateOffline.ts';
import type { SettingsChange } from '../domain/staffSettings.ts';
import type { StaffRole } from '../domain/staffRoles.ts';
import { call } from './client.ts';
import { getToken } from './session.ts';
import { saveBlob } from './download.ts';

type In<S extends z.ZodType> = z.input<S>;
const staff = { as: 'staff' as const, silent: true };

export const staffLogin = (username: string, password: string) =>
  call<{ token: string }>('/staff/login', {
    method: 'post',
    json: { username, password } satisfies In<typeof staffLoginBody>,
    anonymous: true,
    silent: true,
  }).then((d) => d.token);

export const getStaffMe = () => call<{ username: string; role: StaffRole }>('/staff/me', staff);

/** A gate's check-in at its hall: a scanned QR, or an order number typed in. */
export const gateCheckIn = (body: In<typeof checkInBody>) => call<GateAnswer>('/staff/gate/checkIn', { ...staff, method: 'post', json: body });

/** A paper ticket or wristband handed out, recorded (docs/product.md §4.1). */
export const gateCollect = (body: In<typeof collectBody>) => call<GateAnswer>('/staff/gate/collect', { ...staff, method: 'post', json: body });

/** The day's tickets of a gate's hall, for its offline list. */
export const getGateDay = (hallId: number) => call<GateDay>('/staff/gate/day', { ...staff, searchParams: { hallId } });

/** The check-ins a gate made offline, in order. */
export const gateSync = (queue: GateQueueItem[]) =>
  call<GateSyncAnswer>('/staff/gate/sync', {
    ...staff,
    method: 'post',
    json: { items: queue.map((item) => ({ id: item.id, hallId: item.hallId, gateId: item.gateId, scannedAt: item.scannedAt, ...item.code })) } satisfies In<
      typeof gateSyncBody
    >,
  });

export const getStaffDay = (date: string) => call<StaffDay>('/staff/day', { ...staff, searchParams: { date } });
/** The day's waiting room, read every 2 s while shown (a failed read is shown on its card, as every staff call, silently). */
export const getStaffQueue = (date: string) => call<QueueFigures>('/staff/queue', { ...staff, searchParams: { date } });

/** What calling a session off would do, the call itself, and its progress per order. */
export const getCallOffPreview = (scheduleId: number) => call<CallOffPreview>('/staff/sessions/callOff', { ...staff, searchParams: { scheduleId } });
export const callOffSession = (body: { scheduleId: number; reasonZh: string; reasonEn: string }) =>
  call<CallOffProgress>('/staff/sessions/callOff', { ...staff, method: 'post', json: body });
export const getCallOffProgress = (scheduleId: number) => call<CallOffProgress>('/staff/sessions/callOff/progress', { ...staff, searchParams: { scheduleId } });

/** Refunds the payment platform refused: waiting, or settled by hand; sent again, or settled with a note. */
export const getFailedRefunds = (settled: boolean) =>
  call<FailedRefund[]>('/staff/refunds/failed', { ...staff, searchParams: { settled: settled ? '1' : '0' } });
export const retryRefund = (refundId: number) => call<null>(`/staff/refunds/${refundId}/retry`, { ...staff, method: 'post', json: {} });
export const settleRefund = (refundId: number, note: string) => call<null>(`/staff/refunds/${refundId}/settle`, { ...staff, method: 'post', json: { note } });

/** One change of a museum day, sent to its route. */
export const changeStaffDay = (change: DayChange) => {
  const { kind, ...body } = change;
  const paths = { stop: '/staff/sessions/stop', capacity: '/staff/sessions/capacity', close: '/staff/days/close', release: '/staff/days/release' } as const;
  const path = paths[kind];
  return call<null>(path, { ...staff, method: 'post', json: body });
};

/** The day's figures as a CSV file, downloaded with the staff token. */
export async function downloadDayCsv(date: string, language: 'zh_cn' | 'en_us'): Promise<void> {
  const res = await fetch(`/prod-api/staff/day.csv?date=${encodeURIComponent(date)}`, {
    headers: { authorization: `Bearer ${getToken('staff') ?? ''}`, language },
  });
  if (!res.ok) throw new Error(res.statusText);
  saveBlob(await res.blob(), `museum-${date}.csv`);
}

export const getSessionTemplates = () => call<SessionTemplates>('/staff/templates', staff);

export const saveSessionTemplate = (draft: TemplateDraft) =>
  call<{ templateId: number }>('/staff/templates', { ...staff, method: 'post', json: draft satisfies In<typeof templateBody> });

/** What applying a template would make (`apply` false), or making it. */
export const applySessionTemplate = (request: ApplyRequest, apply: boolean) =>
  call<ApplyReport>(apply ? '/staff/templates/apply' : '/staff/templates/preview', {
    ...staff,
    method: 'post',
    json: request satisfies In<typeof applyTemplateBody>,
  });

export const getStaffSettings = () => call<StaffSettings>('/staff/settings', staff);

/** One setting saved: a config key, or a text in both languages. */
export const saveStaffSetting = (change: SettingsChange) =>
  change.kind === 'config'
    ? call<null>('/staff/settings/config', { ...staff, method: 'post', json: { key: change.key, value: change.value } })
    : call<{ zh: string; en: string }>('/staff/settings/text', { ...staff, method: 'post', json: { name: change.name, zh: change.zh, en: change.en } });

export const getTeamsForReview = (state: 'pending' | 'approved' | 'rejected', pageNum = 1, pageSize = 20) =>
  call<Page<TeamForReview>>('/staff/teams', { ...staff, searchParams: { state, pageNum, pageSize } satisfies In<typeof staffTeamsQuery> });

export const getTeamForReview = (teamId: number) => call<TeamForReview>(`/staff/teams/${teamId}`, staff);

export const reviewTeam = (teamId: number, review: In<typeof reviewBody>) =>
  call<TeamForReview>(`/staff/teams/${teamId}/review`, { ...staff, method: 'post', json: review });

/** A document's image as an object URL: images need the staff token, which an <img> cannot send. */
export async function documentImageUrl(uploadId: string): Promise<string> {
  const res = await fetch(`/prod-api/staff/uploads/${encodeURIComponent(uploadId)}`, {
    headers: { authorization: `Bearer ${getToken('staff') ?? ''}` },
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) throw new Error(res.statusText);
  return URL.createObjectURL(await res.blob());
}

export const getRequestsForReview = () => call<TeamRequest[]>('/staff/requests', { ...staff, searchParams: { state: 'pending' } });

export const reviewRequest = (requestId: number, decision: In<typeof requestReviewBody>) =>
  call<TeamRequest>(`/staff/requests/${requestId}/review`, { ...staff, method: 'post', json: decision });

export const freezeTeam = (teamId: number, freeze: In<typeof freezeBody>) =>
  call<null>(`/staff/teams/${teamId}/freeze`, { ...staff, method: 'post', json: freeze });

/** A window payer's order by its number, and its money taken at the window (docs/product.md §4). */
export const getWindowOrder = (orderNumber: string) => call<WindowOrder>('/staff/orders/window', { ...staff, searchParams: { orderNumber } });

export const takeWindowPayment = (body: In<typeof windowPaymentBody>) =>
  call<{ orderId: number; status: 'completed' }>('/staff/orders/windowPayment', { ...staff, method: 'post', json: body });

/** Finance's invoices: by state, one in full, issued; an issued one's PDF saved. */
export const getStaffInvoices = (state: 'requested' | 'issued' | 'flagged', pageNum = 1, pageSize = 50) =>
  call<Page<InvoiceSummary>>('/staff/invoices', { ...staff, searchParams: { state, pageNum, pageSize } satisfies In<typeof staffInvoicesQuery> });

export const getStaffInvoice = (invoiceId: number) => call<StaffInvoice>(`/staff/invoices/${invoiceId}`, staff);

export const issueInvoice = (invoiceId: number) => call<StaffInvoice>(`/staff/invoices/${invoiceId}/issue`, { ...staff, method: 'post' });

export async function downloadStaffInvoicePdf(invoiceId: number, invoiceNumber: string): Promise<void> {
  saveBlob(await call<Blob>(`/staff/invoices/${invoiceId}/pdf`, { as: 'staff', file: true }), `invoice-${invoiceNumber}.pdf`);
}
