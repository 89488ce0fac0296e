/** docs/product.md §7 "Accounts" and "Helpers" for group accounts: registration, the credit-code check,
 * uploads. (The team login is POST /login, in routes/accounts.ts.) */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementUploadsBody,
  creditCodeBody,
  oneUploadBody,
  passwordRecoveryBody,
  teamContactBody,
  teamIdBody,
  teamInfoBody,
  teamPasswordBody,
  teamPhoneBody,
  requestKindBody,
  teamRegisterBody,
} from '../../src/domain/contracts.ts';
import { IMAGE_MAX_BYTES } from '../../src/domain/limits.ts';
import { UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';
import { changeTeamPassword, recoverTeamPassword, registerTeam, teamExists, updateTeamDetails } from '../services/teams.ts';
import { myRequests, requestAllowed, requestFreeBookingsBack, requestPhoneChange, submitRequest, teamFreezeStatus } from '../services/teamRequests.ts';
import { saveUpload, UPLOAD_TEXTS } from '../services/uploads.ts';
import * as answers from '../../src/domain/answers.ts';
import { account, answer, clientIp } from './kit.ts';

export const teamRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/ingore/teamRegister', { schema: { body: teamRegisterBody, response: answer(answers.teamRegistered) } }, async (req) =>
    ok(req, await registerTeam(deps, req.body, clientIp(req), langOf(req))),
  );

  app.post('/system/user/updateTeamPassword', { config: { auth: 'team' }, schema: { body: teamPasswordBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await changeTeamPassword(deps, account(req).userId, req.body)),
  );

  app.post('/system/user/ingore/getBackTeamPasswordApply', { schema: { body: passwordRecoveryBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await recoverTeamPassword(deps, req.body, clientIp(req))),
  );

  app.post('/system/user/updateTeamInfo', { config: { auth: 'team' }, schema: { body: teamInfoBody, response: answer(answers.teamInfo) } }, async (req) =>
    ok(req, await updateTeamDetails(deps, account(req).userId, req.body)),
  );
  app.post(
    '/system/user/updateTeamContacterInfo',
    { config: { auth: 'team' }, schema: { body: teamContactBody, response: answer(answers.teamInfo) } },
    async (req) => ok(req, await updateTeamDetails(deps, account(req).userId, req.body)),
  );

  // Requests to the staff, and whether the team may book.
  const asks = { config: { auth: 'team' as const } };
  app.post('/system/user/freeAccountApply', { ...asks, schema: { body: oneUploadBody, response: answer(answers.teamRequest) } }, async (req) =>
    ok(req, await submitRequest(deps, account(req).userId, 'unfreeze', [req.body.uploadId])),
  );
  app.post('/system/user/restoreTeamFreeOrderApply', { ...asks, schema: { body: oneUploadBody, response: answer(answers.teamRequest) } }, async (req) =>
    ok(req, await requestFreeBookingsBack(deps, account(req).userId, req.body.uploadId)),
  );
  app.post('/system/user/updateTeamCredit', { ...asks, schema: { body: oneUploadBody, response: answer(answers.teamRequest) } }, async (req) =>
    ok(req, await submitRequest(deps, account(req).userId, 'credit', [req.body.uploadId])),
  );
  app.post('/system/user/updateTeamProtocol', { ...asks, schema: { body: agreementUploadsBody, response: answer(answers.teamRequest) } }, async (req) =>
    ok(req, await submitRequest(deps, account(req).userId, 'protocol', req.body.uploadIds)),
  );
  app.post('/system/user/updateTeamContacterMobile', { ...asks, schema: { body: teamPhoneBody, response: answer(answers.teamRequest) } }, async (req) =>
    ok(req, await requestPhoneChange(deps, account(req).userId, req.body, clientIp(req))),
  );
  app.post('/system/user/validateRenewSubmitApply', { ...asks, schema: { body: requestKindBody, response: answer(answers.requestAllowed) } }, async (req) =>
    ok(req, await requestAllowed(deps, account(req).userId, req.body.kind, langOf(req))),
  );
  app.get('/system/user/teamRequests', { ...asks, schema: { response: answer(answers.teamRequests) } }, async (req) =>
    ok(req, await myRequests(deps, account(req).userId)),
  );
  app.post('/system/user/checkTeamFreezeById', { ...asks, schema: { body: teamIdBody, response: answer(answers.teamFreezeStatus) } }, async (req) =>
    ok(req, await teamFreezeStatus(deps, account(req).userId, req.body.teamId, langOf(req))),
  );

  app.post('/system/user/ingore/checkTeamIsExist', { schema: { body: creditCodeBody, response: answer(answers.teamExists) } }, async (req) =>
    ok(req, await teamExists(deps, req.body)),
  );

  // One image per request, as multipart/form-data field `file`; a byte over the limit refuses it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    uploads.post('/common/ingore/upload', { schema: { response: answer(answers.uploaded) } }, async (req) => {
      if (!req.isMultipart()) throw fail(UPLOAD_TEXTS.missing);
      const file = await req.file();
      if (!file) throw fail(UPLOAD_TEXTS.missing);
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) throw fail(UPLOAD_MESSAGES.size);
      return ok(req, await saveUpload(deps, bytes, clientIp(req)));
    });
  });
};
