/** SPEC §7 "Accounts": the login (a visitor's phone code, a team's credit code and password),
 * user and team info, logout. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { fail, langOf, ok } from '../http.ts';
import { account, clientIp } from './kit.ts';
import { loginBody } from '../../src/domain/contracts.ts';
import { loginWithCode } from '../services/login.ts';
import { loginTeam, teamInfo } from '../services/teams.ts';
import { signToken } from '../auth.ts';
import { maskPhone } from '../../src/domain/certificates.ts';
import type { User } from '../../src/domain/types.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const loginAnswer = answer(z.union([answers.loginAnswer, answers.teamLoginRefusal]));
  app.post('/login', { config: { auth: 'none' }, schema: { body: loginBody, response: loginAnswer } }, async (req) => {
    const body = req.body;
    const sign = (id: number, kind: 'individual' | 'team') => signToken(app.tokenSecret, id, kind, deps.clock(), deps.config.tokenTtlSeconds);
    if ('username' in body) {
      const { teamId } = await loginTeam(deps, body.username, body.password, body.captchaToken, clientIp(req));
      return ok(req, { token: await sign(teamId, 'team') });
    }
    const { userId } = await loginWithCode(deps, body.phone.trim(), body.code, clientIp(req));
    return ok(req, { token: await sign(userId, 'individual') });
  });

  app.get('/getUserInfoToIndividual', { config: { auth: 'individual' }, schema: { response: answer(answers.userInfo) } }, async (req) => {
    const { userId } = account(req);
    const [u] = await deps.db.query<{ id: number; user_name: string; bind_status: number; phone: string }>(
      'SELECT id, user_name, bind_status, phone FROM users WHERE id = $1',
      [userId],
    );
    if (!u) throw fail({ zh: '用户不存在，请重新登录', en: 'The user does not exist; please log in again' }, 401);
    const user: User = { userId: u.id, userName: u.user_name, userType: 1, bindStatus: u.bind_status === 1 ? 1 : 0, phone: maskPhone(u.phone) };
    return ok(req, { user });
  });

  app.get('/getUserInfoToTeam', { config: { auth: 'team' }, schema: { response: answer(answers.teamInfo) } }, async (req) =>
    ok(req, await teamInfo(deps, account(req).userId, langOf(req))),
  );

  app.post('/logout', { schema: { response: answer(z.null()) } }, async (req) => {
    const { jti, exp } = account(req);
    await deps.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [jti, new Date(exp * 1000)]);
    return ok(req, null);
  });
};
