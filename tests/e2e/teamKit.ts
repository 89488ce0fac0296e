/** A group account for a spec that is not about registering one: registered over the API with
 * its code and documents (small pictures; a travel agency's agreement too), approved by the staff, and logged in. */
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { needsAgreement, type TeamType } from '../../src/domain/team.ts';
import { staffCalls } from './catalogueKit.ts';
import { newCreditCode } from './helpers.ts';
import { data } from './orderKit.ts';

export interface NewTeam {
  phone: string;
  /** Where the spec reads the code sent to `phone` (the dev outbox, or an SMS gateway). */
  codeFor: (phone: string) => Promise<string>;
  teamType: TeamType;
  /** The team's name, before the four digits that keep each run's apart. */
  name: string;
  contactName: string;
  password: string;
  /** The staff member who approves it. */
  reviewer?: { username: string; password: string };
}

/** Logs a team in with its password and keeps the token the way the app does (its cookie), for
 * a spec whose subject comes after the login; answers the token. */
export async function loginTeam(page: Page, team: { creditCode: string; password: string }): Promise<string> {
  const login = await page.request.post('/prod-api/login', { data: { username: team.creditCode, password: team.password } });
  const { token } = await data<{ token: string }>(login);
  await page.context().addCookies([{ name: 'ticket_token_team', value: token, url: new URL('/', login.url()).href }]);
  return token;
}

/** Registers and approves the team, and logs it in over the API; answers its login name and token. */
export async function registerApprovedTeam(api: APIRequestContext, team: NewTeam): Promise<{ creditCode: string; token: string }> {
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const upload = async () =>
    (
      await data<{ uploadId: string }>(
        await api.post('/prod-api/common/ingore/upload', { multipart: { file: { name: 'doc.png', mimeType: 'image/png', buffer: picture } } }),
      )
    ).uploadId;
  const creditCode = newCreditCode();
  await data(await api.post('/prod-api/ingore/sendMessage', { data: { phone: team.phone } }));
  const { teamId } = await data<{ teamId: number }>(
    await api.post('/prod-api/ingore/teamRegister', {
      data: {
        teamName: `${team.name}${creditCode.slice(-5, -1)}`,
        teamType: team.teamType,
        contactName: team.contactName,
        contactPhone: team.phone,
        code: await team.codeFor(team.phone),
        creditCode,
        address: '科技路2号',
        password: team.password,
        confirmPassword: team.password,
        creditUpload: await upload(),
        agreementUploads: needsAgreement(team.teamType) ? [await upload(), await upload()] : [],
        letterUpload: await upload(),
      },
    }),
  );
  const reviewer = team.reviewer ?? { username: 'staff', password: 'Museum2026' };
  await (
    await staffCalls(api, reviewer.username, reviewer.password)
  ).post(`/staff/teams/${teamId}/review`, {
    approve: true,
    creditExpiresOn: '2031-06-30',
    ...(needsAgreement(team.teamType) ? { protocolExpiresOn: '2031-06-30' } : {}),
  });
  const { token } = await data<{ token: string }>(await api.post('/prod-api/login', { data: { username: creditCode, password: team.password } }));
  return { creditCode, token };
}
