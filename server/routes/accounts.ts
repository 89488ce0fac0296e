/** docs/product.md §7 "Accounts": the login (a visitor's phone code, a team's credit code and password),
 * user and team info, logout. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account, clientIp } from './kit.ts';
import { emailBody, loginBody, phoneCodeBody } from '../../src/domain/contracts.ts';
import { bindEmail, changePhone, unbindEmail, userInfo } from '../services/account.ts';
import { accountConsequences, cancelAccount } from '../services/accountCancel.ts';
import { loginWithCode } from '../services/login.ts';
import { loginTeam, teamInfo } from '../services/teams.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const loginAnswer = answer(z.union([answers.loginAnswer, answers.teamLoginRefusal]));
  app.post('/login', { config: { auth: 'none' }, schema: { body: loginBody, response: loginAnswer } }, async (req) => {
    const body = req.body;
    if ('username' in body) {
      const { teamId } = await loginTeam(deps, body.username, body.password, body.captchaToken, clientIp(req));
      return ok(req, { token: await app.signIn(teamId, 'team') });
    }
    const { userId } = await loginWithCode(deps, body.phone.trim(), body.code, clientIp(req));
    return ok(req, { token: await app.signIn(userId, 'individual') });
  });

  app.get('/getUserInfoToIndividual', { config: { auth: 'individual', bindFree: true }, schema: { response: answer(answers.userInfo) } }, async (req) =>
    ok(req, await userInfo(deps, account(req).userId)),
  );

  // The visitor's own account (personalCenter): phone, e-mail, cancellation.
  const visitor = { config: { auth: 'individual' as const } };
  app.post('/system/user/changePhoneNumber', { ...visitor, schema: { body: phoneCodeBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await changePhone(deps, account(req).userId, req.body, clientIp(req))),
  );
  app.post('/system/user/bindUserEmail', { ...visitor, schema: { body: emailBody, response: answer(z.null()) } }, async (req) =>
    ok(req, await bindEmail(deps, account(req).userId, req.body)),
  );
  // GET as docs/product.md §7 has it; the bearer token (never a cookie the browser sends by itself) keeps
  // a link elsewhere from unbinding anything.
  app.get('/system/user/unBindUserEmail', { ...visitor, schema: { response: answer(z.null()) } }, async (req) =>
    ok(req, await unbindEmail(deps, account(req).userId)),
  );
  // docs/product.md §7 names GET cancelCustomerAccount without inputs: it answers what a cancellation
  // would do; the cancellation itself is a POST confirmed with the account's phone and a code.
  app.get('/cancelCustomerAccount', { ...visitor, schema: { response: answer(answers.cancelConsequences) } }, async (req) =>
    ok(req, await accountConsequences(deps, account(req).userId)),
  );
  app.post('/cancelCustomerAccount', { ...visitor, schema: { body: phoneCodeBody, response: answer(answers.accountCancelled) } }, async (req) =>
    ok(req, await cancelAccount(deps, account(req).userId, req.body, clientIp(req))),
  );

  app.get('/getUserInfoToTeam', { config: { auth: 'team' }, schema: { response: answer(answers.teamInfo) } }, async (req) =>
    ok(req, await teamInfo(deps, account(req).userId, langOf(req))),
  );

  app.post('/logout', { config: { bindFree: true }, schema: { response: answer(z.null()) } }, async (req) => {
    const { jti, exp } = account(req);
    await deps.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [jti, new Date(exp * 1000)]);
    return ok(req, null);
  });
};
