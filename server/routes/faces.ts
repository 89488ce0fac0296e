/** docs/product.md §7 "Face" (checkFace, bundling, deleteFace: a visitor's own portraits) and the helper
 * /ingore/ocr/baidu (certificate recognition, no login like the upload it reads). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as answers from '../../src/domain/answers.ts';
import { bundlingBody, faceUrlQuery, ocrBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';
import { bindFace, checkFace, deleteFace, readCertificate } from '../services/faces.ts';
import { account, answer } from './kit.ts';

export const faceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const visitor = { config: { auth: 'individual' as const } };
  app.get('/system/collection/checkFace', { ...visitor, schema: { querystring: faceUrlQuery, response: answer(answers.faceChecked) } }, async (req) =>
    ok(req, await checkFace(deps, account(req).userId, req.query.url)),
  );
  app.post('/system/collection/bundling', { ...visitor, schema: { body: bundlingBody, response: answer(answers.faceBound) } }, async (req) =>
    ok(req, await bindFace(deps, account(req).userId, req.body)),
  );
  app.get('/system/collection/deleteFace', { ...visitor, schema: { querystring: faceUrlQuery, response: answer(z.null()) } }, async (req) =>
    ok(req, await deleteFace(deps, account(req).userId, req.query.url)),
  );
  app.post('/ingore/ocr/baidu', { schema: { body: ocrBody, response: answer(answers.certificateRead) } }, async (req) =>
    ok(req, await readCertificate(deps, req.body.url, req.body.teacherName)),
  );
};
