/** The staff console's API (ours; docs/product.md §6 "staff-side roles: not shown"): a staff login of its
 * own, and the review of group registrations. Staff tokens reach these routes only. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyTemplateBody,
  dayReleaseBody,
  templateBody,
  cancelQuery,
  capacityBody,
  checkInBody,
  collectBody,
  gateDayQuery,
  gateSyncBody,
  closeDayBody,
  configBody,
  textBody,
  freezeBody,
  staffDayQuery,
  stopSessionBody,
  idParam,
  windowPaymentBody,
  requestReviewBody,
  reviewBody,
  staffLoginBody,
  staffTeamsQuery,
  callOffBody,
  callOffQuery,
  settleRefundBody,
} from '../../src/domain/contracts.ts';
import { text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';
import { listTeams, loginStaff, reviewTeam, staffMe, teamForReview, uploadImage } from '../services/staff.ts';
import { takeWindowPayment, windowOrder } from '../services/windowPayments.ts';
import { collectTickets } from '../services/collection.ts';
import { checkIn } from '../services/gate.ts';
import { gateDay, syncGate } from '../services/gateOffline.ts';
import { closeDay, setCapacity, staffDay, staffDayCsv, stopSession } from '../services/staffDay.ts';
import { saveConfig, saveText, staffSettings } from '../services/staffSettings.ts';
import { importSeatMap, saveHall, savePrice, staffHalls as listHalls, staffPrices as listPrices } from '../services/catalogueEditor.ts';
import { hallEdit, priceEdit, staffHalls, staffPrices } from '../../src/domain/catalogueRules.ts';
import { filmFields, posterAnswer, staffFilms } from '../../src/domain/films.ts';
import { packageEdit, staffPackages } from '../../src/domain/packageEdits.ts';
import { IMAGE_MAX_BYTES } from '../../src/domain/limits.ts';
import { UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import { saveFilm, savePoster, staffFilms as listFilms } from '../services/films.ts';
import { savePackage, staffPackages as listPackages } from '../services/packageEditor.ts';
import { UPLOAD_TEXTS } from '../services/uploads.ts';
import { couponBatchEdit, staffCouponBatches } from '../../src/domain/couponBatches.ts';
import { batchCsv, createBatch, listBatches, stopBatch } from '../services/couponBatches.ts';
import { faqEdit, noticeEdit, staffContent } from '../../src/domain/contentRules.ts';
import { deleteContent, saveFaq, saveNotice, staffContent as listContent } from '../services/contentEditor.ts';
import { applyTemplate, saveTemplate, sessionTemplates, setDayRelease } from '../services/sessionTemplates.ts';
import { freezeTeam, requestsForReview, reviewRequest } from '../services/teamRequests.ts';
import * as answers from '../../src/domain/answers.ts';
import type { StaffAbility } from '../../src/domain/staffRoles.ts';
import { callOffProgressOf, callOffSession, previewCallOff } from '../services/callOff.ts';
import { listFailedRefunds, retryRefund, settleRefund } from '../services/refundDesk.ts';
import { account, answer, clientIp } from './kit.ts';

/** A staff route and what it does: the roles that may call it (src/domain/staffRoles.ts). */
const may = (staffAbility: StaffAbility) => ({ config: { auth: 'staff' as const, staffAbility } });

export const staffRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/staff/login', { config: { auth: 'none' }, schema: { body: staffLoginBody, response: answer(answers.loginAnswer) } }, async (req) => {
    const { staffId } = await loginStaff(deps, req.body.username, req.body.password, clientIp(req));
    return ok(req, { token: await app.signIn(staffId, 'staff') });
  });

  // Who is logged in and in which role: the console opens at the role's work.
  app.get('/staff/me', { config: { auth: 'staff' }, schema: { response: answer(answers.staffMe) } }, async (req) =>
    ok(req, await staffMe(deps, account(req).userId)),
  );
  app.get('/staff/teams', { ...may('review'), schema: { querystring: staffTeamsQuery, response: answer(answers.teamsForReview) } }, async (req) =>
    ok(req, await listTeams(deps, req.query, langOf(req))),
  );
  app.get('/staff/teams/:id', { ...may('review'), schema: { params: idParam, response: answer(answers.teamForReview) } }, async (req) =>
    ok(req, await teamForReview(deps, req.params.id, langOf(req))),
  );
  app.post(
    '/staff/teams/:id/review',
    { ...may('review'), schema: { params: idParam, body: reviewBody, response: answer(answers.teamForReview) } },
    async (req) => ok(req, await reviewTeam(deps, account(req).userId, req.params.id, req.body, langOf(req))),
  );

  // A window payer's order looked up by its number, and its money taken at the window (docs/product.md §4).
  app.get('/staff/orders/window', { ...may('takePayment'), schema: { querystring: cancelQuery, response: answer(answers.windowOrder) } }, async (req) =>
    ok(req, await windowOrder(deps, req.query.orderNumber, langOf(req))),
  );
  app.post('/staff/orders/windowPayment', { ...may('takePayment'), schema: { body: windowPaymentBody, response: answer(answers.windowPaid) } }, async (req) =>
    ok(req, await takeWindowPayment(deps, account(req).userId, req.body)),
  );

  const requestsQuery = z.object({ state: z.enum(['pending', 'approved', 'rejected']).default('pending') });
  app.get('/staff/requests', { ...may('review'), schema: { querystring: requestsQuery, response: answer(answers.teamRequests) } }, async (req) =>
    ok(req, await requestsForReview(deps, req.query.state)),
  );
  app.post(
    '/staff/requests/:id/review',
    { ...may('review'), schema: { params: idParam, body: requestReviewBody, response: answer(answers.teamRequest) } },
    async (req) => ok(req, await reviewRequest(deps, account(req).userId, req.params.id, req.body)),
  );
  app.post('/staff/teams/:id/freeze', { ...may('review'), schema: { params: idParam, body: freezeBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await freezeTeam(deps, account(req).userId, req.params.id, req.body)),
  );

  // Gate check-in at a hall today: a ticket's QR, or an order number (a group at once).
  app.post('/staff/gate/checkIn', { ...may('checkIn'), schema: { body: checkInBody, response: answer(answers.gateAnswer) } }, async (req) =>
    ok(req, await checkIn(deps, account(req).userId, req.body, langOf(req))),
  );

  // A paper ticket or wristband handed out at a hall's window or gate, for a QR or an order number.
  app.post('/staff/gate/collect', { ...may('checkIn'), schema: { body: collectBody, response: answer(answers.gateAnswer) } }, async (req) =>
    ok(req, await collectTickets(deps, account(req).userId, req.body, langOf(req))),
  );

  // The day's tickets of a gate's hall (digests, masked names) for its offline list, and the
  // check-ins it made offline, synced once each.
  app.get('/staff/gate/day', { ...may('checkIn'), schema: { querystring: gateDayQuery, response: answer(answers.gateDay) } }, async (req) =>
    ok(req, await gateDay(deps, req.query.hallId, langOf(req))),
  );
  app.post('/staff/gate/sync', { ...may('checkIn'), schema: { body: gateSyncBody, response: answer(answers.gateSyncAnswer) } }, async (req) =>
    ok(req, await syncGate(deps, account(req).userId, req.body, langOf(req))),
  );

  // A museum day: its sessions with the day's figures (and as CSV); stop, capacity, close.
  app.get('/staff/day', { ...may('figures'), schema: { querystring: staffDayQuery, response: answer(answers.staffDay) } }, async (req) =>
    ok(req, await staffDay(deps, req.query.date, langOf(req))),
  );
  app.get('/staff/day.csv', { ...may('figures'), schema: { querystring: staffDayQuery } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="museum-${req.query.date}.csv"`)
      .send(await staffDayCsv(deps, req.query.date, langOf(req))),
  );
  app.post('/staff/sessions/stop', { ...may('operate'), schema: { body: stopSessionBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await stopSession(deps, account(req).userId, req.body)),
  );
  app.post('/staff/sessions/capacity', { ...may('operate'), schema: { body: capacityBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await setCapacity(deps, account(req).userId, req.body)),
  );
  // Calling a session off for good (docs/product.md §2.7): what it will do, the call, its progress per order.
  app.get('/staff/sessions/callOff', { ...may('operate'), schema: { querystring: callOffQuery, response: answer(answers.callOffPreview) } }, async (req) =>
    ok(req, await previewCallOff(deps, req.query.scheduleId, langOf(req))),
  );
  app.post('/staff/sessions/callOff', { ...may('operate'), schema: { body: callOffBody, response: answer(answers.callOffProgress) } }, async (req) =>
    ok(req, await callOffSession(deps, account(req).userId, req.body, langOf(req))),
  );
  app.get(
    '/staff/sessions/callOff/progress',
    { ...may('operate'), schema: { querystring: callOffQuery, response: answer(answers.callOffProgress) } },
    async (req) => ok(req, await callOffProgressOf(deps, req.query.scheduleId, langOf(req))),
  );

  // Refunds the platform refused: listed (waiting, or settled by hand), retried, settled with a note.
  const failedQuery = z.object({ settled: z.enum(['0', '1']).default('0') });
  app.get('/staff/refunds/failed', { ...may('refunds'), schema: { querystring: failedQuery, response: answer(answers.failedRefunds) } }, async (req) =>
    ok(req, await listFailedRefunds(deps, req.query.settled === '1')),
  );
  app.post('/staff/refunds/:id/retry', { ...may('refunds'), schema: { params: idParam, response: answer(z.null()) } }, async (req) =>
    ok(req, await retryRefund(deps, account(req).userId, req.params.id)),
  );
  app.post('/staff/refunds/:id/settle', { ...may('refunds'), schema: { params: idParam, body: settleRefundBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await settleRefund(deps, account(req).userId, req.params.id, req.body.note)),
  );
  app.post('/staff/days/close', { ...may('operate'), schema: { body: closeDayBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await closeDay(deps, account(req).userId, req.body, langOf(req))),
  );

  // Session templates: every hall's, saved, applied to days with a release time (previewed first).
  app.get('/staff/templates', { ...may('operate'), schema: { response: answer(answers.sessionTemplates) } }, async (req) =>
    ok(req, await sessionTemplates(deps, langOf(req))),
  );
  app.post(
    '/staff/templates',
    { ...may('operate'), schema: { body: templateBody, response: answer(z.object({ templateId: z.number().int() })) } },
    async (req) => ok(req, await saveTemplate(deps, account(req).userId, req.body)),
  );
  app.post('/staff/templates/preview', { ...may('operate'), schema: { body: applyTemplateBody, response: answer(answers.applyReport) } }, async (req) =>
    ok(req, await applyTemplate(deps, account(req).userId, req.body, langOf(req), false)),
  );
  app.post('/staff/templates/apply', { ...may('operate'), schema: { body: applyTemplateBody, response: answer(answers.applyReport) } }, async (req) =>
    ok(req, await applyTemplate(deps, account(req).userId, req.body, langOf(req), true)),
  );
  app.post('/staff/days/release', { ...may('operate'), schema: { body: dayReleaseBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await setDayRelease(deps, account(req).userId, req.body)),
  );

  // The settings staff own: config keys (validated) and texts (sanitized).
  app.get('/staff/settings', { ...may('operate'), schema: { response: answer(answers.staffSettings) } }, async (req) =>
    ok(req, await staffSettings(deps, langOf(req))),
  );
  app.post('/staff/settings/config', { ...may('operate'), schema: { body: configBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await saveConfig(deps, account(req).userId, req.body)),
  );
  app.post(
    '/staff/settings/text',
    { ...may('operate'), schema: { body: textBody, response: answer(z.object({ zh: z.string(), en: z.string() })) } },
    async (req) => ok(req, await saveText(deps, account(req).userId, req.body)),
  );

  // The catalogue: halls and their booking rules, each hall's ticket types and prices
  // (docs/product.md §2.8); an admin's only, checked by src/domain/catalogueRules.ts.
  const priceParams = z.object({ id: idParam.shape.id, priceId: idParam.shape.id });
  app.get('/staff/catalogue/halls', { ...may('operate'), schema: { response: answer(staffHalls) } }, async (req) => ok(req, await listHalls(deps)));
  app.post('/staff/catalogue/halls', { ...may('operate'), schema: { body: hallEdit, response: answer(z.object({ hallId: z.number().int() })) } }, async (req) =>
    ok(req, await saveHall(deps, account(req).userId, null, req.body)),
  );
  app.post(
    '/staff/catalogue/halls/:id',
    { ...may('operate'), schema: { params: idParam, body: hallEdit, response: answer(z.object({ hallId: z.number().int() })) } },
    async (req) => ok(req, await saveHall(deps, account(req).userId, req.params.id, req.body)),
  );
  // A dome's seat map from a spreadsheet's CSV (src/domain/seatMap.ts), for a script as for a person.
  const seatMapBody = z.strictObject({ csv: z.string().max(100_000) });
  app.post(
    '/staff/catalogue/halls/:id/seatMap',
    { ...may('operate'), schema: { params: idParam, body: seatMapBody, response: answer(z.object({ hallId: z.number().int() })) } },
    async (req) => ok(req, await importSeatMap(deps, account(req).userId, req.params.id, req.body.csv)),
  );
  app.get('/staff/catalogue/halls/:id/prices', { ...may('operate'), schema: { params: idParam, response: answer(staffPrices) } }, async (req) =>
    ok(req, await listPrices(deps, req.params.id)),
  );
  app.post(
    '/staff/catalogue/halls/:id/prices',
    { ...may('operate'), schema: { params: idParam, body: priceEdit, response: answer(z.object({ ticketPriceId: z.number().int() })) } },
    async (req) => ok(req, await savePrice(deps, account(req).userId, req.params.id, null, req.body)),
  );
  app.post(
    '/staff/catalogue/halls/:id/prices/:priceId',
    { ...may('operate'), schema: { params: priceParams, body: priceEdit, response: answer(z.object({ ticketPriceId: z.number().int() })) } },
    async (req) => ok(req, await savePrice(deps, account(req).userId, req.params.id, req.params.priceId, req.body)),
  );

  // The dome's films (docs/product.md §2.8), checked by src/domain/films.ts; a poster is uploaded
  // first (multipart field `file`, one image) and its answered path goes into the film.
  app.get('/staff/catalogue/films', { ...may('operate'), schema: { response: answer(staffFilms) } }, async (req) => ok(req, await listFilms(deps)));
  const filmSaved = answer(z.object({ filmId: z.number().int() }));
  app.post('/staff/catalogue/films', { ...may('operate'), schema: { body: filmFields, response: filmSaved } }, async (req) =>
    ok(req, await saveFilm(deps, account(req).userId, null, req.body)),
  );
  app.post('/staff/catalogue/films/:id', { ...may('operate'), schema: { params: idParam, body: filmFields, response: filmSaved } }, async (req) =>
    ok(req, await saveFilm(deps, account(req).userId, req.params.id, req.body)),
  );
  await app.register(async (posters) => {
    await posters.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    posters.post('/staff/catalogue/films/poster', { ...may('operate'), schema: { response: answer(posterAnswer) } }, async (req) => {
      const file = req.isMultipart() ? await req.file() : undefined;
      if (!file) throw fail(UPLOAD_TEXTS.missing);
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) throw fail(UPLOAD_MESSAGES.size);
      return ok(req, await savePoster(deps, account(req).userId, bytes));
    });
  });
  // Packages (docs/product.md §2.8): admission and a dome film at one price, checked by
  // src/domain/packageEdits.ts; listed with the halls their parts may be of.
  app.get('/staff/catalogue/packages', { ...may('operate'), schema: { response: answer(staffPackages) } }, async (req) => ok(req, await listPackages(deps)));
  const packageSaved = answer(z.object({ packageId: z.number().int() }));
  app.post('/staff/catalogue/packages', { ...may('operate'), schema: { body: packageEdit, response: packageSaved } }, async (req) =>
    ok(req, await savePackage(deps, account(req).userId, null, req.body)),
  );
  app.post('/staff/catalogue/packages/:id', { ...may('operate'), schema: { params: idParam, body: packageEdit, response: packageSaved } }, async (req) =>
    ok(req, await savePackage(deps, account(req).userId, req.params.id, req.body)),
  );
  // Coupon batches (docs/product.md §2.10): listed, made with their codes, stopped; the codes as CSV.
  app.get('/staff/coupons/batches', { ...may('operate'), schema: { response: answer(staffCouponBatches) } }, async (req) => ok(req, await listBatches(deps)));
  app.post(
    '/staff/coupons/batches',
    { ...may('operate'), schema: { body: couponBatchEdit, response: answer(z.object({ batchId: z.number().int() })) } },
    async (req) => ok(req, await createBatch(deps, account(req).userId, req.body)),
  );
  app.post('/staff/coupons/batches/:id/stop', { ...may('operate'), schema: { params: idParam, response: answer(z.null()) } }, async (req) =>
    ok(req, await stopBatch(deps, account(req).userId, req.params.id)),
  );
  app.get('/staff/coupons/batches/:id/codes.csv', { ...may('operate'), schema: { params: idParam } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="coupons-${req.params.id}.csv"`)
      .send(await batchCsv(deps, req.params.id, langOf(req))),
  );

  // Notices and FAQs (docs/product.md §2.11): listed, written, changed, taken down.
  const noticeId = answer(z.object({ noticeId: z.number().int() }));
  const faqId = answer(z.object({ faqId: z.number().int() }));
  app.get('/staff/content', { ...may('operate'), schema: { response: answer(staffContent) } }, async (req) => ok(req, await listContent(deps)));
  app.post('/staff/content/notices', { ...may('operate'), schema: { body: noticeEdit, response: noticeId } }, async (req) =>
    ok(req, await saveNotice(deps, account(req).userId, null, req.body)),
  );
  app.post('/staff/content/notices/:id', { ...may('operate'), schema: { params: idParam, body: noticeEdit, response: noticeId } }, async (req) =>
    ok(req, await saveNotice(deps, account(req).userId, req.params.id, req.body)),
  );
  app.post('/staff/content/notices/:id/delete', { ...may('operate'), schema: { params: idParam, response: answer(z.null()) } }, async (req) =>
    ok(req, await deleteContent(deps, account(req).userId, 'notice', req.params.id)),
  );
  app.post('/staff/content/faqs', { ...may('operate'), schema: { body: faqEdit, response: faqId } }, async (req) =>
    ok(req, await saveFaq(deps, account(req).userId, null, req.body)),
  );
  app.post('/staff/content/faqs/:id', { ...may('operate'), schema: { params: idParam, body: faqEdit, response: faqId } }, async (req) =>
    ok(req, await saveFaq(deps, account(req).userId, req.params.id, req.body)),
  );
  app.post('/staff/content/faqs/:id/delete', { ...may('operate'), schema: { params: idParam, response: answer(z.null()) } }, async (req) =>
    ok(req, await deleteContent(deps, account(req).userId, 'faq', req.params.id)),
  );

  // The image itself, not the envelope: the console shows it (fetched with the staff token).
  const uploadParam = z.object({ uploadId: text().min(1).max(64) });
  app.get('/staff/uploads/:uploadId', { ...may('review'), schema: { params: uploadParam } }, async (req, reply) => {
    const image = await uploadImage(deps, req.params.uploadId);
    return reply.type(image.mime).header('cache-control', 'private, no-store').send(image.bytes);
  });
};
